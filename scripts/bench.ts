/**
 * `npm run bench`: ingest, dashboard, chart, roll-up, storage and the live channel against the real Worker served
 * locally (`wrangler dev`) on a D1 and station objects of its own (a temporary directory; the dev database is
 * untouched). Prints one table. `npm run bench:scale` covers many stations at once.
 */
import { gzipSync } from 'node:zlib';
import { addDays, dayBounds, localDay } from '../worker/contracts/station-time';
import { sourceRow, type ChartColumns } from '../worker/contracts/telemetry';
import { defaultPointBudget, pointBudgets } from '../app/features/charts/point-budget';
import { StationWeather } from './seed/weather';
import { benchWorker, count, ingestRate, ms, percentile, postIngest, printTable, sample, since, type Row } from './bench/lib';
import { benchAccountsSql, benchStationId, benchZone, dailyStatsSql, danesCodes, floodLevel, floodRuleSql, report, sessionTokenOf, stationTokenOf } from './bench/seed';

const stations = 100;
const dashboardDays = 90;
const liveWatchers = 1000;
const STEP = 600_000;
// Station 1 holds a year of real readings for the charts, 2 posts one report per request, 3 is watched live,
// 11–14 take the batch ingest; every station has 90 days of daily_stats for the dashboard.
const [yearStation, reportStation, liveStation] = [1, 2, 3];
const batchStations = [11, 12, 13, 14];

const to = addDays(localDay(Date.now(), benchZone), -1);
const worker = await benchWorker('a benchmark database', [benchAccountsSql(stations, [stations]) + dailyStatsSql(stations, to, dashboardDays) + floodRuleSql(liveStation)]);
const { base, counters } = worker;
const session = sessionTokenOf(1);
const rollup = async () => {
  const t = performance.now();
  const { run } = (await (await fetch(`${base}/bench/rollup`)).json()) as { run: { stations: number; days: number; d1RowsWritten: number; objectRowsWritten: number } };
  return { ms: since(t), ...run };
};

/** Consecutive 10-minute reports of a station from `start`, cut into bodies of `size` readings. */
function batches(station: number, start: number, readings: number, size: number, reportAt = (ts: number) => report(station, ts)) {
  const rows = Array.from({ length: Math.ceil(readings / danesCodes.length) }, (_, k) => reportAt(start + k * STEP)).flat().slice(0, readings);
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, b) => JSON.stringify({ rows: rows.slice(b * size, (b + 1) * size) }));
}

