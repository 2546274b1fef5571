/**
 * `npm run bench:ogc [-- --days 365 --walks 3]`: OGC API – Features and WaterML 2.0 on the production build (served by
 * Miniflare alone, scripts/lib/serve-build.ts, with a D1 and station objects of its own in a temporary directory; the dev database is untouched), read with
 * an integration token as GDAL and hydrology clients would: one station holding `days` of 10-minute reports of every
 * code. Times a WaterML document of the whole of one code's series, and the `observations` collection paged at 1,000
 * per page through its next links (page 1 against page 50). Prints one table.
 */
import { parseArgs } from 'node:util';
import { hashToken } from '../worker/domain/auth/tokens';
import { reconcileCron } from '../worker/rollup/schedules';
import { benchPreview, ms, percentile, postIngest, printTable, sample, since, timed, type Row } from './bench/lib';
import { benchAccountsSql, benchStationId, report, stationTokenOf } from './bench/seed';
import { insertSql } from './lib/d1';
import { buildOnce, startBuiltWorker } from './lib/preview';

const { values } = parseArgs({ options: { days: { type: 'string', default: '365' }, walks: { type: 'string', default: '3' } } });
const days = Number(values.days);
const walks = Number(values.walks);
const STEP = 600_000;
const pages = 50;
const token = 'hladina_bench-ogc-integration-token';
const station = benchStationId(1);

buildOnce();
const server = await benchPreview(
  `a station with ${days} days of reports`,
  [
    benchAccountsSql(1, [1]) +
      insertSql('api_tokens', { subject_id: 1, name: 'Bench', token_hash: hashToken(token), created_at: Date.now() }),
  ],
  startBuiltWorker,
);
const rows: Row[] = [];
try {
  const { base } = server;
  // Whole UTC days ending yesterday, so nothing lies in the future.
  const end = Math.floor(Date.now() / 86_400_000) * 86_400_000;
  const start = end - days * 86_400_000;
  const t = performance.now();
  const readings = Array.from({ length: days * 144 }, (_, k) => report(1, start + k * STEP)).flat();
  for (let i = 0; i < readings.length; i += 5000)
    await postIngest(base, stationTokenOf(1), JSON.stringify({ rows: readings.slice(i, i + 5000) }));
  await server.cron(reconcileCron);
  console.log(`Posted ${readings.length.toLocaleString('en')} readings in ${(since(t) / 1000).toFixed(1)} s; rolled up.`);
  const range = `datetime=${new Date(start).toISOString()}/${new Date(end - 1).toISOString()}`;
  const series = days * 144;

  // (1) One code's whole series as one WaterML document.
  const waterml = await sample(base, `/ogc/collections/observations/waterml?station=${station}&code=H1&${range}`, 10, token);
  const points = waterml.body.match(/<wml2:point>/g)?.length ?? 0;
  if (points !== series) throw new Error(`WaterML held ${points} points, not ${series}`);
  rows.push([
    `WaterML 2.0, one code, ${days} days of 10-minute readings (${points.toLocaleString('en')} points, ${(waterml.body.length / 1e6).toFixed(1)} MB)`,
    `p50 ${ms(waterml.p50)}, p95 ${ms(percentile(waterml.times, 95))}`,
    'p50 ≤ 300 ms',
  ]);

  // (2) The same series through the observations collection, 1,000 features a page, following next links.
  const perPage: number[][] = Array.from({ length: pages }, () => []);
  let read = 0;
  for (let walk = 0; walk < walks; walk++) {
    let next: string | undefined = `/ogc/collections/observations/items?station=${station}&code=H1&${range}&limit=1000`;
    read = 0;
    for (let page = 0; page < pages && next; page++) {
      const r = await timed(base, next, token);
      perPage[page].push(r.elapsed);
      const body = JSON.parse(r.body) as { features: unknown[]; links: { rel: string; href: string }[] };
      read += body.features.length;
      const link = body.links.find((l) => l.rel === 'next')?.href;
      next = link && link.slice(base.length);
    }
  }
  const medians = perPage.filter((times) => times.length).map((times) => percentile(times, 50));
  rows.push([
    `observations, one code, 1,000 a page through next links (${medians.length} pages, ${read.toLocaleString('en')} features, ${walks} walks)`,
    `page 1 p50 ${ms(medians[0])}, page ${medians.length} p50 ${ms(medians.at(-1)!)}, slowest page p50 ${ms(Math.max(...medians))}`,
    '≤ 50 ms a page; page 50 as fast as page 1',
  ]);

  // (3) Every code of the station at once, as GDAL reads a layer: the first page, with its count.
  const all = await sample(base, `/ogc/collections/observations/items?station=${station}&limit=1000`, 10, token);
  rows.push([
    `observations, every code, first page of 1,000 with numberMatched (${(JSON.parse(all.body) as { numberMatched: number }).numberMatched.toLocaleString('en')})`,
    `p50 ${ms(all.p50)}`,
    '',
  ]);
} finally {
  server.stop();
}
printTable(rows);
console.log('(One run on a shared machine: rough figures.)');
process.exit(0);
