import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { Subject } from '../../db/schema';
import { inTimeOrder, maxExportDays, maxExportReadings, type Chart, type ChartColumns, type ChartQuery, type RawReadings, type ReadingsQuery } from '../../contracts/telemetry';
import { addDays, dayBounds, resolveRange, type DayRange } from '../../contracts/station-time';
import { stationOf } from '../../station/directory';
import type { ChartSeries, CodeTotals } from '../../station/series';
import { badRequest } from '../errors';
import { toItemRow } from '../items/manage';
import { visibleItem } from '../items/visibility';
import { sourceRows } from './rows';

/** The instants a station's local days `from`..`to` span, and the range a chart reply names. */
export function answeredRange({ from, to }: DayRange, timeZone: string) {
  const start = dayBounds(from, timeZone).start;
  const end = dayBounds(to, timeZone).end;
  return { from, to, start, end, range: { from, to, start: new Date(start).toISOString(), end: new Date(end).toISOString() } };
}

/** The station a subject may see, and the instants its local days `from`..`to` span. */
async function stationRange(db: Db, subject: Subject, query: { id: string; from?: string; to?: string; days?: number }) {
  const item = await visibleItem({ db, subject }, { uniqueId: query.id }, 'id');
  return { item, ...answeredRange(resolveRange(query, item.timezone), item.timezone) };
}

/** A station's readings over local days `from`..`to` as the source's rows, read from its object in one call (downsampled there, peaks kept). */
export async function chartOf(db: Db, env: Cloudflare.Env, subject: Subject, query: z.output<typeof ChartQuery>): Promise<Chart> {
  const { item, start, end, range } = await stationRange(db, subject, query);
  const { series, min, max, downsampled } = await stationOf(env, item.id).series(start, end, { points: query.points });
  return { item: toItemRow(item), range, data: sourceRows(item.nameForApi, inTimeOrder(series)), min, max, downsampled };
}

const totalsReply = ({ period, t, v, sum, peakDay }: CodeTotals) => ({ period, t, v, sum, peak_day: peakDay });

/** A station object's series as the columns reply carries them. */
export const columnsOf = (chart: ChartSeries) => ({
  data: chart.series,
  totals: Object.fromEntries(Object.entries(chart.totals).map(([code, t]) => [code, totalsReply(t)])),
  min: chart.min,
  max: chart.max,
  downsampled: chart.downsampled,
  bucket_ms: chart.bucketMs,
});

/**
 * The same range as columns per reading (what the app draws): points downsampled to the budget asked, readings
 * that add up as totals per station-local period, all from one pass in the station's object.
 */
export async function chartColumnsOf(db: Db, env: Cloudflare.Env, subject: Subject, query: z.output<typeof ChartQuery>): Promise<ChartColumns> {
  const { item, start, end, range } = await stationRange(db, subject, query);
  const chart = await stationOf(env, item.id).series(start, end, { points: query.points, totalsIn: item.timezone });
  return { item: toItemRow(item), range, ...columnsOf(chart) };
}

/** Every raw reading of a station over local days `from`..`to` (at most a year, at most `maxExportReadings`), for export. */
export async function readingsOf(db: Db, env: Cloudflare.Env, subject: Subject, query: z.output<typeof ReadingsQuery>): Promise<RawReadings> {
  const { item, from, to, start, end } = await stationRange(db, subject, query);
  if (addDays(from, maxExportDays - 1) < to) throw badRequest(`Export at most ${maxExportDays} days at a time.`, 'to');
  const data = await stationOf(env, item.id).readings(start, end, maxExportReadings);
  if (!data) throw badRequest(`This range holds more than ${maxExportReadings.toLocaleString('en')} readings: export fewer days at a time.`, 'to');
  return { item: toItemRow(item), data };
}
