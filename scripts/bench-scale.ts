/**
 * `npm run bench:scale [-- --stations 1000 --rules 10 [--paired]]`: the real Worker served locally on a D1 and
 * station objects of its own (a temporary directory; the dev database is untouched). Every station posts a day of
 * 10-minute reports through the ingest endpoint at 1, 4 and 16 requests in flight (a new day each time), then one
 * cron run rolls the changed days up, then dashboards (all stations beside 100) and charts are timed. With
 * `--rules N` every station first gets N alarm rules (none of which fires), so the ingest rates compare with a run
 * without. With `--paired` only the even stations get them, and each round also compares the two halves, whose
 * requests alternate: the same machine at the same moment, which two runs on a shared machine are not.
 * Prints one table.
 */
import { parseArgs } from 'node:util';
import { addDays, dayBounds, localDay } from '../worker/contracts/station-time';
import { benchWorker, count, ingestRate, ms, printTable, sample, since, type Row } from './bench/lib';
import { benchAccountsSql, benchRulesSql, benchStationId, benchZone, report, sessionTokenOf, stationTokenOf } from './bench/seed';

const { values } = parseArgs({
  options: { stations: { type: 'string', default: '1000' }, rules: { type: 'string', default: '0' }, paired: { type: 'boolean', default: false } },
});
const stations = Math.max(1, Number(values.stations));
const rulesPerStation = Math.max(0, Number(values.rules));
const paired = values.paired && rulesPerStation > 0;
const compared = Math.min(100, stations);
const reportsPerDay = 144;
const STEP = 600_000;

const worker = await benchWorker(`${stations} stations`, [benchAccountsSql(stations, [stations, compared]), ...(rulesPerStation ? [benchRulesSql(stations, rulesPerStation, paired)] : [])]);
const { base, counters } = worker;
const figures = async (ids: number[]) =>
  (await fetch(`${base}/bench/figures?ids=${ids.join(',')}`)).json() as Promise<{ bytes: number; readings: number }[]>;