const rows: Row[] = [];
try {
  // (1) Ingest in batches of 1,000 readings, spread over four stations as a few stations or importers would post.
  const yearsBack = (n: number) => Date.UTC(2020 - n, 0, 1);
  const jobsFrom = (origin: number, perStation: number) =>
    batchStations.flatMap((s) => batches(s, origin, perStation * 1000, 1000).map((body) => ({ token: stationTokenOf(s), body })));
  await ingestRate(base, jobsFrom(yearsBack(3), 5), 4);
  for (const [round, inFlight] of [1, 4].entries()) {
    const { rate, seconds } = await ingestRate(base, jobsFrom(yearsBack(round), 50), inFlight);
    rows.push([`ingest, batches of 1,000 readings, ${inFlight} in flight`, `${count(rate)} readings/s (${seconds.toFixed(1)} s)`, inFlight === 1 ? '≥ 100,000 readings/s' : 'more than at 1 in flight']);
  }

  // (2) One report (7 readings) per request, as a station posts every 10 minutes; then the cron's cost per station-day.
  await counters();
  const dayStart = dayBounds(addDays(to, -400), benchZone).start;
  const cpuBefore = worker.cpuSeconds();
  for (let k = 0; k < 144; k++) await postIngest(base, stationTokenOf(reportStation), JSON.stringify({ rows: report(reportStation, dayStart + k * STEP) }));
  const cpuPerReport = ((worker.cpuSeconds() - cpuBefore) / 144) * 1000;
  const single = await counters();
  rows.push([
    'rows written per report, one report per request (a day of 144)',
    `${((single.objectRows + single.d1Rows) / 144).toFixed(3)} (object ${(single.objectRows / 144).toFixed(3)}, D1 ${(single.d1Rows / 144).toFixed(3)})`,
    '≤ 2',
  ]);
  rows.push(['CPU per one-report request (upper bound: all local server processes, local D1 included)', `${cpuPerReport.toFixed(1)} ms`, '']);

  // (3) A year of one station through ingest, then charts of it.
  const yearStart = dayBounds(addDays(to, -364), benchZone).start;
  // Values from the demo's weather model: charts' sizes depend on how values vary, which a ramp would flatter.
  const weather = new StationWeather('DANES', yearStation, yearStart);
  const weatherReport = (ts: number) => Object.entries(weather.step(ts)).map(([reading, value]) => sourceRow('DANES', { reading, ts, value }));
  const yearBodies = batches(yearStation, yearStart, 365 * 144 * danesCodes.length, 5000, weatherReport);
  let t = performance.now();
  for (const body of yearBodies) await postIngest(base, stationTokenOf(yearStation), body);
  const yearSeconds = since(t) / 1000;
  const [figures] = (await (await fetch(`${base}/bench/figures?ids=${yearStation}`)).json()) as { bytes: number; readings: number; reports: number }[];
  rows.push([
    'storage of one station-year (10-min reports, 7 codes)',
    `${(figures.bytes / 1e6).toFixed(2)} MB, ${(figures.bytes / figures.reports).toFixed(0)} B per report (posted in ${yearSeconds.toFixed(1)} s)`,
    '',
  ]);

  const monthStart = dayBounds(addDays(to, -29), benchZone).start;
  const month = await (await fetch(`${base}/bench/raw-month?id=${yearStation}&start=${monthStart}&end=${dayBounds(to, benchZone).end}`)).text();
  rows.push([
    'a station-month of raw readings archived (columnar JSON, gzip)',
    `${(gzipSync(month).length / 1024).toFixed(0)} KB, against ${((figures.bytes / figures.reports) * 30 * 144 / 1024).toFixed(0)} KB in the object`,
    '',
  ]);

  const roll = await rollup();
  rows.push([
    `cron roll-up of every changed station (${roll.stations} stations, ${count(roll.days)} station-days)`,
    `${ms(roll.ms)}, ${count(roll.d1RowsWritten)} D1 rows written (${(roll.d1RowsWritten / roll.days).toFixed(1)} per station-day)`,
    '',
  ]);

  // (3b) The steady state of a station reporting every 10 minutes under the five-minute cron: its day keeps its mark
  // in the object, each report finds the station clean in D1 and marks it there, and the next run rolls the day up.
  const steadyReports = 12;
  const steadyStart = dayBounds(addDays(to, -399), benchZone).start;
  const postReport = (k: number) => postIngest(base, stationTokenOf(reportStation), JSON.stringify({ rows: report(reportStation, steadyStart + k * STEP) }));
  // The day's first report and run (a day's change, once in 144 reports) are not counted.
  await postReport(0);
  await rollup();
  await counters();
  const steady = { objectRows: 0, d1Rows: 0 };
  for (let k = 1; k <= steadyReports; k++) {
    await postReport(k);
    const run = await rollup();
    steady.objectRows += run.objectRowsWritten;
    steady.d1Rows += run.d1RowsWritten;
  }
  const ingested = await counters();
  const perReport = (n: number) => (n / steadyReports).toFixed(1);
  rows.push([
    'rows written per report in steady state (a report, then a cron run; 12 times within a day)',
    `ingest: object ${perReport(ingested.objectRows)}, D1 ${perReport(ingested.d1Rows)}; roll-up: object ${perReport(steady.objectRows)}, D1 ${perReport(steady.d1Rows)}`,
    'ingest ≤ 2',
  ]);

  // (4) Dashboard from daily_stats.
  const dash = await sample(base, `/rest/api?from=${addDays(to, -(dashboardDays - 1))}&to=${to}`, 50, session);
  rows.push([`dashboard, ${stations} stations × ${dashboardDays} days × ${danesCodes.length} readings`, `p50 ${ms(dash.p50)}, p95 ${ms(percentile(dash.times, 95))}`, 'p50 ≤ 25 ms']);

  // (5) Chart of one station as the app asks for it: columns within a point budget (1,200 on a desktop, 2,400 on the widest plots).
  for (const [label, from, points, target] of [
    ['30 days', addDays(to, -29), defaultPointBudget, 'p50 ≤ 50 ms, ≤ 60 KB'],
    ['365 days', addDays(to, -364), defaultPointBudget, '≤ 150 KB'],
    ['365 days', addDays(to, -364), Math.max(...pointBudgets), ''],
  ] as const) {
    const query = new URLSearchParams({ id: benchStationId(yearStation), from, to, points: String(points), format: 'columns' });
    const { body, p50 } = await sample(base, `/rest/api/item?${query}`, 30, session);
    const chart = JSON.parse(body).data as ChartColumns;
    const perReading = Math.max(...Object.values(chart.data).map((c) => c.t.length));
    const totals = Object.entries(chart.totals).map(([code, t]) => `${code} ${t.v.length} ${t.period} totals`);
    rows.push([
      `chart, ${label}, ${count(points)}-point budget (columns)`,
      `p50 ${ms(p50)}, ${(gzipSync(body).length / 1024).toFixed(0)} KB gzipped, ≤ ${count(perReading)} points/reading, ${totals.join(', ')}`,
      target,
    ]);
  }

  // (6) The live channel: many pages of one subject watching one station, and ingest-to-page latency.
  const liveUrl = `ws://127.0.0.1:${new URL(base).port}/rest/live?stations=${benchStationId(liveStation)}&access_token=${session}`;
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
  const postOne = (k: number) => postIngest(base, stationTokenOf(liveStation), JSON.stringify({ rows: [sourceRow('DANES', { reading: 'H1', ts: Date.now() - k * 1000, value: k })] }));
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
  rows.push([`live, ${liveWatchers} pages of one subject on one station`, `all heard a batch ${ms(fanOut)} after it was posted`, '']);
  rows.push(['live, ingest to page (20 posts)', `median ${ms(percentile(latencies, 50))}, max ${ms(Math.max(...latencies))}`, '≤ 2,000 ms']);

  // (7) An alarm rule on the watched station: a reading past it fires an alarm, which reaches the open page.
  await fetch(`${base}/bench/push-rules`);
  const nextAlarm = (socket: WebSocket, state: string) =>
    new Promise<void>((resolve) => {
      socket.onmessage = (event) => {
        const message = JSON.parse(String(event.data));
        if (message.type === 'alarm' && message.alarm.state === state) resolve();
      };
    });
  const alarmLatencies: number[] = [];
  for (let k = 0; k < 10; k++) {
    const at = Date.now() + (2 * k + 1) * 1000;
    const fired = nextAlarm(watchers[0], 'active');
    t = performance.now();
    await postIngest(base, stationTokenOf(liveStation), JSON.stringify({ rows: [sourceRow('DANES', { reading: 'H1', ts: at, value: floodLevel + 1 })] }));
    await fired;
    alarmLatencies.push(since(t));
    const cleared = nextAlarm(watchers[0], 'cleared');
    await postIngest(base, stationTokenOf(liveStation), JSON.stringify({ rows: [sourceRow('DANES', { reading: 'H1', ts: at + 1000, value: floodLevel - 1 })] }));
    await cleared;
  }
  watchers.forEach((w) => w.close());
  rows.push(['alarm, ingest to page (10 readings past a rule, each cleared after)', `median ${ms(percentile(alarmLatencies, 50))}, max ${ms(Math.max(...alarmLatencies))}`, '≤ 2,000 ms']);
} finally {
  worker.stop();
}
printTable(rows);
process.exit(0);
