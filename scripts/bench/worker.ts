/**
 * The benchmark's Worker: the API-only Worker with its bindings wrapped to count what Cloudflare bills (rows
 * written by ingest to D1 and to station objects), plus bench-only calls that exist here and nowhere else.
 */
import worker from '../lib/api-worker';
import { rollUpChangedStations } from '../../worker/domain/telemetry/rollup';
import { pushPendingRules } from '../../worker/domain/alarms/rules';
import { count, sql } from 'drizzle-orm';
import { contextOf } from '../../worker/context';
import { alarms } from '../../worker/db/schema';
import { stationOf } from '../../worker/station/directory';
import type { IngestOutcome } from '../../worker/objects/station-core';

const counters = { batches: 0, objectRows: 0, d1Rows: 0 };

// Forwards every property of a binding but the one method it replaces; methods are called on the binding
// itself (RPC stubs cannot be re-bound).
function wrap<T extends object>(target: T, name: string, replacement: unknown): T {
  return new Proxy(target, {
    get(t, prop) {
      if (prop === name) return replacement;
      const value = Reflect.get(t, prop);
      return typeof value === 'function' ? (...args: unknown[]) => Reflect.apply(value, t, args) : value;
    },
  });
}

function countingEnv(env: Cloudflare.Env): Cloudflare.Env {
  const db = wrap(env.DB, 'batch', async (statements: D1PreparedStatement[]) => {
    const results = await env.DB.batch(statements);
    counters.d1Rows += results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);
    return results;
  });
  const station = wrap(env.STATION, 'get', (id: DurableObjectId) => {
    const stub = env.STATION.get(id);
    return wrap(stub, 'ingest', async (...args: Parameters<typeof stub.ingest>) => {
      const outcome = (await stub.ingest(...args)) as IngestOutcome;
      counters.batches++;
      counters.objectRows += outcome.rowsWritten;
      counters.d1Rows += outcome.d1RowsWritten;
      return outcome;
    });
  });
  return { ...env, DB: db, STATION: station };
}

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
    if (url.pathname === '/bench/rollup') {
      const started = performance.now();
      const run = await rollUpChangedStations(context);
      return Response.json({ ms: performance.now() - started, run });
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
      const result = await context.db.run(sql`SELECT count(*) AS stats FROM daily_stats`);
      return Response.json({ bytes: result.meta.size_after, stats: (result.results[0] as { stats: number }).stats });
    }
    if (url.pathname === '/bench/raw-month') {
      // A station-month of raw readings, as an archive to R2 would hold it (columnar, every point).
      const series = await stationOf(env, Number(url.searchParams.get('id'))).readings(
        Number(url.searchParams.get('start')),
        Number(url.searchParams.get('end')),
        Number.MAX_SAFE_INTEGER,
      );
      return Response.json(series);
    }
    if (url.pathname === '/bench/figures') {
      const ids = (url.searchParams.get('ids') ?? '').split(',').map(Number);
      return Response.json(await Promise.all(ids.map((id) => stationOf(env, id).figures())));
    }
    return worker.fetch(request, countingEnv(env), ctx);
  },
} satisfies ExportedHandler<Cloudflare.Env>;

export { StationCore } from '../../worker/objects/station-core';
export { LiveWatcher } from '../../worker/objects/live-watcher';
export { RollupRunner } from '../../worker/objects/rollup-runner';
export { ShareLink } from '../../worker/objects/share-link';
