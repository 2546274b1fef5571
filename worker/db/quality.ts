import { and, eq, lte, sql } from 'drizzle-orm';
import type { CheckSettings } from '../../shared/readings';
import type { Db } from './client';
import { qualitySettings, type Subject } from './schema';

/**
 * Whether a subject may flag a station's readings and set its checks: administrators always; others through a link
 * carrying the quality control right, to the station itself or to a group holding it.
 */
export async function mayControlQuality(db: Db, subject: Subject, itemId: number): Promise<boolean> {
  if (subject.isAdmin) return true;
  const [row] = await db.all<{ ok: number }>(sql`
    SELECT EXISTS (SELECT 1 FROM subject_items WHERE subject_id = ${subject.id} AND item_id = ${itemId} AND quality = 1)
        OR EXISTS (SELECT 1 FROM subject_groups sg JOIN group_items gi ON gi.group_id = sg.group_id
                   WHERE sg.subject_id = ${subject.id} AND sg.quality = 1 AND gi.item_id = ${itemId}) AS ok`);
  return row?.ok === 1;
}

/** A station's own check settings per code (none: the catalogue's), with their revision. */
export const selectQualitySettings = async (db: Db, itemId: number) =>
  (await db.select().from(qualitySettings).where(eq(qualitySettings.itemId, itemId)))[0];

/** Stores a station's check settings in its next revision, to be pushed. */
export const writeQualitySettings = async (
  db: Db,
  { itemId, checks, by, now }: { itemId: number; checks: Record<string, CheckSettings>; by: number; now: number },
) =>
  (
    await db
      .insert(qualitySettings)
      .values({ itemId, checks, rev: 1, pushed: false, updatedAt: now, updatedBy: by })
      .onConflictDoUpdate({
        target: qualitySettings.itemId,
        set: { checks, rev: sql`${qualitySettings.rev} + 1`, pushed: false, updatedAt: now, updatedBy: by },
      })
      .returning()
  )[0];

/** The station's object holds its settings up to `revision`. */
export const markQualityPushed = (db: Db, { itemId, revision }: { itemId: number; revision: number }) =>
  db
    .update(qualitySettings)
    .set({ pushed: true })
    .where(and(eq(qualitySettings.itemId, itemId), lte(qualitySettings.rev, revision), eq(qualitySettings.pushed, false)));

/** Stations whose objects may not hold their latest check settings. */
export const selectUnpushedQualityStations = (db: Db, limit: number) =>
  db.select({ itemId: qualitySettings.itemId }).from(qualitySettings).where(eq(qualitySettings.pushed, false)).limit(limit);
