/**
 * `npm run bench`: what one station costs and how fast the Worker answers, on two local servers with databases of
 * their own in temporary directories (the dev database is untouched):
 * - counts (rows written, bytes stored): the counting bench Worker (scripts/bench/worker.ts) under `wrangler dev`,
 *   which adds up D1's own `rows_written` of every statement and the objects' SQLite counters;
 * - timings: the production build (`npm run build`) under `vite preview` (scripts/lib/preview.ts).
 * Prints one table, each row saying which server it came from. `npm run bench:scale` covers many stations at once.
 */
import { gzipSync } from 'node:zlib';
import { addDays, dayBounds, localDay } from '../shared/station-time';
import { sourceRow, type ChartColumns } from '../worker/contracts/telemetry';
import { fiveMinuteCron, reconcileCron } from '../worker/rollup/schedules';
import { defaultPointBudget, pointBudgets } from '../app/features/charts/point-budget';
import { StationWeather } from './seed/weather';
import {
  benchPreview,
  benchWorker,
  count,
  ingestRate,
  ms,
  percentile,
  phaseMedians,
  postIngest,
  printTable,
  rollupBytes,
  sample,
  since,
  type Row,
} from './bench/lib';
import {
  benchAccountsSql,
  benchStationId,
  benchZone,
  danesCodes,
  floodLevel,
  floodRuleSql,
  report,
  sessionTokenOf,
  stationDaysSql,
  stationTokenOf,
} from './bench/seed';
import { buildOnce } from './lib/preview';

const STEP = 600_000;
const today = localDay(Date.now(), benchZone);
const to = addDays(today, -1);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Consecutive 10-minute reports of a station from `start`, cut into bodies of `size` readings. */
function batches(station: number, start: number, readings: number, size: number, reportAt = (ts: number) => report(station, ts)) {
  const rows = Array.from({ length: Math.ceil(readings / danesCodes.length) }, (_, k) => reportAt(start + k * STEP))
    .flat()
    .slice(0, readings);
  return Array.from({ length: Math.ceil(rows.length / size) }, (_, b) => JSON.stringify({ rows: rows.slice(b * size, (b + 1) * size) }));
}

const rows: Row[] = [];

