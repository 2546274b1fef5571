/**
 * `npm run bench:peers`: the same readings posted to Hladina (the production build served by Miniflare alone, no
 * proxy in front, as the peers run bare: scripts/lib/serve-build.ts) through its
 * JSON ingest and through its InfluxDB line protocol write, to InfluxDB 1.x and to VictoriaMetrics (Debian's
 * `influxdb` and `victoria-metrics` packages), and the same three questions asked of each: ingest at 1 and 4 requests
 * in flight, the dashboard (per station and code: count, min, max over 30 days) and one station's raw series of 30
 * days. Each server runs alone, in the foreground, on a free loopback port with its data in a temporary folder, and is
 * stopped (its folder removed) before the next starts; a peer not installed is skipped with a message. Every answer is
 * checked against the numbers computed here. Prints the figures, Hladina's ratios to each peer, and where a Hladina
 * request's time went (its Server-Timing phases against the client's round trip), from one run.
 *
 *   npm run bench:peers [-- --stations 100 --runs 20 --batch 1000]
 *
 * The data: `stations` × 30 whole UTC days ending at today's midnight, a report of the seven DANES codes every
 * 10 minutes (3,024,000 readings for 100 stations), `batch` readings per request (JSON bodies hold at most 5,000 rows:
 * a larger batch goes as several). InfluxDB, VictoriaMetrics and Hladina's `/write` get the same Influx line protocol,
 * one line per report with a field per code; Hladina's JSON ingest the same readings as its rows. Hladina's stations
 * keep UTC days, so its days are the others' window; its dashboard is asked assembled anew (`Cache-Control:
 * no-cache`, as the peers' caches are off) and again as kept.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { reconcileCron } from '../worker/rollup/schedules';
import { maxIngestRows } from '../worker/contracts/telemetry';
import { benchPreview, percentile, serverTimings } from './bench/lib';
import { startBuiltWorker } from './lib/preview';
import { benchAccountsSql, benchStationId, benchValue as value, danesCodes as CODES, sessionTokenOf, stationTokenOf } from './bench/seed';
import { freePort } from './lib/local-worker';
import { processCpuSeconds } from './lib/cpu';
import { buildOnce } from './lib/preview';

const { values: args } = parseArgs({
  options: {
    stations: { type: 'string', default: '100' },
    runs: { type: 'string', default: '20' },
    batch: { type: 'string', default: '1000' },
  },
});
const STATIONS = Math.max(2, Number(args.stations));
const RUNS = Math.max(3, Number(args.runs));
const DAYS = 30;
const STEP = 600_000;
const BATCH = Math.max(1, Number(args.batch));
const DB = 'bench';

// The window: 30 whole UTC days ending at today's midnight; [X, Y).
const Y = Math.floor(Date.now() / 86_400_000) * 86_400_000;
const X = Y - DAYS * 86_400_000;
const REPORTS = (Y - X) / STEP;
const isoDay = (ts: number) => new Date(ts).toISOString().slice(0, 10);

const peerStation = (i: number) => `S${String(i).padStart(4, '0')}`;

type Reading = { ts: number; c: number; v: number };
type Batch = { station: number; rows: Reading[] };

function stationReadings(station: number): Reading[] {
  const out: Reading[] = [];
  for (let k = 0; k < REPORTS; k++) {
    const ts = X + k * STEP;
    for (let c = 0; c < CODES.length; c++) out.push({ ts, c, v: value(station, ts, c) });
  }
  return out;
}
const batchesOf = (stations: number[]): Batch[] =>
  stations.flatMap((s) => {
    const rows = stationReadings(s);
    return Array.from({ length: Math.ceil(rows.length / BATCH) }, (_, b) => ({ station: s, rows: rows.slice(b * BATCH, (b + 1) * BATCH) }));
  });

/** Influx line protocol, one line per report with a field per code; `station` names the station's tag value. */
function lineProtocol(measurement: string, b: Batch, station = peerStation): string {
  const lines: string[] = [];
  for (let i = 0; i < b.rows.length;) {
    const ts = b.rows[i].ts;
    const fields: string[] = [];
    for (; i < b.rows.length && b.rows[i].ts === ts; i++) fields.push(`${CODES[b.rows[i].c]}=${b.rows[i].v}`);
    lines.push(`${measurement},station=${station(b.station)} ${fields.join(',')} ${ts}`);
  }
  return `${lines.join('\n')}\n`;
}

