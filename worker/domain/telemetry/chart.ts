import type { z } from 'zod';
import type { SubjectCtx } from '../../context';
import {
  inTimeOrder,
  sourceRows,
  maxExportDays,
  maxExportReadings,
  type Chart,
  type ChartColumns,
  type ChartQuery,
  type RawReadings,
  type ReadingsQuery,
} from '../../contracts/telemetry';
import { addDays, dayBounds, isoInstant, resolveRange, type DayRange } from '../../../shared/station-time';
import { stationOf } from '../../station/directory';
import { badRequest } from '../errors';
import { toItemRow } from '../../db/stations';
import { visibleItem } from '../items/visibility';
import { approvalLevels } from '../quality/approval-levels';

/** The instants a station's local days `from`..`to` span, and the range a chart reply names. */
export function answeredRange({ from, to }: DayRange, timeZone: string) {
  const start = dayBounds(from, timeZone).start;
  const end = dayBounds(to, timeZone).end;
  return { from, to, start, end, range: { from, to, start: isoInstant(start), end: isoInstant(end) } };
}

/** The station a subject may see, and the instants its local days `from`..`to` span. */
async function stationRange(ctx: SubjectCtx, query: { id: string; from?: string; to?: string; days?: number }) {
  const item = await visibleItem(ctx, { uniqueId: query.id }, 'id');
  return { item, ...answeredRange(resolveRange(query, item.timezone), item.timezone) };
}

/** Raw or corrected (now or as of an instant), as the chart query asks. */
const correctionsOf = (query: { raw?: boolean; at?: string }) => ({
  raw: query.raw,
  asOf: query.at === undefined ? undefined : Date.parse(query.at),
});

const readsOf = (ctx: SubjectCtx, item: { id: number }) => stationOf(ctx.env, item.id).reads();

/**
 * A station's readings over local days `from`..`to` as the source's rows, read from its object in one call
 * (downsampled there, peaks kept): rejected readings left out, the flagged points listed beside the rows.
 */
export async function chartOf(ctx: SubjectCtx, query: z.output<typeof ChartQuery>): Promise<Chart> {
  const { item, start, end, range } = await stationRange(ctx, query);
  const [{ data, min, max, downsampled, flags, approved, approvals }, levels] = await Promise.all([
    readsOf(ctx, item).series(start, end, { points: query.points, flagged: true, ...correctionsOf(query) }),
    approvalLevels(ctx),
  ]);
  return {
    item: toItemRow(item),
    range,
    data: sourceRows(item.nameForApi, inTimeOrder(data)),
    min,
    max,
    downsampled,
    flags,
    approved,
    approvals,
    approval_levels: levels,
  };
}

/**
 * The same range as columns per reading (what the app draws): points downsampled to the budget asked, readings
 * that add up as totals per station-local period, flagged points apart, all from one pass in the station's object.
 */
export async function chartColumnsOf(ctx: SubjectCtx, query: z.output<typeof ChartQuery>): Promise<ChartColumns> {
  const { item, start, end, range } = await stationRange(ctx, query);
  const [chart, levels] = await Promise.all([
    readsOf(ctx, item).series(start, end, { points: query.points, totalsIn: item.timezone, flagged: true, ...correctionsOf(query) }),
    approvalLevels(ctx),
  ]);
  return { item: toItemRow(item), range, ...chart, approval_levels: levels };
}

/**
 * Every raw reading of a station over local days `from`..`to` (at most a year, at most `maxExportReadings`), for export,
 * with each reading's flag (rejected ones left out when asked) and how far each reading is approved.
 */
export async function readingsOf(ctx: SubjectCtx, query: z.output<typeof ReadingsQuery>): Promise<RawReadings> {
  const { item, from, to, start, end } = await stationRange(ctx, query);
  if (addDays(from, maxExportDays - 1) < to) throw badRequest(`Export at most ${maxExportDays} days at a time.`, 'to');
  const [found, levels] = await Promise.all([
    readsOf(ctx, item).readings(start, end, maxExportReadings, {
      withoutRejected: query.rejected === 'exclude',
      corrected: query.corrected,
    }),
    approvalLevels(ctx),
  ]);
  if (!found)
    throw badRequest(`This range holds more than ${maxExportReadings.toLocaleString('en')} readings: export fewer days at a time.`, 'to');
  return { item: toItemRow(item), ...found, approval_levels: levels };
}
