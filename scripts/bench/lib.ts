/** The bench Worker, timing, percentiles and the result table shared by the benchmark scripts. */
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { DatabaseSync } from 'node:sqlite';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, executeScript } from '../lib/d1';
import { startLocalWorker } from '../lib/local-worker';
import { startPreview } from '../lib/preview';

/**
 * The bench Worker (scripts/bench/worker.ts) under `wrangler dev` on a D1 and station objects of its own, in a
 * temporary directory seeded with `scripts` (the dev database is untouched); `stop` ends it and deletes its state.
 */
export async function benchWorker(what: string, scripts: string[], vars: Record<string, string> = {}) {
  const dir = mkdtempSync(join(tmpdir(), 'hladina-bench-'));
  console.log(`Preparing ${what} in ${dir} …`);
  applyMigrations('--local', dir);
  for (const sql of scripts) executeScript(sql, '--local', dir);
  // The bench Worker reads the roll-up's state through the objects' testing facet.
  const worker = await startLocalWorker({ entry: 'scripts/bench/worker.ts', persistTo: dir, vars: { STATION_TESTING: 'on', ...vars } });
  return {
    ...worker,
    dir,
    /** Batches and rows written since the last call, as the bench Worker counts them. */
    counters: async () =>
      (await fetch(`${worker.base}/bench/counters`)).json() as Promise<{ batches: number; objectRows: number; d1Rows: number }>,
    stop() {
      worker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const since = (t: number) => performance.now() - t;
export const percentile = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
export const ms = (x: number) => `${x.toFixed(1)} ms`;
export const count = (n: number) => Math.round(n).toLocaleString('en');

/** GETs `path` and returns the elapsed time and the body; a failure stops the benchmark. */
export async function timed(base: string, path: string, token?: string, headers: Record<string, string> = {}) {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { headers: { ...headers, ...(token ? { Authorization: `Bearer ${token}` } : {}) } });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${body.slice(0, 300)}`);
  return { elapsed: since(t), body };
}

/**
 * Runs an untimed warm-up, once more if `vite preview`'s proxy could not reach the Worker ("fetch failed"): in 2 of 14
 * runs of bench:scale the first dashboard request after the reconciliation failed so, in the proxy, and stopped the
 * whole run. Said on the console, never hidden; a timed request that fails still stops the benchmark.
 */
async function warmUp(request: () => Promise<unknown>) {
  try {
    await request();
  } catch (error) {
    if (!String(error).includes('fetch failed')) throw error;
    console.warn('The warm-up request did not reach the Worker (the local proxy: "fetch failed"); asking once more.');
    await request();
  }
}

/**
 * Times `runs` calls of a path after one warm-up; returns the times, the last reply and the median. `path` may be a
 * function of the run (a new question each time, e.g. to miss a cache).
 */
export async function sample(
  base: string,
  path: string | ((run: number) => string),
  runs: number,
  token?: string,
  headers: Record<string, string> = {},
) {
  const pathOf = typeof path === 'string' ? () => path : path;
  await warmUp(() => timed(base, pathOf(-1), token, headers));
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < runs; i++) {
    const r = await timed(base, pathOf(i), token, headers);
    times.push(r.elapsed);
    body = r.body;
  }
  return { times, body, p50: percentile(times, 50) };
}

/** Phase timings (ms) from a `Server-Timing` header: where the Worker says a request's time went. */
export const serverTimings = (header: string | null) =>
  Object.fromEntries(
    (header ?? '').split(',').flatMap((part) => {
      const [name, dur] = part.trim().split(';dur=');
      return name && dur ? [[name, Number(dur)]] : [];
    }),
  ) as Record<string, number>;

/** Posts one ingest batch with a station's token; returns how many readings were stored (and the server's timings). */
export async function postIngest(base: string, token: string, body: string, timings?: Record<string, number>[]) {
  const res = await fetch(`${base}/rest/ingest/danes`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body,
  });
  const text = await res.text();
  // An overloaded local server may answer with its own HTML error page instead of the API's JSON.
  const json = (text.startsWith('{') ? JSON.parse(text) : {}) as { data?: { accepted: number }; errors?: unknown };
  if (!json.data) throw new Error(`ingest failed: HTTP ${res.status} ${json.errors ? JSON.stringify(json.errors) : text.slice(0, 300)}`);
  timings?.push(serverTimings(res.headers.get('Server-Timing')));
  return json.data.accepted;
}

/**
 * Posts every job with `inFlight` requests at a time and returns readings stored per second, with each job's
 * readings and time (for comparing groups of jobs run side by side). Each result is added after its await, so
 * concurrent posts never lose one another's counts. A body given as a function is made when its job is sent (a
 * year of many stations does not fit in memory at once).
 */
export async function ingestRate(base: string, jobs: { token: string; body: string | (() => string) }[], inFlight: number) {
  let next = 0;
  let stored = 0;
  const timings: Record<string, number>[] = [];
  const perJob: { accepted: number; ms: number }[] = new Array(jobs.length);
  const t = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < jobs.length) {
        const index = next++;
        const started = performance.now();
        const { token, body } = jobs[index];
        const accepted = await postIngest(base, token, typeof body === 'function' ? body() : body, timings);
        perJob[index] = { accepted, ms: since(started), ...timings.at(-1) };
        stored += accepted;
      }
    }),
  );
  const seconds = since(t) / 1000;
  return { stored, seconds, rate: stored / seconds, perJob, timings };
}

/**
 * Median ms per phase of the server's timings and of the client's whole request: token, body (parse), station (lookup),
 * rows (checks), store (the object's transaction), publish, schedule, the call to the object as a whole (rpc: the rest
 * of it is the call itself and the commit), total (in the Worker) and the client's own time.
 */
export function phaseMedians(perJob: ({ ms: number } & Record<string, number>)[]) {
  const phases = ['auth', 'body', 'station', 'rows', 'store', 'publish', 'schedule', 'rpc', 'total', 'ms'];
  return Object.fromEntries(
    phases.map((phase) => [
      phase === 'ms' ? 'client' : phase,
      percentile(
        perJob.map((j) => j[phase] ?? 0),
        50,
      ),
    ]),
  );
}

export type Row = [measure: string, result: string, target: string];

export function printTable(rows: Row[]) {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'result', 'target'][i].length));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(['', line(['measure', 'result', 'target']), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
}

/**
 * The production build served by `vite preview` (scripts/lib/preview.ts) on a D1 and objects of its own in a temporary
 * directory seeded with `scripts`: what the benchmarks time. `stop` ends it and deletes its state.
 */
export async function benchPreview(what: string, scripts: string[], serve = startPreview) {
  const dir = mkdtempSync(join(tmpdir(), 'hladina-bench-'));
  console.log(`Preparing ${what} in ${dir} …`);
  applyMigrations('--local', dir);
  for (const sql of scripts) executeScript(sql, '--local', dir);
  let server = await serve(dir);
  return {
    /** Where it answers; a restart may move it. */
    get base() {
      return server.base;
    },
    cron: (expression?: string) => server.cron(expression),
    cpuSeconds: () => server.cpuSeconds(),
    dir,
    stop() {
      server.stop();
      rmSync(dir, { recursive: true, force: true });
    },
    /** Stops the server and serves the same state anew: every object is evicted, their storage and alarms kept. */
    async restart() {
      server.stop();
      server = await serve(dir);
    },
  };
}

/**
 * Rows and bytes of the roll-up's tables as SQLite lays them out in the local D1 file (`dbstat`: every page of the
 * table, its payload and the rows): what a station-day costs D1's 10 GB. Read while the server runs (read-only).
 */
export function rollupBytes(stateDir: string) {
  const folder = join(stateDir, 'v3', 'd1', 'miniflare-D1DatabaseObject');
  const file = readdirSync(folder).find((f) => f.endsWith('.sqlite') && f !== 'metadata.sqlite');
  if (!file) throw new Error(`no D1 database in ${folder}`);
  const db = new DatabaseSync(join(folder, file), { readOnly: true });
  try {
    const of = (table: string) => {
      // The local D1 file read with node:sqlite to measure it, not a statement of the Worker's.
      // eslint-disable-next-line no-restricted-syntax
      const { pages, payload } = db
        .prepare('SELECT sum(pgsize) AS pages, sum(payload) AS payload FROM dbstat WHERE name = ?')
        .get(table) as { pages: number; payload: number };
      // eslint-disable-next-line no-restricted-syntax
      const { rows } = db.prepare(`SELECT count(*) AS rows FROM ${table}`).get() as { rows: number };
      return { rows, pages, payload, perRow: rows ? pages / rows : 0, payloadPerRow: rows ? payload / rows : 0 };
    };
    return { days: of('station_days'), months: of('station_months') };
  } finally {
    db.close();
  }
}
