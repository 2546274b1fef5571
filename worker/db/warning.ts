import { and, desc, eq, inArray, isNull, lte, sql, type SQL } from 'drizzle-orm';
import type { LevelEvent, WarningScale } from '../contracts/warning';
import { forecastReply, levelColorOf } from '../contracts/warning';
import { isoInstant } from '../../shared/station-time';
import type { Db } from './client';
import {
  items,
  warningCurrent,
  warningEvents,
  warningForecasts,
  warningScales,
  type StoredLevel,
  type Subject,
  type WarningScaleRow,
} from './schema';
import { visibleTo } from './stations';

/** Where a level is left again: its threshold back by the deadband, on the side it came from. */
const clearLevelOf = (direction: WarningScaleRow['direction'], level: StoredLevel) =>
  direction === 'rising' ? level.threshold - level.deadband : level.threshold + level.deadband;

type CurrentRow = typeof warningCurrent.$inferSelect;
type ForecastRow = typeof warningForecasts.$inferSelect;

export const toWarningScale = (
  row: WarningScaleRow,
  uniqueId: string,
  current: CurrentRow | null,
  forecast: ForecastRow | null,
): WarningScale => ({
  item_id: row.itemId,
  unique_id: uniqueId,
  reading: row.reading,
  direction: row.direction,
  levels: row.levels.map((level, i) => ({
    rank: i + 1,
    name: level.name,
    color: levelColorOf(i + 1, level.color),
    threshold: level.threshold,
    deadband: level.deadband,
    clear_level: clearLevelOf(row.direction, level),
  })),
  current: current && { level: Math.min(current.level, row.levels.length), since: isoInstant(current.since), value: current.value },
  forecast:
    forecast?.level != null && forecast.expectedAt != null && forecast.level <= row.levels.length
      ? forecastReply({ level: forecast.level, expectedAt: forecast.expectedAt, issuedAt: forecast.issuedAt })
      : null,
  updated_at: isoInstant(row.updatedAt),
});

const forecastOfScale = and(eq(warningForecasts.itemId, warningScales.itemId), eq(warningForecasts.reading, warningScales.reading));

/** Scales (not removed) with their current level, of the stations `where` keeps. */
async function scalesWhere(db: Db, where: SQL | undefined): Promise<WarningScale[]> {
  const rows = await db
    .select({ scale: warningScales, uniqueId: items.uniqueId, current: warningCurrent, forecast: warningForecasts })
    .from(warningScales)
    .innerJoin(items, eq(items.id, warningScales.itemId))
    .leftJoin(warningCurrent, and(eq(warningCurrent.itemId, warningScales.itemId), eq(warningCurrent.reading, warningScales.reading)))
    .leftJoin(warningForecasts, forecastOfScale)
    .where(and(isNull(warningScales.deletedAt), where))
    .orderBy(warningScales.itemId, warningScales.reading);
  return rows.map((r) => toWarningScale(r.scale, r.uniqueId, r.current, r.forecast));
}

/** Scales with their current level, of the stations the subject may see: of one station, or all. */
export const selectScales = (db: Db, subject: Subject, itemId: number | undefined) =>
  scalesWhere(db, and(itemId === undefined ? undefined : eq(warningScales.itemId, itemId), visibleTo(subject)));

/** Scales with their current level, of the stations named by id (a share link's, which answers without a subject). */
export const selectScalesOf = (db: Db, itemIds: number[]) => scalesWhere(db, inArray(warningScales.itemId, itemIds));

// The station's next level-set revision, computed by D1 in the statement that writes it (so concurrent edits differ).
const nextRevision = (itemId: number) =>
  sql`(SELECT coalesce(max(${warningScales.rev}), 0) + 1 FROM ${warningScales} WHERE ${warningScales.itemId} = ${itemId})`;

/** Writes a reading's scale (one statement: nothing half-saved) in the station's next revision, to be pushed. */
export async function writeScale(
  db: Db,
  scale: { itemId: number; reading: string; direction: WarningScaleRow['direction']; levels: StoredLevel[]; now: number },
) {
  const { itemId, reading, direction, levels, now } = scale;
  const set = { direction, levels, updatedAt: now, deletedAt: null, rev: nextRevision(itemId), pushed: false };
  const [row] = await db
    .insert(warningScales)
    .values({ itemId, reading, ...set })
    .onConflictDoUpdate({ target: [warningScales.itemId, warningScales.reading], set })
    .returning();
  return row;
}