const rows: Row[] = [];
try {
  const today = localDay(Date.now(), benchZone);
  const days = [addDays(today, -4), addDays(today, -3), addDays(today, -2)];
  const dayOf = (day: string, station: number) => {
    const start = dayBounds(day, benchZone).start;
    return JSON.stringify({ rows: Array.from({ length: reportsPerDay }, (_, k) => report(station, start + k * STEP)).flat() });
  };
  const ids = Array.from({ length: stations }, (_, i) => i + 1);

  if (rulesPerStation) {
    const pushed = (await (await fetch(`${base}/bench/push-rules`)).json()) as { pushed: number };
    rows.push([`alarm rules per ${paired ? 'even station' : 'station'} (pushed to ${count(pushed.pushed)} station objects)`, String(rulesPerStation), '']);
  }
  // Wakes every station's object once (a report the day before), so each round measures storing, not creating.
  const warmDay = addDays(days[0], -1);
  await ingestRate(base, ids.map((i) => ({ token: stationTokenOf(i), body: JSON.stringify({ rows: report(i, dayBounds(warmDay, benchZone).start) }) })), 16);
  await counters();
  const sampleIds = ids.filter((i) => i % Math.max(1, Math.floor(stations / 20)) === 0).slice(0, 20);
  let bytesAfterFirst: number[] = [];

  for (const [round, inFlight] of [1, 4, 16].entries()) {
    const jobs = ids.map((i) => ({ token: stationTokenOf(i), body: dayOf(days[round], i) }));
    const { stored, seconds, rate, perJob } = await ingestRate(base, jobs, inFlight);
    const c = await counters();
    const reports = (stored / 7) | 0;
    rows.push([
      `ingest, ${count(stations)} stations × a day of 10-min reports (${count(stored / stations)} readings per request), ${inFlight} in flight`,
      `${count(rate)} readings/s (${seconds.toFixed(1)} s)`,
      inFlight === 1 ? '≥ 100,000 readings/s' : 'more than at 1 in flight',
    ]);
    if (paired) {
      // Readings per second of request time, each half on its own; ids[i] is station i + 1, so odd indexes are even stations.
      const rateOf = (withRules: boolean) => {
        const half = perJob.filter((_, i) => (i % 2 === 1) === withRules);
        return half.reduce((n, j) => n + j.accepted, 0) / (half.reduce((n, j) => n + j.ms, 0) / 1000);
      };
      const [withRules, without] = [rateOf(true), rateOf(false)];
      rows.push([
        `  paired, ${inFlight} in flight: stations with ${rulesPerStation} rules vs without (alternating requests)`,
        `${count(withRules)} vs ${count(without)} readings/s per request (${(((withRules - without) / without) * 100).toFixed(1)}%)`,
        'within −10%',
      ]);
    }
    if (round === 0) {
      rows.push([
        'rows written per report (station object + D1), a day per request',
        `${((c.objectRows + c.d1Rows) / reports).toFixed(3)} (object ${(c.objectRows / reports).toFixed(3)}, D1 ${(c.d1Rows / reports).toFixed(3)})`,
        '≤ 2',
      ]);
      bytesAfterFirst = (await figures(sampleIds)).map((f) => f.bytes);
    }
  }
  if (rulesPerStation) {
    const { n } = (await (await fetch(`${base}/bench/alarms`)).json()) as { n: number };
    rows.push(['alarms fired during ingest (the rules are quiet by design)', String(n), '0']);
  }
  const after = await figures(sampleIds);
  const perDay = after.reduce((n, f, i) => n + (f.bytes - bytesAfterFirst[i]), 0) / after.length / 2;
  rows.push(['bytes stored per station-day (7 codes, 144 reports; growth over two days)', `${count(perDay)} B (${(perDay * 365 / 1e6).toFixed(1)} MB per station-year)`, '']);

  const d1Size = async () => (await fetch(`${base}/bench/d1-size`)).json() as Promise<{ bytes: number; stats: number }>;
  const sizeBefore = await d1Size();
  const t = performance.now();
  const rollup = (await (await fetch(`${base}/bench/rollup`)).json()) as { run: { stations: number; days: number; d1RowsWritten: number; failed: number; left: number } };
  const cronMs = since(t);
  rows.push([
    `cron run, ${count(rollup.run.stations)} changed stations (${count(rollup.run.days)} station-days)`,
    `${ms(cronMs)}; D1 queries: 1 in the cron, 1 batch per station from its object; ${count(rollup.run.d1RowsWritten)} D1 rows written${rollup.run.failed || rollup.run.left ? `; failed ${rollup.run.failed}, left ${rollup.run.left}` : ''}`,
    '≤ 5 s for 1,000 stations',
  ]);
  const sizeAfter = await d1Size();
  rows.push([
    'D1 bytes per daily_stats row (station, code, day)',
    `${count((sizeAfter.bytes - sizeBefore.bytes) / (sizeAfter.stats - sizeBefore.stats))} B (${count(sizeAfter.stats)} rows, ${(sizeAfter.bytes / 1e6).toFixed(1)} MB in all)`,
    '',
  ]);

  const range = `from=${days[0]}&to=${days[2]}`;
  const all = await sample(base, `/rest/api?${range}`, 30, sessionTokenOf(1));
  const some = await sample(base, `/rest/api?${range}`, 30, sessionTokenOf(2));
  const summaries = Object.keys(JSON.parse(all.body).data.danes).length;
  rows.push([`dashboard, ${count(summaries)} stations × 3 days`, `p50 ${ms(all.p50)}, p95 ${ms(all.times.sort((a, b) => a - b)[28])}`, 'p50 ≤ 25 ms']);
  rows.push([`dashboard, ${compared} stations × 3 days (same run)`, `p50 ${ms(some.p50)}`, '']);
  const chart = await sample(base, `/rest/api/item?id=${benchStationId(1)}&${range}`, 30, sessionTokenOf(1));
  rows.push(['chart, one station × 3 days (3,024 readings)', `p50 ${ms(chart.p50)}`, '']);
} finally {
  worker.stop();
}
printTable(rows);
process.exit(0);
