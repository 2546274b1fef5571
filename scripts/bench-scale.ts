/**
 * `npm run bench:scale [-- --stations 1000 --rules 10 --levels 3 [--forecast] [--paired] [--references]]`: many stations at once, on the production build
 * (`npm run build`, served by `vite preview` on a D1 and objects of their own in a temporary directory; the dev
 * database is untouched). Every station posts a day of 10-minute reports through the ingest endpoint at 1, 4 and 16
 * requests in flight (a new day each time); the daily roll-up reconciliation then flushes what waits for the period;
 * then dashboards (all stations, and 100 of them) and a chart are timed. With `--rules N` every station first gets N
 * alarm rules (none of which fires), with `--levels N` N warning levels on H1 (none crossed) and with `--forecast` a
 * forecast rule on H1's level 1 besides (never firing), so the ingest rates
 * compare with a run without. With `--paired` only the even stations get them, and each round also compares the two halves, whose requests alternate: the same machine at the
 * same moment, which two runs on a shared machine are not. Bytes come from the local D1's and objects' files. Rows
 * written are counted by `npm run bench` (its counting Worker). Prints one table.
 */
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { gzipSync } from 'node:zlib';
import { addDays, dayBounds, localDay } from '../shared/station-time';
import { fiveMinuteCron, reconcileCron } from '../worker/rollup/schedules';
import { benchPreview, count, ingestRate, ms, percentile, printTable, rollupBytes, sample, since, type Row } from './bench/lib';
import {
  benchAccountsSql,
  benchAdminSql,
  benchForecastRulesSql,
  benchLevelsSql,
  benchRulesSql,
  benchStationId,
  benchZone,
  report,
  sessionTokenOf,
  stationTokenOf,
} from './bench/seed';
import { buildOnce } from './lib/preview';
import { rest } from './lib/rest';

const { values } = parseArgs({
  options: {
    stations: { type: 'string', default: '1000' },
    rules: { type: 'string', default: '0' },
    levels: { type: 'string', default: '0' },
    forecast: { type: 'boolean', default: false },
    paired: { type: 'boolean', default: false },
    references: { type: 'boolean', default: false },
  },
});
const stations = Math.max(1, Number(values.stations));
const rulesPerStation = Math.max(0, Number(values.rules));
const levelsPerStation = Math.min(3, Math.max(0, Number(values.levels)));
const forecastRule = values.forecast && levelsPerStation > 0;
const watched = rulesPerStation > 0 || levelsPerStation > 0;
const paired = values.paired && watched;
// What the watched stations carry, for the table.
const watches = [
  rulesPerStation && `${rulesPerStation} rules`,
  levelsPerStation && `${levelsPerStation} levels`,
  forecastRule && 'a forecast rule',
]
  .filter(Boolean)
  .join(' and ');
const compared = Math.min(100, stations);
// With `--references` every station's H1 is a well's depth below a surveyed measuring point, so the roll-up and the
// dashboards carry its derived series (elevation above datum, depth below ground) beside the seven codes.
const references = values.references;
const adminToken = 'bench-scale-admin-token';
const reportsPerDay = 144;
const STEP = 600_000;

/** Bytes of every station object's SQLite file under the local state directory. */
function objectBytes(dir: string) {
  const root = join(dir, 'v3', 'do');
  const folder = readdirSync(root).find((name) => name.includes('StationCore'));
  if (!folder) return 0;
  return readdirSync(join(root, folder))
    .filter((f) => f.endsWith('.sqlite') || f.endsWith('.sqlite-wal'))
    .reduce((n, f) => n + statSync(join(root, folder, f)).size, 0);
}

buildOnce();
const server = await benchPreview(`${stations} stations (production build, vite preview)`, [
  benchAccountsSql(stations, [stations, compared]),
  ...(references ? [benchAdminSql(adminToken)] : []),
  ...(rulesPerStation ? [benchRulesSql(stations, rulesPerStation, paired)] : []),
  ...(levelsPerStation ? [benchLevelsSql(stations, levelsPerStation, paired)] : []),
  ...(forecastRule ? [benchForecastRulesSql(stations, paired)] : []),
]);
const { base } = server;

