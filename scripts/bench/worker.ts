/**
 * The counting benchmark's Worker: the API-only Worker with its D1 binding and station objects wrapped to count what
 * Cloudflare bills (rows written, as D1 and the objects' SQLite report them), plus bench-only calls that exist here
 * and nowhere else. Timings are taken on the production build instead (scripts/lib/preview.ts); this Worker counts.
 */
import worker from '../lib/api-worker';
import { pushPendingRules } from '../../worker/domain/alarms/rules';
import { count } from 'drizzle-orm';
import { contextOf } from '../../worker/context';
import { rollupSize } from '../../worker/db/daily-stats';
import { alarms } from '../../worker/db/schema';
import { foldOldDays, reconcileAllStations } from '../../worker/rollup/cron';
import { stationOf } from '../../worker/station/directory';
import type { IngestOutcome } from '../../worker/station/object';

/** Rows written since the last `/bench/counters`: by ingest in the objects, and by the Worker's own D1 statements. */
const counters = { batches: 0, objectRows: 0, d1Rows: 0 };

// Forwards every property of a binding but the ones it replaces; methods are called on the binding itself (RPC stubs
// cannot be re-bound).
function wrap<T extends object>(target: T, replaced: Record<string, unknown>): T {
  return new Proxy(target, {
    get(t, prop) {
      if (typeof prop === 'string' && prop in replaced) return replaced[prop];
      const value = Reflect.get(t, prop);
      return typeof value === 'function' ? (...args: unknown[]) => Reflect.apply(value, t, args) : value;
    },
  });
}

const counted = (result: D1Result) => {
  counters.d1Rows += result.meta?.rows_written ?? 0;
  return result;
};
const countingStatement = (stmt: D1PreparedStatement): D1PreparedStatement =>
  wrap(stmt, {
    bind: (...values: unknown[]) => countingStatement(stmt.bind(...values)),
    run: async () => counted(await stmt.run()),
    all: async () => counted(await stmt.all()),
  });

// One wrapped env per env the runtime hands in: a new one per request would build a new database client (and its
// schema) for every request, which no deployed Worker does (worker/context.ts keeps one per env).
const countingEnvs = new WeakMap<Cloudflare.Env, Cloudflare.Env>();

function countingEnv(env: Cloudflare.Env): Cloudflare.Env {
  let known = countingEnvs.get(env);
  if (!known) countingEnvs.set(env, (known = wrappedEnv(env)));
  return known;
}

function wrappedEnv(env: Cloudflare.Env): Cloudflare.Env {
  const db = wrap(env.DB, {
    // Counts what the Worker's own statements (all in worker/db/) write; it prepares none of its own.
    // eslint-disable-next-line no-restricted-syntax
    prepare: (query: string) => countingStatement(env.DB.prepare(query)),
    batch: async (statements: D1PreparedStatement[]) => (await env.DB.batch(statements)).map(counted),
  });
  const station = wrap(env.STATION, {
    get: (id: DurableObjectId) => {
      const stub = env.STATION.get(id);
      return wrap(stub, {
        ingest: async (...args: Parameters<typeof stub.ingest>) => {
          const outcome = (await stub.ingest(...args)) as IngestOutcome;
          counters.batches++;
          counters.objectRows += outcome.rowsWritten;
          return outcome;
        },
      });
    },
  });
  return { ...env, DB: db, STATION: station };
}

const ids = (url: URL) => (url.searchParams.get('ids') ?? '').split(',').filter(Boolean).map(Number);

export default {
  ...worker,
  async fetch(request: Request, env: Cloudflare.Env, ctx: ExecutionContext) {
    const url = new URL(request.url);
    const context = contextOf(env, (work) => ctx.waitUntil(work));
    if (url.pathname === '/bench/counters') {
      const reply = Response.json({ ...counters });
      Object.assign(counters, { batches: 0, objectRows: 0, d1Rows: 0 });
      return reply;
    }
    if (url.pathname === '/bench/rollup-state') {
      // What the stations' objects say of their roll-up, once each flush under way has ended: flushes, and the rows
      // they wrote to D1 (D1's own `rows_written`) and to the object.
      const states = await Promise.all(ids(url).map((id) => stationOf(env, id).testing().rollupState()));
      const sum = (key: 'flushes' | 'd1RowsWritten' | 'objectRowsWritten') => states.reduce((n, s) => n + s[key], 0);
      return Response.json({
        flushes: sum('flushes'),
        d1RowsWritten: sum('d1RowsWritten'),
        objectRowsWritten: sum('objectRowsWritten'),
        pending: states.filter((s) => s.dueAt !== null).length,
      });
    }
    if (url.pathname === '/bench/reconcile') {
      const started = performance.now();
      const run = await reconcileAllStations(context);
      return Response.json({ ms: performance.now() - started, run });
    }
    if (url.pathname === '/bench/fold') {
      return Response.json(await foldOldDays(context, { now: Number(url.searchParams.get('now')), budgetMs: 120_000 }));
    }
    if (url.pathname === '/bench/push-rules') {
      let pushed = 0;
      for (let n = 1; n; pushed += n) n = await pushPendingRules(context, { limit: 500 });
      return Response.json({ pushed });
    }
    if (url.pathname === '/bench/alarms') {
      return Response.json((await context.db.select({ n: count() }).from(alarms))[0]);
    }
    if (url.pathname === '/bench/d1-size') {
      return Response.json(await rollupSize(context.db));
    }
    if (url.pathname === '/bench/raw-month') {
      // A station-month of raw readings, as an archive to R2 would hold it (columnar, every point).
      const series = await stationOf(env, Number(url.searchParams.get('id')))
        .reads()
        .readings(Number(url.searchParams.get('start')), Number(url.searchParams.get('end')), Number.MAX_SAFE_INTEGER);
      return Response.json(series);
    }
    if (url.pathname === '/bench/figures') {
      return Response.json(await Promise.all(ids(url).map((id) => stationOf(env, id).reads().figures())));
    }
    return worker.fetch(request, countingEnv(env), ctx);
  },
} satisfies ExportedHandler<Cloudflare.Env>;

export { StationCore } from '../../worker/station/object';
export { LiveWatcher } from '../../worker/objects/live-watcher';
export { CronRunner } from '../../worker/objects/cron-runner';
export { ShareLink } from '../../worker/objects/share-link';