// ---- Part 1: counts, from the counting Worker (D1's own rows_written; the objects' SQLite counters) ----
{
  const steadyStation = 1;
  const burstStations = Array.from({ length: 10 }, (_, i) => i + 2);
  const foldStations = { first: 12, count: 10 };
  const yearStation = 22;
  // The roll-up period is 1 s here, so a report every 1.2 s is the steady state of a report every 10 minutes under
  // the 5-minute period: each report is flushed right after its reply.
  const counting = await benchWorker(
    'a counting database (wrangler dev, roll-up period 1 s)',
    [benchAccountsSql(yearStation, [yearStation]), stationDaysSql(foldStations.count, addDays(today, -420), 90, foldStations.first)],
    { ROLLUP_PERIOD_SECONDS: '1' },
  );
  const { base, counters } = counting;
  const rollupState = async (ids: number[]) =>
    (await (await fetch(`${base}/bench/rollup-state?ids=${ids.join(',')}`)).json()) as {
      flushes: number;
      d1RowsWritten: number;
      objectRowsWritten: number;
      pending: number;
    };
  try {
    // (1) Steady state: the day's first report, then 12 more, each after the period.
    const start = dayBounds(addDays(today, -3), benchZone).start + 8 * 3_600_000;
    const post = (k: number) =>
      postIngest(base, stationTokenOf(steadyStation), JSON.stringify({ rows: report(steadyStation, start + k * STEP) }));
    await counters();
    await post(0);
    await rollupState([steadyStation]);
    const first = await counters();
    const before = await rollupState([steadyStation]);
    const reports = 12;
    for (let k = 1; k <= reports; k++) {
      await sleep(1200);
      await post(k);
      await rollupState([steadyStation]);
    }
    const ingested = await counters();
    const after = await rollupState([steadyStation]);
    const d1 = (ingested.d1Rows + after.d1RowsWritten - before.d1RowsWritten) / reports;
    const object = (ingested.objectRows + after.objectRowsWritten - before.objectRowsWritten) / reports;
    rows.push([
      `[count] D1 rows per report, steady state (a report per period; ${reports} reports, ${after.flushes - before.flushes} flushes)`,
      `${d1.toFixed(3)} (ingest ${(ingested.d1Rows / reports).toFixed(3)}, roll-up ${((after.d1RowsWritten - before.d1RowsWritten) / reports).toFixed(3)}); object rows ${object.toFixed(3)}`,
      '≤ 1',
    ]);
    rows.push([
      "[count] D1 rows of the day's first report (the token's use, written daily, and its day)",
      `${first.d1Rows} at ingest + 1 flushed`,
      '',
    ]);

    // (2) Bursts: a day per request (1,008 readings), three days per station, then what the flushes wrote.
    await counters();
    const burstBefore = await rollupState(burstStations);
    for (const s of burstStations) {
      for (let d = 0; d < 3; d++) {
        const dayStart = dayBounds(addDays(today, -10 + d), benchZone).start;
        await postIngest(
          base,
          stationTokenOf(s),
          JSON.stringify({ rows: Array.from({ length: 144 }, (_, k) => report(s, dayStart + k * STEP)).flat() }),
        );
      }
    }
    await fetch(`${base}/bench/reconcile`);
    const burst = await counters();
    const burstAfter = await rollupState(burstStations);
    const burstReports = burstStations.length * 3 * 144;
    const burstD1 = burst.d1Rows + burstAfter.d1RowsWritten - burstBefore.d1RowsWritten;
    rows.push([
      `[count] rows per report in bursts (a day per request; ${burstStations.length} stations × 3 days, then the flushes)`,
      `D1 ${(burstD1 / burstReports).toFixed(4)} (${burstD1} rows for ${count(burstReports)} reports); object ${((burst.objectRows + burstAfter.objectRowsWritten - burstBefore.objectRowsWritten) / burstReports).toFixed(3)}`,
      '',
    ]);

    // (3) A station-year's storage in its object, from 30 days posted.
    const monthStart = dayBounds(addDays(today, -40), benchZone).start;
    for (const body of batches(yearStation, monthStart, 30 * 144 * 7, 5000)) await postIngest(base, stationTokenOf(yearStation), body);
    const [figures] = (await (await fetch(`${base}/bench/figures?ids=${yearStation}`)).json()) as { bytes: number; reports: number }[];
    const perReport = figures.bytes / figures.reports;
    rows.push([
      '[count] object storage per report (30 days of 10-min reports, 7 codes)',
      `${perReport.toFixed(0)} B per report (${((perReport * 52_560) / 1e6).toFixed(2)} MB per station-year)`,
      '',
    ]);

    // (4) Bytes per roll-up row in D1's file, and the fold of old days into months.
    const fold = (await (await fetch(`${base}/bench/fold?now=${Date.now()}`)).json()) as {
      stations: number;
      months: number;
      d1RowsWritten: number;
    };
    const bytes = rollupBytes(counting.dir);
    rows.push([
      '[count] D1 bytes per station-day row (7 codes; pages of the table / rows)',
      `${bytes.days.perRow.toFixed(0)} B (payload ${bytes.days.payloadPerRow.toFixed(0)} B; ${count(bytes.days.rows)} rows)`,
      '',
    ]);
    rows.push([
      `[count] fold: ${fold.stations} stations' days older than 400 days into months`,
      `${fold.months} month rows, ${count(fold.d1RowsWritten)} D1 rows written; ${bytes.months.perRow.toFixed(0)} B per station-month row (payload ${bytes.months.payloadPerRow.toFixed(0)} B)`,
      '',
    ]);
  } finally {
    counting.stop();
  }
}

