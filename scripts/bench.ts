/**
 * `npm run bench`: measures ingest, dashboard, chart, roll-up and the live channel against the real Worker on a local D1 of its
 * own (a temporary persist directory; the dev database is not touched) and prints one table.
 */
import { spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { localDay, dayBounds, addDays } from '../worker/contracts/station-time';
import { applyMigrations, executeScript } from './lib/d1';
import { benchSeed, benchZone, codes, stationCount } from './bench/seed';

const dir = join(tmpdir(), 'hladina-bench');
const port = 8790 + Math.floor(Math.random() * 100);
const liveWatchers = 1000;
const base = `http://127.0.0.1:${port}`;

const since = (t: number) => performance.now() - t;
const percentile = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor((p / 100) * xs.length))];
const ms = (x: number) => `${x.toFixed(1)} ms`;

async function timed(path: string, token?: string) {
  const t = performance.now();
  const res = await fetch(`${base}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} });
  const body = await res.text();
  if (!res.ok) throw new Error(`${path}: HTTP ${res.status} ${body.slice(0, 300)}`);
  return { elapsed: since(t), body };
}

/** Times `runs` calls of a path after one warm-up; returns the times and the last reply. */
async function sample(path: string, runs: number, token?: string) {
  await timed(path, token);
  const times: number[] = [];
  let body = '';
  for (let i = 0; i < runs; i++) {
    const r = await timed(path, token);
    times.push(r.elapsed);
    body = r.body;
  }
  return { times, body, p50: percentile(times, 50) };
}

async function waitForWorker() {
  for (let i = 0; i < 120; i++) {
    try {
      if ((await fetch(`${base}/rest/openapi.json`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the benchmark Worker did not start');
}

console.log(`Preparing a benchmark database in ${dir} …`);
rmSync(dir, { recursive: true, force: true });
applyMigrations('--local', dir);
const { sql, plan } = benchSeed(localDay(Date.now(), benchZone));
let t = performance.now();
executeScript(sql, '--local', dir);
console.log(`Seeded ${stationCount} stations × 90 days × ${codes.length} readings (+1 station × 365 days) in ${(since(t) / 1000).toFixed(0)} s`);

// An explicit --config keeps wrangler from following a `vite build`'s redirect to the bundled app.
const worker = spawn('npx', ['wrangler', 'dev', 'scripts/bench/worker.ts', '--config', 'wrangler.toml', '--persist-to', dir, '--port', String(port), '--ip', '127.0.0.1', '--log-level', 'error'], {
  detached: true,
  stdio: ['ignore', 'ignore', 'inherit'],
  env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: 'false', WRANGLER_SEND_METRICS: 'false' },
});
const stopWorker = () => {
  if (worker.pid) process.kill(-worker.pid, 'SIGTERM');
};
process.on('exit', stopWorker);

const rows: [string, string, string][] = [];
try {
  await waitForWorker();
  const cron = '/cdn-cgi/handler/scheduled?cron=*/5+*+*+*+*';
  t = performance.now();
  await timed(cron);
  console.log(`Initial roll-up of ${stationCount * 90 + 365} station days: ${(since(t) / 1000).toFixed(1)} s`);

  // (1) Ingest through HTTP, batches of 1,000, a few in flight as several stations would post.
  const batches = 200;
  const start = Date.UTC(2020, 0, 1);
  const batch = (b: number) =>
    JSON.stringify({
      rows: Array.from({ length: 1000 }, (_, i) => {
        const n = b * 1000 + i;
        return { data_name: codes[n % codes.length], data_value: (n % 997) / 10, date: new Date(start + Math.floor(n / codes.length) * 600_000).toISOString() };
      }),
    });
  const post = async (body: string) => {
    const res = await fetch(`${base}/rest/ingest/danes`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${plan.stationToken}`, 'Content-Type': 'application/json' },
      body,
    });
    return ((await res.json()) as { data: { accepted: number } }).data.accepted;
  };
  // Warm the isolate and the statement cache first: the steady rate is what a fleet of stations sees.
  for (let b = 0; b < 5; b++) await post(batch(batches + b));
  // One importer posting batch after batch, then four stations posting at once (D1 serialises the writes).
  for (const [round, inFlight] of [1, 4].entries()) {
    const bodies = Array.from({ length: batches }, (_, b) => batch((round + 1) * 1000 + b));
    let next = 0;
    let accepted = 0;
    t = performance.now();
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < batches) accepted += await post(bodies[next++]);
      }),
    );
    const rate = Math.round(accepted / (since(t) / 1000));
    rows.push([`ingest, batches of 1,000, ${inFlight} in flight`, `${rate.toLocaleString('en')} readings/s`, '≥ 50,000 readings/s']);
  }

  // (2) Dashboard from daily_stats against the same figures from raw readings.
  const dashPath = `/rest/api?from=${plan.from}&to=${plan.to}`;
  const dash = await sample(dashPath, 50, plan.sessionToken);
  const rangeStart = dayBounds(plan.from, benchZone).start;
  const rangeEnd = dayBounds(plan.to, benchZone).end;
  const raw = await sample(`/bench/raw-dashboard?start=${rangeStart}&end=${rangeEnd}`, 3);
  const fromStats = JSON.parse(dash.body).data.danes as Record<string, { pocetMereni: number }>;
  const statsTotal = Object.entries(fromStats).filter(([k]) => k.startsWith('BENCH-S')).reduce((n, [, v]) => n + v.pocetMereni, 0);
  const rawTotal = (JSON.parse(raw.body) as { n: number }[]).reduce((n, r) => n + r.n, 0);
  rows.push([`dashboard, ${stationCount} stations × 90 days × ${codes.length} readings`, `p50 ${ms(dash.p50)}, p95 ${ms(percentile(dash.times, 95))}`, 'p50 ≤ 25 ms']);
  rows.push(['same figures from raw readings', `p50 ${ms(raw.p50)} (${rawTotal.toLocaleString('en')} readings)`, '']);
  rows.push(['dashboard speed-up over raw', `${Math.round(raw.p50 / dash.p50)}× (counts agree: ${statsTotal === rawTotal ? 'yes' : `NO, ${statsTotal}`})`, '≥ 100×']);

  // (3) Chart of one station: 30 days and a year.
  for (const [label, from] of [['30 days', addDays(plan.to, -29)], ['365 days', plan.yearFrom]] as const) {
    const { body, p50 } = await sample(`/rest/api/item?id=BENCH-YEAR&from=${from}&to=${plan.to}`, 5, plan.sessionToken);
    const chart = JSON.parse(body).data as { data: { data_name: string }[]; downsampled: boolean };
    const perReading = Math.max(...codes.map((c) => chart.data.filter((d) => d.data_name === c).length));
    const kb = gzipSync(body).length / 1024;
    rows.push([
      `chart, ${label}`,
      `p50 ${ms(p50)}, ${kb.toFixed(0)} KB gzipped, ≤ ${perReading} points/reading${chart.downsampled ? ' (downsampled)' : ''}`,
      label === '30 days' ? '≤ 250 KB gzipped' : '≤ 4,000 points/reading',
    ]);
  }

  // (4) The cron's roll-up of one day for every station.
  const rollTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    await timed(`/bench/dirty-day?day=${addDays(plan.to, -i)}`);
    rollTimes.push((await timed(cron)).elapsed);
  }
  rows.push([`cron roll-up, one day of ${stationCount} stations`, `p50 ${ms(percentile(rollTimes, 50))}`, '']);

  // (5) The live channel: many pages watching one station through the one hub, and ingest-to-page latency.
  const liveUrl = `ws://127.0.0.1:${port}/rest/live?stations=BENCH-INGEST&access_token=${plan.sessionToken}`;
  const watch = () =>
    new Promise<WebSocket>((resolve, reject) => {
      const socket = new WebSocket(liveUrl);
      socket.onmessage = (event) => JSON.parse(String(event.data)).type === 'subscribed' && resolve(socket);
      socket.onerror = () => reject(new Error('live socket failed'));
    });
  const nextReadings = (socket: WebSocket) =>
    new Promise<void>((resolve) => {
      socket.onmessage = (event) => JSON.parse(String(event.data)).type === 'readings' && resolve();
    });
  const postOne = (k: number) =>
    post(JSON.stringify({ rows: [{ data_name: 'H1', data_value: k, date: new Date(Date.now() - k).toISOString() }] }));
  const watchers: WebSocket[] = [];
  for (let group = 0; group < liveWatchers / 50; group++) watchers.push(...(await Promise.all(Array.from({ length: 50 }, watch))));
  t = performance.now();
  const allHeard = Promise.all(watchers.map(nextReadings));
  await postOne(1);
  await allHeard;
  const fanOut = since(t);
  const latencies: number[] = [];
  for (let k = 2; k < 22; k++) {
    const heard = nextReadings(watchers[0]);
    t = performance.now();
    await postOne(k);
    await heard;
    latencies.push(since(t));
  }
  watchers.forEach((w) => w.close());
  rows.push([`live, ${liveWatchers} watchers on one hub`, `all heard a batch ${ms(fanOut)} after it was posted`, '']);
  rows.push(['live, ingest to page (20 posts)', `median ${ms(percentile(latencies, 50))}, max ${ms(Math.max(...latencies))}`, '≤ 2,000 ms']);
} finally {
  stopWorker();
}

const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => r[i].length), ['measure', 'result', 'target'][i].length));
const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
console.log(['', line(['measure', 'result', 'target']), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
process.exit(0);