const rows: Row[] = [];
try {
  const today = localDay(Date.now(), benchZone);
  const days = [addDays(today, -4), addDays(today, -3), addDays(today, -2)];
  const dayOf = (day: string, station: number) => {
    const start = dayBounds(day, benchZone).start;
    return JSON.stringify({ rows: Array.from({ length: reportsPerDay }, (_, k) => report(station, start + k * STEP)).flat() });
  };
  const ids = Array.from({ length: stations }, (_, i) => i + 1);

  if (watched) {
    // The cron pushes the stations' rules and levels to their objects.
    await server.cron(fiveMinuteCron);
    rows.push([`per ${paired ? 'even station' : 'station'} (pushed by the cron)`, watches, '']);
  }
  if (references) {
    const from = new Date(dayBounds(addDays(days[0], -10), benchZone).start).toISOString();
    const body = {
      reading: 'H1',
      from,
      ground_elevation: 301,
      mp_elevation: 301.5,
      datum: 'Bpv',
      mode: 'depth_below_mp',
      note: 'Bench survey.',
    };
    for (const i of ids) await rest(base, adminToken, '/levels/references', { id: i }, { model: 'LevelReference', body });
    rows.push(['per station (through the API)', 'a vertical reference on H1: its elevation and depth series', '']);
  }
  // Wakes every station's object once (a report the day before, flushed at once), so each round measures storing.
  const warmDay = addDays(days[0], -1);
  await ingestRate(
    base,
    ids.map((i) => ({ token: stationTokenOf(i), body: JSON.stringify({ rows: report(i, dayBounds(warmDay, benchZone).start) }) })),
    16,
  );
  await server.cron(reconcileCron);
  const bytesBefore = objectBytes(server.dir);

  for (const [round, inFlight] of [1, 4, 16].entries()) {
    const jobs = ids.map((i) => ({ token: stationTokenOf(i), body: dayOf(days[round], i) }));
    const cpu = server.cpuSeconds();
    const { stored, seconds, rate, perJob } = await ingestRate(base, jobs, inFlight);
    rows.push([
      `ingest, ${count(stations)} stations × a day of 10-min reports (${count(stored / stations)} readings per request), ${inFlight} in flight`,
      `${count(rate)} readings/s (${seconds.toFixed(1)} s); CPU ${(((server.cpuSeconds() - cpu) / stations) * 1000).toFixed(1)} ms per request, all local processes`,
      inFlight === 1 ? '≥ 100,000 readings/s' : 'more than at 1 in flight',
    ]);
    if (paired) {
      // Readings per second of request time, each half on its own; ids[i] is station i + 1, so odd indexes are even stations.
      const rateOf = (watchedHalf: boolean) => {
        const half = perJob.filter((_, i) => (i % 2 === 1) === watchedHalf);
        return half.reduce((n, j) => n + j.accepted, 0) / (half.reduce((n, j) => n + j.ms, 0) / 1000);
      };
      const [watchedHalf, without] = [rateOf(true), rateOf(false)];
      rows.push([
        `  paired, ${inFlight} in flight: stations with ${watches} vs without (alternating requests)`,
        `${count(watchedHalf)} vs ${count(without)} readings/s per request (${(((watchedHalf - without) / without) * 100).toFixed(1)}%)`,
        'within −10%',
      ]);
    }
  }

  // The days of the last two rounds wait for their period in the objects (each station flushed its first round at
  // once); the daily reconciliation flushes them all now.
  let t = performance.now();
  await server.cron(reconcileCron);
  const reconcileMs = since(t);
  rows.push([
    `roll-up reconciliation, ${count(stations)} stations (each flushes its waiting days: 2 station-days)`,
    ms(reconcileMs),
    '≤ 5 s for 1,000 stations',
  ]);
  const perDay = (objectBytes(server.dir) - bytesBefore) / stations / 3;
  rows.push([
    'object storage per station-day (7 codes, 144 reports; files on disk over 3 days)',
    `${count(perDay)} B (${((perDay * 365) / 1e6).toFixed(1)} MB per station-year)`,
    '',
  ]);
  const bytes = rollupBytes(server.dir);
  rows.push([
    'D1 bytes per station-day row (7 codes; table pages / rows)',
    `${bytes.days.perRow.toFixed(0)} B, payload ${bytes.days.payloadPerRow.toFixed(0)} B (${count(bytes.days.rows)} rows)`,
    '',
  ]);

  const range = (shift: number) => `/rest/api?from=${addDays(days[0], shift)}&to=${addDays(days[2], shift)}`;
  const fresh = { 'Cache-Control': 'no-cache' };
  const all = await sample(base, () => range(0), 30, sessionTokenOf(1), fresh);
  const allKept = await sample(base, range(0), 30, sessionTokenOf(1));
  const some = await sample(base, () => range(0), 30, sessionTokenOf(2), fresh);
  const columns = await sample(base, () => `${range(0)}&format=columns`, 10, sessionTokenOf(1), fresh);
  const summaries = Object.keys(JSON.parse(all.body).data.danes).length;
  const gz = (body: string) => `${(gzipSync(body).length / 1024).toFixed(1)} KB`;
  rows.push([
    `dashboard, ${count(summaries)} stations × 3 days${references ? ' with derived series' : ''}, assembled (Cache-Control: no-cache)`,
    `p50 ${ms(all.p50)}, p95 ${ms(percentile(all.times, 95))}`,
    references ? 'p50 ≤ 40 ms' : '',
  ]);
  rows.push([
    `dashboard, ${count(summaries)} stations × 3 days, kept (the same question within DASHBOARD_CACHE_SECONDS)`,
    `p50 ${ms(allKept.p50)}, p95 ${ms(percentile(allKept.times, 95))}`,
    references ? 'p50 ≤ 25 ms' : '',
  ]);
  rows.push([
    `dashboard reply, ${count(summaries)} stations: documented rows / columns (the app's)`,
    `${gz(all.body)} / ${gz(columns.body)} gzipped; columns assembled p50 ${ms(columns.p50)}`,
    'app ≤ 30 KB',
  ]);
  rows.push([`dashboard, ${compared} stations × 3 days (same run), assembled`, `p50 ${ms(some.p50)}`, '']);
  t = performance.now();
  const chart = await sample(base, `/rest/api/item?id=${benchStationId(1)}&from=${days[0]}&to=${days[2]}`, 30, sessionTokenOf(1));
  rows.push(['chart, one station × 3 days (3,024 readings)', `p50 ${ms(chart.p50)}`, '']);
} finally {
  server.stop();
}
printTable(rows);
process.exit(0);