const since = (t: number) => performance.now() - t;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const which = (bin: string) => {
  const r = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : null;
};
async function ok(res: Response, what: string) {
  const text = await res.text();
  if (!res.ok) throw new Error(`${what}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return text;
}

// ---------- the peers' processes ----------
const live = new Set<{ child: ChildProcess; dir: string }>();
process.on('exit', () => {
  for (const p of live) {
    try {
      p.child.kill('SIGKILL');
    } catch {
      // gone already
    }
    rmSync(p.dir, { recursive: true, force: true });
  }
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(130));

async function startServer(name: string, bin: string, args: string[], readyUrl: string, dir: string) {
  const log = createWriteStream(join(dir, `${name}.log`));
  const child = spawn(bin, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout!.pipe(log);
  child.stderr!.pipe(log);
  const entry = { child, dir };
  live.add(entry);
  let exited = false;
  child.once('exit', () => (exited = true));
  const t = performance.now();
  for (;;) {
    if (exited) throw new Error(`${name} exited during startup:\n${readFileSync(join(dir, `${name}.log`), 'utf8').slice(-2000)}`);
    if (since(t) > 30_000) throw new Error(`${name} not ready after 30 s`);
    try {
      const res = await fetch(readyUrl);
      await res.arrayBuffer();
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await sleep(20);
  }
  const stop = async () => {
    if (!exited) {
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await gone;
      clearTimeout(timer);
    }
    rmSync(dir, { recursive: true, force: true });
    live.delete(entry);
  };
  return { pid: child.pid!, stop };
}

/** Waits until a server used < 3% of a core for 2 s in a row (background merges done). */
async function settle(cpuSeconds: () => number, quiet: () => Promise<boolean> = async () => true) {
  const t = performance.now();
  let calm = 0;
  let last = cpuSeconds();
  while (calm < 4 && since(t) < 180_000) {
    await sleep(500);
    const now = cpuSeconds();
    calm = now - last < 0.015 && (await quiet()) ? calm + 1 : 0;
    last = now;
  }
}

interface Peer {
  name: string;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** The requests that carry a batch (one, but for JSON batches beyond its row limit). */
  bodies(measurement: string, b: Batch): string[];
  write(body: string, b: Batch): Promise<void>;
  /** Hladina's: per request, where its time went (Server-Timing phases, ms) and the client's round trip (`client`). */
  phases?: Record<string, number>[];
  /** Whatever makes everything written queryable, then waits for the server to be quiet. */
  ready(): Promise<void>;
  dashboard(): Request;
  /** A dashboard the peer may keep (Hladina's cache); null when it keeps none. */
  keptDashboard(): Request | null;
  raw(station: number): Request;
  /** `station|code|stat` → number. */
  parseDashboard(body: string): Map<string, number>;
  parseRawCount(body: string): number;
}

function influx(bin: string): Peer {
  let base = '';
  let server: Awaited<ReturnType<typeof startServer>>;
  return {
    name: 'InfluxDB 1.x',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'peers-influx-'));
      const [http, rpc] = [await freePort(), await freePort()];
      base = `http://127.0.0.1:${http}`;
      const conf = join(dir, 'influxdb.conf');
      writeFileSync(
        conf,
        `reporting-disabled = true\nbind-address = "127.0.0.1:${rpc}"\n[meta]\n  dir = "${dir}/meta"\n[data]\n  dir = "${dir}/data"\n  wal-dir = "${dir}/wal"\n  query-log-enabled = false\n` +
          `[monitor]\n  store-enabled = false\n[http]\n  bind-address = "127.0.0.1:${http}"\n  log-enabled = false\n[continuous_queries]\n  enabled = false\n[logging]\n  level = "warn"\n`,
      );
      server = await startServer('influxd', bin, ['run', '-config', conf], `${base}/ping`, dir);
      await ok(await fetch(`${base}/query`, { method: 'POST', body: new URLSearchParams({ q: `CREATE DATABASE ${DB}` }) }), 'create db');
    },
    stop: () => server.stop(),
    bodies: (measurement, b) => [lineProtocol(measurement, b)],
    async write(body) {
      await ok(await fetch(`${base}/write?db=${DB}&precision=ms`, { method: 'POST', body }), 'influx write');
    },
    async ready() {
      await settle(
        () => processCpuSeconds(server.pid),
        async () => {
          const vars = JSON.parse(await ok(await fetch(`${base}/debug/vars`), 'debug/vars')) as Record<
            string,
            { values?: Record<string, number> }
          >;
          let compacting = 0;
          for (const [k, v] of Object.entries(vars))
            if (k.startsWith('tsm1_engine:'))
              for (const [n, x] of Object.entries(v.values ?? {})) if (/Active$|Queue$/.test(n)) compacting += x;
          return compacting === 0;
        },
      );
    },
    dashboard: () =>
      new Request(
        `${base}/query?${new URLSearchParams({ db: DB, epoch: 'ms', q: `SELECT count(*), min(*), max(*) FROM readings WHERE time >= ${X}ms AND time < ${Y}ms GROUP BY station` })}`,
      ),
    keptDashboard: () => null,
    raw: (station) =>
      new Request(
        `${base}/query?${new URLSearchParams({ db: DB, epoch: 'ms', q: `SELECT * FROM readings WHERE station = '${peerStation(station)}' AND time >= ${X}ms AND time < ${Y}ms` })}`,
      ),
    parseDashboard(body) {
      const out = new Map<string, number>();
      type S = { tags: Record<string, string>; columns: string[]; values: (number | null)[][] };
      for (const s of (JSON.parse(body) as { results: { series?: S[] }[] }).results[0].series ?? []) {
        let total = 0;
        s.columns.forEach((col, i) => {
          if (col === 'time' || s.values[0][i] === null) return;
          const stat = col.startsWith('count') ? 'count' : col.slice(0, 3);
          const code = col.slice(col.indexOf('_') + 1);
          if (stat === 'count') total += s.values[0][i] as number;
          else out.set(`${s.tags.station}|${code}|${stat}`, s.values[0][i] as number);
        });
        out.set(`${s.tags.station}|all|count`, total);
      }
      return out;
    },
    parseRawCount(body) {
      type S = { columns: string[]; values: (number | string | null)[][] };
      let n = 0;
      for (const s of (JSON.parse(body) as { results: { series?: S[] }[] }).results[0].series ?? []) {
        for (const row of s.values) s.columns.forEach((c, i) => c !== 'time' && c !== 'station' && row[i] !== null && n++);
      }
      return n;
    },
  };
}