/** Removes a reading's scale in the station's next revision (the row stays, so the revision never goes back); false if it had none. */
export async function removeScale(db: Db, { itemId, reading, now }: { itemId: number; reading: string; now: number }) {
  const [row] = await db.batch([
    db
      .update(warningScales)
      .set({ deletedAt: now, updatedAt: now, pushed: false, rev: nextRevision(itemId) })
      .where(and(eq(warningScales.itemId, itemId), eq(warningScales.reading, reading), isNull(warningScales.deletedAt)))
      .returning({ itemId: warningScales.itemId }),
    db.delete(warningCurrent).where(and(eq(warningCurrent.itemId, itemId), eq(warningCurrent.reading, reading))),
    db.delete(warningForecasts).where(and(eq(warningForecasts.itemId, itemId), eq(warningForecasts.reading, reading))),
  ]);
  return row.length > 0;
}

export const findScale = async (db: Db, itemId: number, reading: string) =>
  (
    await db
      .select({ scale: warningScales, current: warningCurrent, forecast: warningForecasts })
      .from(warningScales)
      .leftJoin(warningCurrent, and(eq(warningCurrent.itemId, warningScales.itemId), eq(warningCurrent.reading, warningScales.reading)))
      .leftJoin(warningForecasts, forecastOfScale)
      .where(and(eq(warningScales.itemId, itemId), eq(warningScales.reading, reading)))
  )[0];

/** Every scale row of a station, removed ones too (they carry the revision). */
export const selectStationScales = (db: Db, itemId: number) => db.select().from(warningScales).where(eq(warningScales.itemId, itemId));

export const markScalesPushed = (db: Db, { itemId, revision }: { itemId: number; revision: number }) =>
  db
    .update(warningScales)
    .set({ pushed: true })
    .where(and(eq(warningScales.itemId, itemId), lte(warningScales.rev, revision), eq(warningScales.pushed, false)));

export const selectUnpushedScaleStations = (db: Db, limit: number) =>
  db.selectDistinct({ itemId: warningScales.itemId }).from(warningScales).where(eq(warningScales.pushed, false)).limit(limit);

/**
 * Stores a crossing and the level it leaves, in one batch: the event once (by its key), the current level only if
 * the crossing is not older than what D1 holds. Returns whether the event was new.
 */
export async function recordCrossing(
  db: Db,
  c: { key: string; itemId: number; reading: string; from: number; to: number; at: number; value: number; now: number },
) {
  const [inserted] = await db.batch([
    db
      .insert(warningEvents)
      .values({
        key: c.key,
        itemId: c.itemId,
        reading: c.reading,
        fromLevel: c.from,
        toLevel: c.to,
        at: c.at,
        value: c.value,
        createdAt: c.now,
      })
      .onConflictDoNothing()
      .returning({ id: warningEvents.id }),
    db
      .insert(warningCurrent)
      .values({ itemId: c.itemId, reading: c.reading, level: c.to, since: c.at, value: c.value })
      .onConflictDoUpdate({
        target: [warningCurrent.itemId, warningCurrent.reading],
        set: { level: c.to, since: c.at, value: c.value },
        setWhere: sql`excluded.since >= ${warningCurrent.since}`,
      }),
  ]);
  return inserted.length > 0;
}

export async function selectLevelEvents(db: Db, q: { itemId: number; reading?: string; limit: number }): Promise<LevelEvent[]> {
  const rows = await db
    .select()
    .from(warningEvents)
    .where(and(eq(warningEvents.itemId, q.itemId), q.reading ? eq(warningEvents.reading, q.reading) : undefined))
    .orderBy(desc(warningEvents.at), desc(warningEvents.id))
    .limit(q.limit);
  return rows.map((r) => ({
    id: r.id,
    item_id: r.itemId,
    reading: r.reading,
    from_level: r.fromLevel,
    to_level: r.toLevel,
    direction: r.toLevel > r.fromLevel ? 'up' : 'down',
    at: isoInstant(r.at),
    value: r.value,
  }));
}
