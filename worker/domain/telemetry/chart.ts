import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import type { z } from 'zod';
import type { Chart, ChartQuery as ChartQueryContract } from '../../contracts/telemetry';
import type { Subject } from '../../db/schema';
import { toItemRow } from '../items/manage';
import { visibleItemsWhere } from '../items/visibility';
import { forbidden, notFound } from '../errors';
import { bucketWidth, extremesByReading, maxPointsPerReading, mergeExtremes } from './downsample';
import { sourceRows, type Reading } from './rows';
import { dayBounds, resolveRange } from '../../contracts/station-time';

type ChartQuery = z.output<typeof ChartQueryContract>;

/** The station by unique_id, if the subject may see it: one query answers both "exists" and "visible". */
async function visibleItem(db: Db, subject: Subject, uniqueId: string) {
  const [row] = await db
    .select({ item: items, visible: sql<number>`${visibleItemsWhere(subject)}` })
    .from(items)
    .where(eq(items.uniqueId, uniqueId));
  if (!row) throw notFound('Item');
  if (!row.visible) throw forbidden('You may not see this station.', 'id');
  return row.item;
}

async function pointsIn(db: Db, itemId: number, start: number, end: number): Promise<{ points: Reading[]; downsampled: boolean }> {
  const counts = await db.all<{ n: number }>(
    sql`SELECT count(*) AS n FROM readings WHERE item_id = ${itemId} AND ts >= ${start} AND ts < ${end} GROUP BY reading`,
  );
  if (counts.every((c) => c.n <= maxPointsPerReading)) {
    const points = await db.all<Reading>(
      sql`SELECT reading, ts, value FROM readings WHERE item_id = ${itemId} AND ts >= ${start} AND ts < ${end} ORDER BY ts, reading`,
    );
    return { points, downsampled: false };
  }
  // With one aggregate per SELECT, SQLite takes the bare ts from the row holding that min or max.
  const width = bucketWidth(start, end);
  const inBucket = sql`FROM readings WHERE item_id = ${itemId} AND ts >= ${start} AND ts < ${end}
                       GROUP BY reading, CAST((ts - ${start}) / ${width} AS INTEGER)`;
  const extremes = await db.all<Reading>(
    sql`SELECT reading, ts, min(value) AS value ${inBucket} UNION ALL SELECT reading, ts, max(value) AS value ${inBucket}`,
  );
  return { points: mergeExtremes(extremes), downsampled: true };
}

/** A station's readings over local days `from`..`to`, downsampled (peaks kept) when a reading has too many points. */
export async function chartOf(db: Db, subject: Subject, query: ChartQuery): Promise<Chart> {
  const item = await visibleItem(db, subject, query.id);
  const { from, to } = resolveRange(query, item.timezone);
  const { points, downsampled } = await pointsIn(db, item.id, dayBounds(from, item.timezone).start, dayBounds(to, item.timezone).end);
  return { item: toItemRow(item), data: sourceRows(item.nameForApi, points), ...extremesByReading(points), downsampled };
}