function victoria(bin: string): Peer {
  let base = '';
  let server: Awaited<ReturnType<typeof startServer>>;
  const sel = (extra = '') => `{__name__=~"readings_.*"${extra ? `,${extra}` : ''}}`;
  return {
    name: 'VictoriaMetrics',
    async start() {
      const dir = mkdtempSync(join(tmpdir(), 'peers-vm-'));
      const port = await freePort();
      base = `http://127.0.0.1:${port}`;
      server = await startServer(
        'victoria-metrics',
        bin,
        [
          `-storageDataPath=${dir}/data`,
          `-httpListenAddr=127.0.0.1:${port}`,
          '-retentionPeriod=100y',
          '-search.disableCache',
          '-loggerLevel=WARN',
        ],
        `${base}/health`,
        dir,
      );
    },
    stop: () => server.stop(),
    bodies: (measurement, b) => [lineProtocol(measurement, b)],
    async write(body) {
      await ok(await fetch(`${base}/write?precision=ms`, { method: 'POST', body }), 'vm write');
    },
    async ready() {
      await ok(await fetch(`${base}/internal/force_flush`), 'force_flush');
      await settle(() => processCpuSeconds(server.pid));
    },
    dashboard() {
      const part = (fn: string, stat: string) => `label_set(${fn}(${sel()}[${DAYS}d]) keep_metric_names, "stat", "${stat}")`;
      const query = [part('count_over_time', 'count'), part('min_over_time', 'min'), part('max_over_time', 'max')].join(' or ');
      // At Y − 1 ms the window (Y − 1 ms − 30 d, Y − 1 ms] holds the points of [X, Y).
      return new Request(`${base}/api/v1/query?${new URLSearchParams({ query, time: ((Y - 1) / 1000).toFixed(3), nocache: '1' })}`);
    },
    keptDashboard: () => null,
    raw: (station) =>
      new Request(
        `${base}/api/v1/export?${new URLSearchParams({ 'match[]': sel(`station="${peerStation(station)}"`), start: (X / 1000).toFixed(3), end: ((Y - 1) / 1000).toFixed(3) })}`,
      ),
    parseDashboard(body) {
      const out = new Map<string, number>();
      type R = { metric: Record<string, string>; value: [number, string] };
      for (const r of (JSON.parse(body) as { data: { result: R[] } }).data.result) {
        const code = r.metric.__name__.slice('readings_'.length);
        if (r.metric.stat === 'count')
          out.set(`${r.metric.station}|all|count`, (out.get(`${r.metric.station}|all|count`) ?? 0) + Number(r.value[1]));
        else out.set(`${r.metric.station}|${code}|${r.metric.stat}`, Number(r.value[1]));
      }
      return out;
    },
    parseRawCount: (body) =>
      body
        .split('\n')
        .filter(Boolean)
        .reduce((n, line) => n + (JSON.parse(line) as { values: number[] }).values.length, 0),
  };
}

