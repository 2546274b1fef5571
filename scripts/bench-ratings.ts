/**
 * `npm run bench:ratings [-- --stations 500]`: discharge from stage (docs/ratings.md), on the API-only Worker under
 * `wrangler dev` with a D1 and station objects of its own (a temporary directory; the dev database is untouched).
 * Every station gets a rating version of power-law segments with two shifts (the second prorated in over half a year),
 * then posts a year of its stage (`H1` alone, 10-minute reports: 52,560 values, less a DST hour), rolled up as it comes.
 *  1. The rating of a year: the chart of station 1 over the year (the discharge derived from every stage of it) against
 *     the same chart raw (no derived codes), and the rater module alone rating 52,560 values in this process.
 *  2. `POST /rest/ratings/rate` with 10,000 stages, 20 calls: p50 and p95; and with 10 stages, for the call's fixed cost.
 *  3. A rating change on every station: each version replaced (every discharge ×1.1), timed from the first replace
 *     until the dashboard shows the new mean and volume for all of them. The roll-up period is 0 (as in bench:quality),
 *     so each object flushes right after the change instead of within its 5-minute period: what is timed is the
 *     recomputation and the dashboard.
 * Prints one table.
 */
import { parseArgs } from 'node:util';
import { addDays, dayBounds, localDay } from '../shared/station-time';
import { Rater, type RatingVersion } from '../worker/station/ratings/rater';
import { benchWorker, count, ingestRate, ms, percentile, printTable, sample, since, type Row } from './bench/lib';
import { benchAccountsSql, benchAdminSql, benchStationId, benchZone, reportTimes, stageRows, stationTokenOf } from './bench/seed';
import { rest } from './lib/rest';

const { values } = parseArgs({ options: { stations: { type: 'string', default: '40' } } });
const stations = Math.max(1, Number(values.stations));
const adminToken = 'bench-ratings-admin-token';

const worker = await benchWorker(`${stations} rated stations`, [benchAccountsSql(stations, [1]), benchAdminSql(adminToken)], {
  ROLLUP_PERIOD_SECONDS: '0',
});
const { base } = worker;

const today = localDay(Date.now(), benchZone);
const days = Array.from({ length: 365 }, (_, d) => addDays(today, -366 + d));
const times = reportTimes(days);
const [yearStart, yearEnd] = [dayBounds(days[0], benchZone).start, dayBounds(days.at(-1)!, benchZone).end];
const iso = (ts: number) => new Date(ts).toISOString();

// Q = C · (h − 0.5)^1.6 on every segment; the stages (2–3 m) sit in the middle of the table.
const stages = [0.6, 1, 2, 3, 4, 5];
const table = (c: number) =>
  stages.map((stage) => ({
    stage,
    discharge: c * Math.pow(stage - 0.5, 1.6),
    segment: 'power' as const,
    offset: 0.5,
    coefficient: c,
    exponent: 1.6,
  }));
const versionBody = (c: number) => ({
  reading: 'H1',
  from: iso(yearStart),
  out_of_range: 'extrapolate' as const,
  points: table(c),
  note: 'Benchmark rating.',
});
const shifts = [
  { at: iso(yearStart), points: [{ stage: 0, shift: 0 }] },
  {
    at: iso(yearStart + (yearEnd - yearStart) / 2),
    points: [
      { stage: 2, shift: 0.02 },
      { stage: 3, shift: 0.05 },
    ],
  },
];

/** Runs `job` for 1..n with `inFlight` at a time. */
async function each(n: number, inFlight: number, job: (i: number) => Promise<unknown>) {
  let next = 1;
  await Promise.all(
    Array.from({ length: inFlight }, async () => {
      while (next <= n) await job(next++);
    }),
  );
}

