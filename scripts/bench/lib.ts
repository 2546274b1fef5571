/** The bench Worker, timing, percentiles and the result table shared by the benchmark scripts. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { applyMigrations, executeScript } from '../lib/d1';
import { startLocalWorker } from '../lib/local-worker';

/**
 * The bench Worker (scripts/bench/worker.ts) under `wrangler dev` on a D1 and station objects of its own, in a
 * temporary directory seeded with `scripts` (the dev database is untouched); `stop` ends it and deletes its state.
 */
export async function benchWorker(what: string, scripts: string[]) {
  const dir = mkdtempSync(join(tmpdir(), 'hladina-bench-'));
  console.log(`Preparing ${what} in ${dir} …`);
  applyMigrations('--local', dir);
  for (const sql of scripts) executeScript(sql, '--local', dir);
  const worker = await startLocalWorker({ entry: 'scripts/bench/worker.ts', persistTo: dir });
  return {
    ...worker,
    /** Batches and rows written since the last call, as the bench Worker counts them. */
    counters: async () => (await fetch(`${worker.base}/bench/counters`)).json() as Promise<{ batches: number; objectRows: number; d1Rows: number }>,
    stop() {
      worker.stop();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

export const since = (t: number) => performance.now() - t;
export const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
export const ms = (x: number) => `${x.toFixed(1)} ms`;
export const count = (n: number) => Math.round(n).toLocaleString('en');

/** GETs `path` and returns the elapsed time and the body; a failure stops the benchmark. */
export async function timed(base: string, path: string, token?: string) {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${body.slice(0, 300)}`);
  return { elapsed: since(t), body };
}

/** Times `runs` calls of a path after one warm-up; returns the times, the last reply and the median. */
export async function sample(base: string, path: string, runs: number, token?: string) {
  await timed(base, path, token);
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < runs; i++) {
    const r = await timed(base, path, token);
    times.push(r.elapsed);
    body = r.body;
  }
  return { times, body, p50: percentile(times, 50) };
}

/** Posts one ingest batch with a station's token; returns how many readings were stored. */
export async function postIngest(base: string, token: string, body: string) {
  const res = await fetch(`${base}/rest/ingest/danes`, {
    method: 'POST',
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    body,
  });
  const json = (await res.json()) as { data?: { accepted: number }; errors?: unknown };
  if (!json.data) throw new Error(`ingest failed: HTTP ${res.status} ${JSON.stringify(json.errors)}`);
  return json.data.accepted;
}

/**
 * Posts every job with `inFlight` requests at a time and returns readings stored per second, with each job's
 * readings and time (for comparing groups of jobs run side by side). Each result is added after its await, so
 * concurrent posts never lose one another's counts.
 */
export async function ingestRate(base: string, jobs: { token: string; body: string }[], inFlight: number) {
  let next = 0;
  let stored = 0;
  const perJob: { accepted: number; ms: number }[] = new Array(jobs.length);
  const t = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < jobs.length) {
        const index = next++;
        const started = performance.now();
        const accepted = await postIngest(base, jobs[index].token, jobs[index].body);
        perJob[index] = { accepted, ms: since(started) };
        stored += accepted;
      }
    }),
  );
  const seconds = since(t) / 1000;
  return { stored, seconds, rate: stored / seconds, perJob };
}

export type Row = [measure: string, result: string, target: string];

export function printTable(rows: Row[]) {
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'result', 'target'][i].length));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(['', line(['measure', 'result', 'target']), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
}