/** Hladina's JSON ingest (rows of 5,000 at most per request) or its line protocol write (`/write`, as InfluxDB's). */
function hladina(mode: 'json' | 'line protocol'): Peer {
  let server: Awaited<ReturnType<typeof benchPreview>>;
  const token = sessionTokenOf(1);
  const headers = { Authorization: `Bearer ${token}` };
  const dashboardPath = `/rest/api?from=${isoDay(X)}&to=${isoDay(Y - 1)}`;
  const phases: Record<string, number>[] = [];
  const json = (b: Batch) =>
    Array.from({ length: Math.ceil(b.rows.length / maxIngestRows) }, (_, i) =>
      JSON.stringify({
        rows: b.rows
          .slice(i * maxIngestRows, (i + 1) * maxIngestRows)
          .map((r) => ({ data_name: CODES[r.c], data_value: r.v, date: new Date(r.ts).toISOString() })),
      }),
    );
  return {
    name: mode === 'json' ? 'Hladina (JSON)' : 'Hladina (line protocol)',
    phases,
    async start() {
      buildOnce();
      // Stations keep UTC days, so a station's local days are the others' window.
      server = await benchPreview(
        `Hladina, ${STATIONS} stations (production build, Miniflare alone)`,
        [benchAccountsSql(STATIONS, [STATIONS], 'UTC')],
        startBuiltWorker,
      );
    },
    async stop() {
      server.stop();
    },
    bodies: (measurement, b) => (mode === 'json' ? json(b) : [lineProtocol(measurement, b, benchStationId)]),
    async write(body, b) {
      const started = performance.now();
      const res = await fetch(`${server.base}${mode === 'json' ? '/rest/ingest/danes' : '/write?precision=ms'}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${stationTokenOf(b.station)}`,
          'Content-Type': mode === 'json' ? 'application/json' : 'text/plain; charset=utf-8',
        },
        body,
      });
      await ok(res, `hladina ${mode}`);
      phases.push({ ...serverTimings(res.headers.get('Server-Timing')), client: performance.now() - started });
    },
    async ready() {
      // The days waiting for their roll-up period are flushed by the daily reconciliation, run now.
      await server.cron(reconcileCron);
      await settle(() => server.cpuSeconds());
    },
    dashboard: () => new Request(`${server.base}${dashboardPath}`, { headers: { ...headers, 'Cache-Control': 'no-cache' } }),
    keptDashboard: () => new Request(`${server.base}${dashboardPath}`, { headers }),
    raw: (station) =>
      new Request(`${server.base}/rest/api/item/readings?id=${benchStationId(station)}&from=${isoDay(X)}&to=${isoDay(Y - 1)}`, { headers }),
    parseDashboard(body) {
      const out = new Map<string, number>();
      const danes = (
        JSON.parse(body) as {
          data: { danes: Record<string, { pocetMereni: number; min: Record<string, number>; max: Record<string, number> }> };
        }
      ).data.danes;
      for (const [uniqueId, s] of Object.entries(danes)) {
        const station = peerStation(Number(uniqueId.slice('BENCH-S'.length)));
        if (!s.pocetMereni) continue;
        out.set(`${station}|all|count`, s.pocetMereni);
        for (const code of Object.keys(s.min)) {
          out.set(`${station}|${code}|min`, s.min[code]);
          out.set(`${station}|${code}|max`, s.max[code]);
        }
      }
      return out;
    },
    parseRawCount: (body) =>
      Object.values((JSON.parse(body) as { data: { data: Record<string, { t: number[] }> } }).data.data).reduce(
        (n, c) => n + c.t.length,
        0,
      ),
  };
}

