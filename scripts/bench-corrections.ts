/**
 * `npm run bench:corrections [-- --stations 200 --days 3]`: the cost of corrections (docs/corrections.md), on the
 * API-only Worker under `wrangler dev` with a D1 and station objects of its own (a temporary directory; the dev
 * database is untouched). The roll-up period is 0 (as in bench:quality): a station's object flushes right after every
 * change, so the roll-up's reading of the corrected series is part of what ingest costs, and the dashboard follows a
 * correction as soon as it is recomputed.
 *  1. Ingest with corrections against ingest without, paired: the even stations get 5 open-ended corrections on each of
 *     their 7 codes (offset, gap fill, offset, clock shift, offset), the odd ones none; every station has 3 quiet alarm
 *     rules on the corrected series, so rules read it too. Requests alternate between the halves; each round posts
 *     `days` days of 10-minute reports per station, a day per request, at 1, 4 and 16 in flight.
 *  2. A year of one code (`H1` alone, 52,560 readings): an offset over all of it added and removed, each timed until the
 *     chart of the year shows it and until the dashboard does.
 *  3. 30 days of all 7 codes on two stations with the same readings, one with a stack of 5 corrections on `H1` (offset,
 *     drift, clock shift, deleted range, gap fill): their 30-day charts requested alternately, p50 of each.
 * Prints one table.
 */
import { parseArgs } from 'node:util';
import { addDays, dayBounds, localDay } from '../shared/station-time';
import { benchWorker, count, ingestRate, ms, percentile, printTable, since, timed, type Row } from './bench/lib';
import {
  benchAccountsSql,
  benchAdminSql,
  benchRulesSql,
  benchStationId,
  benchZone,
  danesCodes,
  report,
  reportTimes,
  stageRows,
  stationTokenOf,
} from './bench/seed';
import { rest } from './lib/rest';

const { values } = parseArgs({ options: { stations: { type: 'string', default: '40' }, days: { type: 'string', default: '2' } } });
const stations = Math.max(2, Number(values.stations));
const daysPerRound = Math.max(1, Number(values.days));
const adminToken = 'bench-corrections-admin-token';
// Past the paired stations: one with a year of H1, and the two of the 30-day charts (with corrections, without).
const yearStation = stations + 1;
const [stackStation, plainStation] = [stations + 2, stations + 3];

const worker = await benchWorker(
  `${stations} stations for the corrections benchmark`,
  [benchAccountsSql(stations + 3, [1]), benchAdminSql(adminToken), benchRulesSql(stations, 3)],
  { ROLLUP_PERIOD_SECONDS: '0' },
);
const { base } = worker;
const today = localDay(Date.now(), benchZone);
const iso = (ts: number) => new Date(ts).toISOString();
const correct = (station: number, body: Record<string, unknown>) =>
  rest<{ id: number }>(base, adminToken, '/corrections', { id: station }, { model: 'Correction', body: { note: 'Benchmark.', ...body } });
/** Posts reports of `days` for a station, `perRequest` days a request. */
const postDays = (station: number, days: string[], rowsOf: (times: number[]) => unknown[], perRequest: number) =>
  ingestRate(
    base,
    Array.from({ length: Math.ceil(days.length / perRequest) }, (_, k) => ({
      token: stationTokenOf(station),
      body: JSON.stringify({ rows: rowsOf(reportTimes(days.slice(k * perRequest, (k + 1) * perRequest))) }),
    })),
    1,
  );

