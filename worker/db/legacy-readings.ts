import { and, count, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { items, legacyReadings } from './schema';

/** The first station after D1 id `after` that has readings in the older database's table. */
export const findNextLegacyStation = async (db: Db, after: number) =>
  (
    await db
      .select({ id: items.id, uniqueId: items.uniqueId, source: items.nameForApi, timezone: items.timezone })
      .from(items)
      .where(
        inArray(
          items.id,
          db
            .select({ id: legacyReadings.itemId })
            .from(legacyReadings)
            .where(gt(legacyReadings.itemId, after))
            .orderBy(legacyReadings.itemId)
            .limit(1),
        ),
      )
  )[0];

/** A station's legacy readings after (`ts`, `reading`), in (time, code) order. */
export const selectLegacyReadings = (
  db: Db,
  { itemId, ts, reading, limit }: { itemId: number; ts: number; reading: string; limit: number },
) =>
  db
    .select({ reading: legacyReadings.reading, ts: legacyReadings.ts, value: legacyReadings.value })
    .from(legacyReadings)
    .where(and(eq(legacyReadings.itemId, itemId), sql`(${legacyReadings.ts}, ${legacyReadings.reading}) > (${ts}, ${reading})`))
    .orderBy(legacyReadings.ts, legacyReadings.reading)
    .limit(limit);

export const countLegacyReadings = async (db: Db, itemId: number) =>
  (await db.select({ n: count() }).from(legacyReadings).where(eq(legacyReadings.itemId, itemId)))[0].n;