// ---------- measuring ----------
async function ingest(peer: Peer, batches: Batch[], inFlight: number, measurement = 'readings') {
  const bodies = batches.map((b) => peer.bodies(measurement, b)); // built before the clock starts
  let next = 0;
  let readings = 0;
  const t = performance.now();
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next < bodies.length) {
        const i = next++;
        for (const body of bodies[i]) await peer.write(body, batches[i]);
        readings += batches[i].rows.length;
      }
    }),
  );
  return readings / (since(t) / 1000);
}

async function timeQuery(make: () => Request) {
  const once = async () => {
    const t = performance.now();
    const body = await ok(await fetch(make()), 'query');
    return { ms: since(t), body };
  };
  let { body } = await once(); // warm-up
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const r = await once();
    times.push(r.ms);
    body = r.body;
  }
  return { p50: percentile(times, 50), p95: percentile(times, 95), body };
}

/** Median ms of each phase over a round's requests (a phase a request lacks counts 0). */
function medians(perRequest: Record<string, number>[]) {
  const names = new Set(perRequest.flatMap((r) => Object.keys(r)));
  return Object.fromEntries(
    [...names].map((name) => [
      name,
      percentile(
        perRequest.map((r) => r[name] ?? 0),
        50,
      ),
    ]),
  );
}

function expectedDashboard(stations: number[]) {
  const out = new Map<string, number>();
  for (const s of stations) {
    out.set(`${peerStation(s)}|all|count`, REPORTS * CODES.length);
    for (let c = 0; c < CODES.length; c++) {
      let [min, max] = [Infinity, -Infinity];
      for (let k = 0; k < REPORTS; k++) {
        const v = value(s, X + k * STEP, c);
        [min, max] = [Math.min(min, v), Math.max(max, v)];
      }
      out.set(`${peerStation(s)}|${CODES[c]}|min`, min);
      out.set(`${peerStation(s)}|${CODES[c]}|max`, max);
    }
  }
  return out;
}

function mismatches(got: Map<string, number>, want: Map<string, number>) {
  const bad: string[] = [];
  for (const [k, v] of want) if (got.get(k) !== v) bad.push(`${k}: got ${got.get(k)}, want ${v}`);
  if (got.size !== want.size) bad.push(`${got.size} numbers, want ${want.size}`);
  return bad;
}

const all = Array.from({ length: STATIONS }, (_, i) => i + 1);
const half = Math.ceil(STATIONS / 2);
const rounds = [
  [1, batchesOf(all.slice(0, half))],
  [4, batchesOf(all.slice(half))],
] as const;
const warm = batchesOf([1]).slice(0, 5);
const want = expectedDashboard(all);
console.log(
  `bench:peers: ${STATIONS} stations × ${DAYS} days × ${CODES.length} codes = ${(STATIONS * REPORTS * CODES.length).toLocaleString('en')} readings in batches of ${BATCH}, window ${new Date(X).toISOString()} – ${new Date(Y).toISOString()}`,
);

const peers: Peer[] = [hladina('json'), hladina('line protocol')];
const [influxd, vm] = [which('influxd'), which('victoria-metrics')];
if (influxd) peers.push(influx(influxd));
else console.log('skipped InfluxDB: influxd is not installed (apt-get install influxdb)');
if (vm) peers.push(victoria(vm));
else console.log('skipped VictoriaMetrics: victoria-metrics is not installed (apt-get install victoria-metrics)');

