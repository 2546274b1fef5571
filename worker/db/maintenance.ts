import { and, desc, eq, gt, gte, isNull, lt, lte, sql } from 'drizzle-orm';
import type { MaintenanceWindow } from '../contracts/maintenance';
import { isoInstant } from '../../shared/station-time';
import type { Db } from './client';
import { alarms, maintenanceWindows } from './schema';

type Row = typeof maintenanceWindows.$inferSelect;

export const toWindow = (r: Row): MaintenanceWindow => ({
  id: r.id,
  item_id: r.itemId,
  starts_at: isoInstant(r.startsAt),
  ends_at: isoInstant(r.endsAt),
  note: r.note,
  created_by: r.createdBy,
});

const live = isNull(maintenanceWindows.cancelledAt);

export const selectWindows = (db: Db, itemId: number) =>
  db
    .select()
    .from(maintenanceWindows)
    .where(and(eq(maintenanceWindows.itemId, itemId), live))
    .orderBy(desc(maintenanceWindows.startsAt));

/** A live window of the station overlapping [start, end), if any. */
export const findOverlap = async (db: Db, { itemId, start, end }: { itemId: number; start: number; end: number }) =>
  (
    await db
      .select()
      .from(maintenanceWindows)
      .where(and(eq(maintenanceWindows.itemId, itemId), live, lt(maintenanceWindows.startsAt, end), gt(maintenanceWindows.endsAt, start)))
      .limit(1)
  )[0];

/** Whether the station was in a live window at `at`. */
export const inMaintenance = async (db: Db, itemId: number, at: number) =>
  (
    await db
      .select({ id: maintenanceWindows.id })
      .from(maintenanceWindows)
      .where(and(eq(maintenanceWindows.itemId, itemId), live, lte(maintenanceWindows.startsAt, at), gt(maintenanceWindows.endsAt, at)))
      .limit(1)
  ).length > 0;

const nextRevision = (itemId: number) =>
  sql`(SELECT coalesce(max(${maintenanceWindows.rev}), 0) + 1 FROM ${maintenanceWindows} WHERE ${maintenanceWindows.itemId} = ${itemId})`;

/**
 * Inserts a window in the station's next revision, only if no live window overlaps it (checked by the same
 * statement, so two overlapping requests cannot both land); undefined when one does.
 */
export const insertWindow = async (
  db: Db,
  w: { itemId: number; start: number; end: number; note: string | null; by: number; now: number },
): Promise<Row | undefined> =>
  (
    await db
      .insert(maintenanceWindows)
      .select(
        sql`SELECT NULL, ${w.itemId}, ${w.start}, ${w.end}, ${w.note}, ${w.by}, ${w.now}, NULL, ${nextRevision(w.itemId)}, 0
            WHERE NOT EXISTS (SELECT 1 FROM ${maintenanceWindows} WHERE ${maintenanceWindows.itemId} = ${w.itemId}
              AND ${maintenanceWindows.cancelledAt} IS NULL AND ${maintenanceWindows.startsAt} < ${w.end} AND ${maintenanceWindows.endsAt} > ${w.start})`,
      )
      .returning()
  )[0];

export const findWindow = async (db: Db, id: number) =>
  (await db.select().from(maintenanceWindows).where(eq(maintenanceWindows.id, id)))[0];

export const cancelWindow = (db: Db, { id, itemId, now }: { id: number; itemId: number; now: number }) =>
  db
    .update(maintenanceWindows)
    .set({ cancelledAt: now, pushed: false, rev: nextRevision(itemId) })
    .where(eq(maintenanceWindows.id, id));

/** Every window row of a station (cancelled ones carry the revision). */
export const selectStationWindows = (db: Db, itemId: number) =>
  db.select().from(maintenanceWindows).where(eq(maintenanceWindows.itemId, itemId));

export const markWindowsPushed = (db: Db, { itemId, revision }: { itemId: number; revision: number }) =>
  db
    .update(maintenanceWindows)
    .set({ pushed: true })
    .where(and(eq(maintenanceWindows.itemId, itemId), lte(maintenanceWindows.rev, revision), eq(maintenanceWindows.pushed, false)));

export const selectUnpushedWindowStations = (db: Db, limit: number) =>
  db
    .selectDistinct({ itemId: maintenanceWindows.itemId })
    .from(maintenanceWindows)
    .where(eq(maintenanceWindows.pushed, false))
    .limit(limit);

/** Keys of the station's alarms that fired in [start, end) and are still active (nobody acknowledged, not cleared). */
export const selectHeldBackAlarms = async (db: Db, { itemId, start, end }: { itemId: number; start: number; end: number }) =>
  db
    .select({ key: alarms.key })
    .from(alarms)
    .where(and(eq(alarms.itemId, itemId), eq(alarms.state, 'active'), gte(alarms.firedAt, start), lt(alarms.firedAt, end)));