type Summary = { mean?: Record<string, number>; volume?: Record<string, number> };
const dashboard = async () => {
  // no-cache: a dashboard kept by the server would hide the roll-up being waited for.
  const res = await fetch(`${base}/rest/api?from=${days[0]}&to=${days.at(-1)}`, {
    headers: { Authorization: `Bearer ${adminToken}`, 'Cache-Control': 'no-cache' },
  });
  if (!res.ok) throw new Error(`dashboard: HTTP ${res.status}`);
  return ((await res.json()) as { data: { danes: Record<string, Summary> } }).data.danes;
};
/** Reads the dashboard until every station's discharge passes `shown`; the time from `t` until it did. */
async function onDashboard(t: number, shown: (s: Summary, i: number) => boolean, timeoutMs: number) {
  for (const deadline = performance.now() + timeoutMs; ;) {
    const danes = await dashboard();
    const missing = Array.from({ length: stations }, (_, k) => k + 1).filter((i) => !shown(danes[benchStationId(i)] ?? {}, i));
    if (!missing.length) return since(t);
    if (performance.now() > deadline) throw new Error(`${missing.length} stations not on the dashboard after ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const rows: Row[] = [];
try {
  console.log('1/4 rating every station …');
  const versions = new Map<number, number>();
  await each(stations, 4, async (i) => {
    const v = await rest<{ id: number }>(
      base,
      adminToken,
      '/ratings/versions',
      { id: i },
      { model: 'RatingVersion', body: versionBody(10) },
    );
    versions.set(i, v.id);
    for (const s of shifts)
      await rest(
        base,
        adminToken,
        '/ratings/shifts',
        { id: i },
        { model: 'Shift', body: { version: v.id, note: 'Benchmark shift.', ...s } },
      );
  });
  console.log(`2/4 posting a year of stage for ${stations} rated stations …`);
  const perRequest = 28 * 144;
  const jobs = Array.from({ length: stations }, (_, k) => k + 1).flatMap((i) =>
    Array.from({ length: Math.ceil(times.length / perRequest) }, (_, b) => ({
      token: stationTokenOf(i),
      body: () => JSON.stringify({ rows: stageRows(i, times.slice(b * perRequest, (b + 1) * perRequest)) }),
    })),
  );
  const posted = await ingestRate(base, jobs, 4);
  rows.push([
    `stations, rated (a version, two shifts), then each posted a year of 10-minute stage (${count(times.length)} values)`,
    `${count(stations)} (${count(posted.stored)} readings in ${posted.seconds.toFixed(1)} s)`,
    '',
  ]);

  // Every flush done, so the figures read now are those of the rating before it changes.
  const ids = Array.from({ length: stations }, (_, k) => k + 1).join(',');
  while (((await (await fetch(`${base}/bench/rollup-state?ids=${ids}`)).json()) as { pending: number }).pending)
    await new Promise((r) => setTimeout(r, 200));
  const danesBefore = await dashboard();
  const before = new Map(Array.from({ length: stations }, (_, k) => [k + 1, danesBefore[benchStationId(k + 1)]]));

  console.log('3/4 the year charted, the rate call …');
  const id = benchStationId(1);
  const chartPath = (raw: boolean) => `/rest/api/item?id=${id}&from=${days[0]}&to=${days.at(-1)}&format=columns${raw ? '&raw=true' : ''}`;
  const chart = await sample(base, chartPath(false), 10, adminToken);
  const chartData = (JSON.parse(chart.body) as { data: { data: Record<string, { t: number[] }> } }).data;
  if (!chartData.data.H1_discharge?.t.length) throw new Error('the chart has no discharge');
  const raw = await sample(base, chartPath(true), 10, adminToken);
  rows.push([
    `chart of a year (${count(times.length)} stages rated, ${count(chartData.data.H1_discharge.t.length)} points of discharge sent): p50, p95`,
    `${ms(chart.p50)}, ${ms(percentile(chart.times, 95))} (raw, no discharge: ${ms(raw.p50)})`,
    '≤ 500 ms',
  ]);

  /** `calls` rate calls of `n` stages after one warm-up: p50 and p95 of their times, and the request's size. */
  const rateCalls = async (n: number, calls: number) => {
    const body = JSON.stringify({
      Rate: { reading: 'H1', at: iso(yearEnd - 86_400_000), values: Array.from({ length: n }, (_, k) => 2 + k / n) },
    });
    const times: number[] = [];
    for (let k = -1; k < calls; k++) {
      const t = performance.now();
      const res = await fetch(`${base}/rest/ratings/rate?id=1`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json' },
        body,
      });
      const json = (await res.json()) as { data?: { values: (number | null)[] } };
      if (json.data?.values.length !== n) throw new Error(`rate: HTTP ${res.status}`);
      if (k < 0) continue;
      times.push(since(t));
    }
    return { p50: percentile(times, 50), p95: percentile(times, 95), body: body.length };
  };
  const [full, few] = [await rateCalls(10_000, 20), await rateCalls(10, 20)];
  rows.push([
    `POST /rest/ratings/rate, 10,000 stages (${count(full.body / 1024)} KB), 20 calls: p50, p95`,
    `${ms(full.p50)}, ${ms(full.p95)}`,
    '≤ 50 ms',
  ]);
  rows.push(['… the same call with 10 stages: p50, p95', `${ms(few.p50)}, ${ms(few.p95)}`, '']);

  // The rater alone, as the station object builds it for a read: the same table and shifts.
  const version: RatingVersion = {
    id: 1,
    from: yearStart,
    to: null,
    transitionFrom: null,
    curve: {
      points: table(10).map(({ stage, discharge, offset, coefficient, exponent }) => ({
        stage,
        discharge,
        segment: { kind: 'power', offset, coefficient, exponent },
      })),
      outOfRange: 'extrapolate',
    },
    shifts: shifts.map((s, k) => ({ id: k + 1, ts: Date.parse(s.at), points: s.points, prorate: true })),
  };
  const yearStages = times.map((ts) => [ts, 2 + ((ts / 600_000) % 997) / 1000] as const);
  const inProcess: number[] = [];
  for (let run = 0; run < 11; run++) {
    const t = performance.now();
    const rater = new Rater([version]);
    let sum = 0;
    for (const [ts, stage] of yearStages) sum += rater.rate(ts, stage)?.value ?? 0;
    inProcess.push(since(t));
    if (!(sum > 0)) throw new Error('the rater rated nothing');
  }
  rows.push([`the rater module alone: ${count(yearStages.length)} stages (p50 of 11 runs)`, ms(percentile(inProcess, 50)), '']);

  console.log(`4/4 a rating change on ${stations} stations …`);
  const changed = performance.now();
  await each(stations, 4, (i) =>
    rest(
      base,
      adminToken,
      '/ratings/versions/replace',
      { id: i },
      { model: 'RatingVersionReplace', body: { ...versionBody(11), version: versions.get(i) } },
    ),
  );
  const replaced = since(changed);
  const near = (a: number | undefined, b: number | undefined) =>
    a !== undefined && b !== undefined && Math.abs(a - b) <= 1e-6 * Math.abs(b);
  const recomputed = await onDashboard(
    changed,
    (s, i) =>
      near(s.mean?.H1_discharge, 1.1 * before.get(i)!.mean!.H1_discharge) &&
      near(s.volume?.H1_discharge, 1.1 * before.get(i)!.volume!.H1_discharge),
    900_000,
  );
  rows.push([
    `a rating change on ${count(stations)} stations × 1 year: replaced, until the dashboard's mean and volume show it for all`,
    `${ms(recomputed)} (the ${count(stations)} replace calls ${ms(replaced)})`,
    '≤ 5 min (500 stations)',
  ]);
} catch (error) {
  console.error(`The local server printed last:\n${worker.lastOutput()}`);
  throw error;
} finally {
  worker.stop();
}
printTable(rows);
process.exit(0);