interface Result {
  name: string;
  /** Median ms per phase of a request at 1 in flight (Hladina's). */
  phases?: Record<string, number>;
  ingest1: number;
  ingest4: number;
  dashboard: number;
  kept: number | null;
  raw: number;
  same: string;
}
const results: Result[] = [];
for (const peer of peers) {
  console.log(`${peer.name} …`);
  await peer.start();
  try {
    await ingest(peer, warm, 4, 'warmup');
    peer.phases?.splice(0);
    const ingest1 = await ingest(peer, [...rounds[0][1]], rounds[0][0]);
    const phases = peer.phases && medians(peer.phases);
    const ingest4 = await ingest(peer, [...rounds[1][1]], rounds[1][0]);
    await peer.ready();
    const dash = await timeQuery(() => peer.dashboard());
    const keptRequest = peer.keptDashboard();
    const kept = keptRequest ? await timeQuery(() => peer.keptDashboard()!) : null;
    const raw = await timeQuery(() => peer.raw(1));
    const bad = mismatches(peer.parseDashboard(dash.body), want);
    const rawCount = peer.parseRawCount(raw.body);
    const same =
      !bad.length && rawCount === REPORTS * CODES.length ? 'same numbers' : `MISMATCH: ${bad.slice(0, 3).join('; ')}; raw ${rawCount}`;
    results.push({ name: peer.name, phases, ingest1, ingest4, dashboard: dash.p50, kept: kept?.p50 ?? null, raw: raw.p50, same });
  } finally {
    await peer.stop();
  }
}

const n = (x: number) => Math.round(x).toLocaleString('en');
const head = ['', 'ingest, 1 in flight', 'ingest, 4 in flight', 'dashboard p50', 'raw 30 days p50', 'answers'];
const table = results.map((r) => [
  r.name,
  `${n(r.ingest1)} readings/s`,
  `${n(r.ingest4)} readings/s`,
  `${r.dashboard.toFixed(1)} ms${r.kept === null ? '' : ` (kept: ${r.kept.toFixed(1)} ms)`}`,
  `${r.raw.toFixed(1)} ms`,
  r.same,
]);
for (const ours of results.filter((r) => r.phases)) {
  for (const peer of results.filter((r) => !r.phases)) {
    // Above 1: Hladina is ahead (more readings per second, less time per question).
    table.push([
      `${ours.name} ÷ ${peer.name}`,
      `${(ours.ingest1 / peer.ingest1).toFixed(2)}×`,
      `${(ours.ingest4 / peer.ingest4).toFixed(2)}×`,
      `${(peer.dashboard / ours.dashboard).toFixed(2)}× as fast`,
      `${(peer.raw / ours.raw).toFixed(2)}× as fast`,
      '',
    ]);
  }
}
const print = (header: string[], rows: string[][]) => {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  console.log(['', line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n'));
};
print(head, table);

// Where a Hladina request's time went at 1 in flight: the Worker's phases (Server-Timing: token and body read, parse,
// station lookup and checks, the call to the station's object and, inside it, its store transaction) against the
// client's round trip; what the Worker did not see is the local HTTP hop into workerd.
const phaseColumns: [string, (p: Record<string, number>) => number][] = [
  ['token + body', (p) => (p.auth ?? 0) + (p.body ?? 0)],
  ['parse', (p) => p.parse ?? 0],
  ['station + checks', (p) => (p.station ?? 0) + (p.rows ?? 0)],
  ['object call', (p) => p.rpc ?? 0],
  ['of it: store', (p) => p.store ?? 0],
  ['Worker total', (p) => p.total ?? 0],
  ['client round trip', (p) => p.client],
  ['outside the Worker', (p) => p.client - (p.total ?? 0)],
];
print(
  ['median ms per request, 1 in flight', ...phaseColumns.map(([name]) => name)],
  results.filter((r) => r.phases).map((r) => [r.name, ...phaseColumns.map(([, of]) => of(r.phases!).toFixed(1))]),
);
process.exit(0);