// ---- Part 2: timings, on the production build ----
buildOnce();
{
  const stations = 100;
  const dashboardDays = 90;
  const liveWatchers = 1000;
  const [yearStation, reportStation, liveStation] = [1, 2, 3];
  const batchStations = [11, 12, 13, 14];
  const server = await benchPreview('a timing database (production build, vite preview)', [
    benchAccountsSql(stations, [stations]) + stationDaysSql(stations, to, dashboardDays) + floodRuleSql(liveStation),
  ]);
  const { base } = server;
  const session = sessionTokenOf(1);
  try {
    // (1) Ingest in batches of 1,000 readings, spread over four stations as a few stations or importers would post.
    const yearsBack = (n: number) => Date.UTC(2020 - n, 0, 1);
    const jobsFrom = (origin: number, perStation: number) =>
      batchStations.flatMap((s) => batches(s, origin, perStation * 1000, 1000).map((body) => ({ token: stationTokenOf(s), body })));
    await ingestRate(base, jobsFrom(yearsBack(4), 5), 4);
    let phases: Record<string, number> = {};
    for (const [round, inFlight] of [1, 4, 16].entries()) {
      const cpu = server.cpuSeconds();
      const { rate, seconds, perJob, stored } = await ingestRate(base, jobsFrom(yearsBack(round), 50), inFlight);
      const cpuPerBatch = ((server.cpuSeconds() - cpu) / (stored / 1000)) * 1000;
      if (inFlight === 1) phases = phaseMedians(perJob as never);
      rows.push([
        `[time] ingest, batches of 1,000 readings, ${inFlight} in flight`,
        `${count(rate)} readings/s (${seconds.toFixed(1)} s); CPU ${cpuPerBatch.toFixed(1)} ms per batch, all local processes`,
        inFlight === 1 ? '≥ 100,000 readings/s' : 'more than at 1 in flight',
      ]);
    }
    rows.push([
      '[time] a 1,000-reading batch in the Worker (Server-Timing p50, ms; 1 in flight)',
      Object.entries(phases)
        .map(([phase, v]) => `${phase} ${v.toFixed(1)}`)
        .join(', '),
      '',
    ]);

    // (1b) Where a batch's time goes, by taking parts away (p50 of 60 each, 1 in flight).
    const token = stationTokenOf(yearStation);
    const fresh = (k0: number) =>
      JSON.stringify({
        rows: Array.from({ length: 143 }, (_, k) => report(yearStation, Date.UTC(2011, 0, 1) + (k0 + k) * STEP))
          .flat()
          .slice(0, 1000),
      });
    const badLast = JSON.parse(fresh(0)) as { rows: { data_name: string }[] };
    badLast.rows[999].data_name = 'NOPE';
    const post = async (body: string) => {
      const t = performance.now();
      const res = await fetch(`${base}/rest/ingest/danes`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
        body,
      });
      await res.text();
      return since(t);
    };
    const p50 = async (body: (i: number) => string) => {
      for (let i = 0; i < 5; i++) await post(body(-1 - i));
      const times: number[] = [];
      for (let i = 0; i < 60; i++) times.push(await post(body(i)));
      return percentile(times, 50);
    };
    const tiny = await p50(() => JSON.stringify({ rows: [{ data_name: 'NOPE', data_value: 1, date: '2020-01-01T00:00:00Z' }] }));
    const checked = await p50(() => JSON.stringify(badLast));
    await post(fresh(0));
    const duplicate = await p50(() => fresh(0));
    let next = 1;
    const stored = await p50(() => fresh((next += 200)));
    rows.push([
      '[time] a 1,000-reading batch, part by part (request p50 as the client sees it)',
      `HTTP to the Worker and back ${ms(tiny)}; + body and row checks ${ms(checked - tiny)}; + the object (nothing new) ${ms(duplicate - checked)}; + storing ${ms(stored - duplicate)} = ${ms(stored)}`,
      '',
    ]);

    // (2) One report (7 readings) per request, as a station posts every 10 minutes.
    const dayStart = dayBounds(addDays(today, -400), benchZone).start;
    const cpuBefore = server.cpuSeconds();
    const single: number[] = [];
    for (let k = 0; k < 144; k++) {
      const t = performance.now();
      await postIngest(base, stationTokenOf(reportStation), JSON.stringify({ rows: report(reportStation, dayStart + k * STEP) }));
      single.push(since(t));
    }
    rows.push([
      '[time] one report per request (a day of 144)',
      `p50 ${ms(percentile(single, 50))}; CPU ${(((server.cpuSeconds() - cpuBefore) / 144) * 1000).toFixed(1)} ms per request (all local processes, an upper bound)`,
      '',
    ]);

    // (3) Dashboard from the roll-up: assembled anew (no-cache) and kept (the same question again).
    const range = (shift: number) => `/rest/api?from=${addDays(to, -(dashboardDays - 1) + shift)}&to=${addDays(to, shift)}`;
    const fresh90 = await sample(base, () => range(0), 50, session, { 'Cache-Control': 'no-cache' });
    const kept = await sample(base, range(0), 50, session);
    const columns = await sample(base, () => `${range(0)}&format=columns`, 20, session, { 'Cache-Control': 'no-cache' });
    const gz = (body: string) => `${(gzipSync(body).length / 1024).toFixed(1)} KB`;
    rows.push([
      `[time] dashboard, ${stations} stations × ${dashboardDays} days × ${danesCodes.length} readings`,
      `assembled p50 ${ms(fresh90.p50)}, p95 ${ms(percentile(fresh90.times, 95))}; kept (cache) p50 ${ms(kept.p50)}; reply ${gz(fresh90.body)} gzipped, columns (the app's) ${gz(columns.body)}`,
      'p50 ≤ 25 ms',
    ]);

    // (4) A year of one station through ingest, then charts of it as the app asks for them.
    const yearStart = dayBounds(addDays(to, -364), benchZone).start;
    const weather = new StationWeather('DANES', yearStation, yearStart);
    const weatherReport = (ts: number) =>
      Object.entries(weather.step(ts)).map(([reading, value]) => sourceRow('DANES', { reading, ts, value }));
    let t = performance.now();
    for (const body of batches(yearStation, yearStart, 365 * 144 * danesCodes.length, 5000, weatherReport))
      await postIngest(base, stationTokenOf(yearStation), body);
    rows.push(['[time] one station-year posted (batches of 5,000)', `${(since(t) / 1000).toFixed(1)} s`, '']);
    for (const [label, from, points, target] of [
      ['30 days', addDays(to, -29), defaultPointBudget, 'p50 ≤ 50 ms, ≤ 60 KB'],
      ['365 days', addDays(to, -364), defaultPointBudget, '≤ 150 KB'],
      ['365 days', addDays(to, -364), Math.max(...pointBudgets), ''],
    ] as const) {
      const query = new URLSearchParams({ id: benchStationId(yearStation), from, to, points: String(points), format: 'columns' });
      const { body, p50: chartP50 } = await sample(base, `/rest/api/item?${query}`, 30, session);
      const chart = JSON.parse(body).data as ChartColumns;
      const perReading = Math.max(...Object.values(chart.data).map((c) => c.t.length));
      const totals = Object.entries(chart.totals).map(([code, x]) => `${code} ${x.v.length} ${x.period} totals`);
      rows.push([
        `[time] chart, ${label}, ${count(points)}-point budget (columns)`,
        `p50 ${ms(chartP50)}, ${(gzipSync(body).length / 1024).toFixed(0)} KB gzipped, ≤ ${count(perReading)} points/reading, ${totals.join(', ')}`,
        target,
      ]);
    }
    const raw30 = await sample(
      base,
      `/rest/api/item/readings?id=${benchStationId(yearStation)}&from=${addDays(to, -29)}&to=${to}`,
      20,
      session,
    );
    rows.push([
      "[time] one station's raw 30 days (every reading, export)",
      `p50 ${ms(raw30.p50)}, ${(gzipSync(raw30.body).length / 1024).toFixed(0)} KB gzipped`,
      '',
    ]);

    // (5) The live channel: many pages of one subject watching one station, and ingest-to-page latency.
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
    const postOne = (k: number) =>
      postIngest(
        base,
        stationTokenOf(liveStation),
        JSON.stringify({ rows: [sourceRow('DANES', { reading: 'H1', ts: Date.now() - k * 1000, value: k })] }),
      );
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
    rows.push([
      `[time] live, ${liveWatchers} pages of one subject on one station`,
      `all heard a batch ${ms(fanOut)} after it was posted`,
      '',
    ]);
    rows.push([
      '[time] live, ingest to page (20 posts)',
      `median ${ms(percentile(latencies, 50))}, max ${ms(Math.max(...latencies))}`,
      '≤ 2,000 ms',
    ]);

    // (6) An alarm rule on the watched station (pushed to its object by the cron): a reading past it fires an alarm.
    await server.cron(fiveMinuteCron);
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
      await postIngest(
        base,
        stationTokenOf(liveStation),
        JSON.stringify({ rows: [sourceRow('DANES', { reading: 'H1', ts: at, value: floodLevel + 1 })] }),
      );
      await fired;
      alarmLatencies.push(since(t));
      const cleared = nextAlarm(watchers[0], 'cleared');
      await postIngest(
        base,
        stationTokenOf(liveStation),
        JSON.stringify({ rows: [sourceRow('DANES', { reading: 'H1', ts: at + 1000, value: floodLevel - 1 })] }),
      );
      await cleared;
    }
    watchers.forEach((w) => w.close());
    rows.push([
      '[time] alarm, ingest to page (10 readings past a rule, each cleared after)',
      `median ${ms(percentile(alarmLatencies, 50))}, max ${ms(Math.max(...alarmLatencies))}`,
      '≤ 2,000 ms',
    ]);

    // (7) The daily reconciliation after all this: what it flushes and how long it takes.
    t = performance.now();
    await server.cron(reconcileCron);
    rows.push(['[time] roll-up reconciliation (daily cron) over every station', `${ms(since(t))}`, '']);
  } finally {
    server.stop();
  }
}
printTable(rows);
process.exit(0);
