/**
 * `npm run bench:sta`: the SensorThings API against the real Worker served locally (`wrangler dev`) on a D1 and
 * station objects of its own (a temporary directory; the dev database is untouched), read with an integration
 * token as QGIS and Grafana would. 100 stations, each with a year of roll-up rows and a day of reports in its
 * object; station 1 holds a whole year of 10-minute reports. Prints one table.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { addDays, dayBounds, localDay } from '../shared/station-time';
import { hashToken } from '../worker/domain/auth/tokens';
import { applyMigrations, executeScript, insertSql } from './lib/d1';
import { startLocalWorker } from './lib/local-worker';
import { ms, percentile, postIngest, printTable, sample, since, timed, type Row } from './bench/lib';
import { benchAccountsSql, benchZone, stationDaysSql, danesCodes, report, stationTokenOf } from './bench/seed';
import { reconcileCron } from '../worker/rollup/schedules';

const stations = 100;
const STEP = 600_000;
const yearStation = 1;
/** Station 1's H1: datastream id = station × 16 + the code's index in the catalogue. */
const yearDatastream = yearStation * 16;
const token = 'hladina_bench-integration-token';
const pages = 50;

const dir = mkdtempSync(join(tmpdir(), 'hladina-bench-sta-'));
console.log(`Preparing a benchmark database in ${dir} …`);
const to = addDays(localDay(Date.now(), benchZone), -1);
applyMigrations('--local', dir);
executeScript(
  benchAccountsSql(stations, [stations]) +
    stationDaysSql(stations, to, 365) +
    insertSql('api_tokens', { subject_id: 1, name: 'Bench', token_hash: hashToken(token), created_at: Date.now() }),
  '--local',
  dir,
);
const worker = await startLocalWorker({ persistTo: dir });
const { base } = worker;

/** Reports of a station every 10 minutes over [start, start + days), posted in batches of 5,000 readings. */
async function post(station: number, start: number, days: number) {
  const rows = Array.from({ length: days * 144 }, (_, k) => report(station, start + k * STEP)).flat();
  for (let i = 0; i < rows.length; i += 5000)
    await postIngest(base, stationTokenOf(station), JSON.stringify({ rows: rows.slice(i, i + 5000) }));
}

/** `sample`, with the CPU the local server's processes (Worker, objects and local D1 alike) spent per request. */
async function sampled(path: string, runs: number) {
  const cpu = worker.cpuSeconds();
  const result = await sample(base, path, runs, token);
  return { ...result, cpuMs: ((worker.cpuSeconds() - cpu) / (runs + 1)) * 1000 };
}
const withCpu = (r: { p50: number; times: number[]; cpuMs: number }) =>
  `p50 ${ms(r.p50)}, p95 ${ms(percentile(r.times, 95))}; CPU ${ms(r.cpuMs)} per request`;

const rows: Row[] = [];
try {
  const yearStart = dayBounds(addDays(to, -364), benchZone).start;
  const dayStart = dayBounds(to, benchZone).start;
  const t = performance.now();
  await post(yearStation, yearStart, 365);
  for (let s = 2; s <= stations; s++) await post(s, dayStart, 1);
  await worker.cron(reconcileCron);
  console.log(`Posted a station-year and ${stations - 1} station-days in ${(since(t) / 1000).toFixed(1)} s; rolled up.`);

  // (1) Every station with its datastreams and each one's newest observation: what a map or a status board asks.
  const newest = await sampled(`/sta/v1.1/Things?$expand=Datastreams($expand=Observations($orderby=phenomenonTime desc;$top=1))`, 30);
  const things = JSON.parse(newest.body).value as { Datastreams: { Observations: unknown[] }[] }[];
  const latest = things.flatMap((th) => th.Datastreams).filter((d) => d.Observations.length).length;
  rows.push([
    `Things, each with its Datastreams and newest Observation (${things.length} stations, ${latest} datastreams with one)`,
    withCpu(newest),
    'p50 ≤ 100 ms',
  ]);

  // (2) Counting every observation of 100 stations × a year: from the roll-up, not a scan.
  const count = await sampled('/sta/v1.1/Observations?$count=true&$top=0', 30);
  const counted = JSON.parse(count.body)['@iot.count'] as number;
  rows.push([
    `Observations?$count=true&$top=0, ${stations} stations × 1 year (${counted.toLocaleString('en')} observations), roll-up current`,
    withCpu(count),
    '≤ 50 ms',
  ]);

  // (3) A year of one datastream in pages of 1,000, following nextLinks: a deep page costs what the first does.
  const perPage: number[][] = Array.from({ length: pages }, () => []);
  const pagesCpu = worker.cpuSeconds();
  for (let run = 0; run < 5; run++) {
    let next: string | undefined = `/sta/v1.1/Datastreams(${yearDatastream})/Observations?$orderby=phenomenonTime asc&$top=1000`;
    for (let page = 0; page < pages && next; page++) {
      const r = await timed(base, next, token);
      perPage[page].push(r.elapsed);
      const link = JSON.parse(r.body)['@iot.nextLink'] as string | undefined;
      next = link && link.slice(base.length);
    }
  }
  const pageCpuMs = ((worker.cpuSeconds() - pagesCpu) / (5 * pages)) * 1000;
  const medians = perPage.map((times) => percentile(times, 50));
  rows.push([
    `1,000-observation pages of one Datastream's year (${pages} pages, 5 walks)`,
    `page 1 p50 ${ms(medians[0])}, page ${pages} p50 ${ms(medians[pages - 1])}, slowest page p50 ${ms(Math.max(...medians))}; CPU ${ms(pageCpuMs)} per page`,
    '≤ 50 ms each, page 50 as fast as page 1',
  ]);
  const deepSkip = await sampled(
    `/sta/v1.1/Datastreams(${yearDatastream})/Observations?$orderby=phenomenonTime asc&$top=1000&$skip=${(pages - 1) * 1000}`,
    10,
  );
  rows.push([`the same page ${pages} by $skip instead of the nextLink's keyset (for comparison)`, withCpu(deepSkip), '']);

  // (4) Grafana's panel: a datastream over 30 days, inclusive bounds, $top=1000 pages.
  const from = new Date(dayBounds(addDays(to, -29), benchZone).start).toISOString();
  const until = new Date(dayBounds(to, benchZone).end).toISOString();
  const grafana = await sampled(
    `/sta/v1.1/Datastreams(${yearDatastream})/Observations?$orderby=phenomenonTime asc&$filter=phenomenonTime ge ${from} and phenomenonTime le ${until}&$top=1000`,
    30,
  );
  rows.push(['Grafana panel: one Datastream, 30 days, first page of 1,000', withCpu(grafana), '']);

  // (5) The count while every station holds readings the roll-up has not taken yet: each such object is asked.
  for (let s = 1; s <= stations; s++) await postIngest(base, stationTokenOf(s), JSON.stringify({ rows: report(s, Date.now() - 60_000) }));
  const marked = await sampled('/sta/v1.1/Observations?$count=true&$top=0', 30);
  const exact = JSON.parse(marked.body)['@iot.count'] as number;
  rows.push([
    `the same count with all ${stations} stations changed since the roll-up (exact: ${exact - counted} more)`,
    withCpu(marked),
    '',
  ]);
  if (exact - counted !== stations * danesCodes.length) throw new Error(`the count is not exact: ${exact} after ${counted}`);
} finally {
  worker.stop();
  rmSync(dir, { recursive: true, force: true });
}
printTable(rows);
console.log('(CPU: every process of the local server together, the local D1 included, so an upper bound.)');
process.exit(0);