const rows: Row[] = [];
try {
  console.log('1/3 ingest with corrections and without …');
  await fetch(`${base}/bench/push-rules`);
  const ids = Array.from({ length: stations }, (_, i) => i + 1);
  const firstDay = dayBounds(addDays(today, -40), benchZone).start;
  const stack = [
    { kind: 'offset', amount: 0.01 },
    { kind: 'gap_fill', max_gap_minutes: 60 },
    { kind: 'offset', amount: -0.005 },
    { kind: 'clock_shift', seconds: 60 },
    { kind: 'offset', amount: 0.002 },
  ];
  let next = 0;
  const corrected = ids.filter((i) => i % 2 === 0);
  const added = performance.now();
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < corrected.length) {
        const i = corrected[next++];
        for (const reading of danesCodes) for (const c of stack) await correct(i, { reading, from: iso(firstDay), ...c });
      }
    }),
  );
  rows.push([
    `stations, paired: even ones with 5 open-ended corrections on each of the 7 codes, odd ones with none; 3 quiet rules on all`,
    `${count(stations)} (${count(corrected.length * 35)} corrections added in ${ms(since(added))})`,
    '',
  ]);
  const dayJobs = (day: string) =>
    ids.map((i) => ({ token: stationTokenOf(i), body: JSON.stringify({ rows: reportTimes([day]).flatMap((ts) => report(i, ts)) }) }));
  // Wakes every object once, so each round measures storing, correcting and rolling up, not creating.
  await ingestRate(base, dayJobs(addDays(today, -39)), 16);
  for (const [round, inFlight] of [1, 4, 16].entries()) {
    const jobs = Array.from({ length: daysPerRound }, (_, d) => dayJobs(addDays(today, -38 + round * daysPerRound + d))).flat();
    const { perJob } = await ingestRate(base, jobs, inFlight);
    const rateOf = (withCorrections: boolean) => {
      const half = perJob.filter((_, k) => (ids[k % stations] % 2 === 0) === withCorrections);
      return half.reduce((n, j) => n + j.accepted, 0) / (half.reduce((n, j) => n + j.ms, 0) / 1000);
    };
    const [withC, without] = [rateOf(true), rateOf(false)];
    rows.push([
      `ingest, a day of 10-min reports per request (1,008 readings), ${inFlight} in flight, ${count(jobs.length)} requests: with corrections vs without`,
      `${count(withC)} vs ${count(without)} readings/s per request (${(((withC - without) / without) * 100).toFixed(1)}%)`,
      'within −10%',
    ]);
  }

  console.log('2/3 a year of H1 corrected and restored …');
  const yearDays = Array.from({ length: 365 }, (_, d) => addDays(today, -366 + d));
  await postDays(yearStation, yearDays, (times) => stageRows(yearStation, times), 28);
  const [yearStart, yearEnd] = [dayBounds(yearDays[0], benchZone).start, dayBounds(yearDays.at(-1)!, benchZone).end];
  const yearChart = async () => {
    const { body, elapsed } = await timed(
      base,
      `/rest/api/item?id=${benchStationId(yearStation)}&from=${yearDays[0]}&to=${yearDays.at(-1)}&format=columns`,
      adminToken,
    );
    return { elapsed, max: Math.max(...(JSON.parse(body) as { data: { data: { H1: { v: number[] } } } }).data.data.H1.v) };
  };
  const dashboardMax = async () => {
    // no-cache: a dashboard kept by the server would hide the roll-up being waited for.
    const res = await fetch(`${base}/rest/api?from=${yearDays[0]}&to=${yearDays.at(-1)}`, {
      headers: { Authorization: `Bearer ${adminToken}`, 'Cache-Control': 'no-cache' },
    });
    if (!res.ok) throw new Error(`dashboard: HTTP ${res.status}`);
    return ((await res.json()) as { data: { danes: Record<string, { max: Record<string, number> }> } }).data.danes[
      benchStationId(yearStation)
    ]?.max.H1;
  };
  /** Polls `read` until `shown` holds; the time from `t`. */
  const until = async <T>(t: number, read: () => Promise<T>, shown: (x: T) => boolean) => {
    for (const deadline = performance.now() + 60_000; !shown(await read());) {
      if (performance.now() > deadline) throw new Error('not shown within 60 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    return since(t);
  };
  const rawMax = (await yearChart()).max;
  await until(performance.now(), dashboardMax, (m) => m === rawMax);
  const raised = (m: number | undefined) => m !== undefined && Math.abs(m - (rawMax + 0.5)) < 1e-9;
  let edit = performance.now();
  const offset = await correct(yearStation, { reading: 'H1', kind: 'offset', from: iso(yearStart), to: iso(yearEnd - 1), amount: 0.5 });
  const addMs = since(edit);
  const addChart = await until(edit, async () => (await yearChart()).max, raised);
  const addDashboard = await until(edit, dashboardMax, raised);
  edit = performance.now();
  await rest(
    base,
    adminToken,
    '/corrections/remove',
    { id: yearStation },
    { model: 'CorrectionRemoval', body: { correction: offset.id, note: 'Benchmark.' } },
  );
  const removeMs = since(edit);
  const removeChart = await until(
    edit,
    async () => (await yearChart()).max,
    (m) => m === rawMax,
  );
  const removeDashboard = await until(edit, dashboardMax, (m) => m === rawMax);
  for (const [what, call, chart, dashboard] of [
    ['added', addMs, addChart, addDashboard],
    ['removed', removeMs, removeChart, removeDashboard],
  ] as const) {
    rows.push([
      `an offset over a year of H1 (${count(reportTimes(yearDays).length)} readings) ${what}: until the year's chart shows it`,
      `${ms(chart)} (the call ${ms(call)})`,
      '≤ 1 s',
    ]);
    rows.push([`… until the dashboard shows it (the station flushes at once: roll-up period 0)`, ms(dashboard), '']);
  }

  console.log('3/3 30-day charts with 5 corrections and without …');
  const monthDays = Array.from({ length: 30 }, (_, d) => addDays(today, -31 + d));
  // The same readings on both stations: those of the stack station.
  const monthRows = (times: number[]) => times.flatMap((ts) => report(stackStation, ts));
  for (const station of [stackStation, plainStation]) await postDays(station, monthDays, monthRows, 4);
  const [monthStart, monthEnd] = [dayBounds(monthDays[0], benchZone).start, dayBounds(monthDays.at(-1)!, benchZone).end];
  const day = 86_400_000;
  for (const c of [
    { kind: 'offset', from: iso(monthStart), to: iso(monthEnd - 1), amount: 0.05 },
    { kind: 'drift', from: iso(monthStart), to: iso(monthEnd - 1), amount: 0.1 },
    { kind: 'clock_shift', from: iso(monthStart + 10 * day), to: iso(monthStart + 11 * day), seconds: 300 },
    { kind: 'delete_range', from: iso(monthStart + 20 * day), to: iso(monthStart + 20 * day + 3_600_000) },
    { kind: 'gap_fill', from: iso(monthStart), to: iso(monthEnd - 1), max_gap_minutes: 120 },
  ])
    await correct(stackStation, { reading: 'H1', ...c });
  const monthChart = (station: number) =>
    timed(base, `/rest/api/item?id=${benchStationId(station)}&from=${monthDays[0]}&to=${monthDays.at(-1)}&format=columns`, adminToken);
  await monthChart(stackStation);
  await monthChart(plainStation);
  const [stacked, plain]: number[][] = [[], []];
  for (let run = 0; run < 30; run++) {
    stacked.push((await monthChart(stackStation)).elapsed);
    plain.push((await monthChart(plainStation)).elapsed);
  }
  const [s50, p50] = [percentile(stacked, 50), percentile(plain, 50)];
  rows.push([
    '30-day chart (7 codes, 30,240 readings), 30 requests each, alternating: 5 corrections on H1 vs none, p50',
    `${ms(s50)} vs ${ms(p50)} (×${(s50 / p50).toFixed(2)})`,
    '≤ ×1.2',
  ]);
  rows.push([
    '(stations of the single tests)',
    `${benchStationId(yearStation)}, ${benchStationId(stackStation)}, ${benchStationId(plainStation)}`,
    '',
  ]);
} finally {
  worker.stop();
}
printTable(rows);
process.exit(0);
