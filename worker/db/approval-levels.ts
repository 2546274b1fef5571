import { asc, eq, notInArray, sql } from 'drizzle-orm';
import { lockingLevel } from '../contracts/quality';
import { atomically } from './batch';
import type { Db } from './client';
import { approvalLevels, approvalLevelUses } from './schema';

/** The list a deployment starts with, lowest first; the last is the locking level. */
const defaults = [
  { id: 2, position: 1, name: 'raw', colour: '#9ca3af' },
  { id: 3, position: 2, name: 'provisional', colour: '#f59e0b' },
  { id: 4, position: 3, name: 'checked', colour: '#3b82f6' },
  { id: lockingLevel, position: 4, name: 'approved', colour: '#16a34a' },
];

const listed = (db: Db) =>
  db
    .select({
      id: approvalLevels.id,
      name: approvalLevels.name,
      colour: approvalLevels.colour,
      inUse: sql<number>`EXISTS (SELECT 1 FROM ${approvalLevelUses} WHERE ${approvalLevelUses.levelId} = ${approvalLevels.id})`,
    })
    .from(approvalLevels)
    .orderBy(asc(approvalLevels.position));

/** Stores the default list in a deployment that has no levels yet (never again once it has any). */
const seedIfEmpty = (db: Db) =>
  db.insert(approvalLevels).select(
    sql`SELECT value ->> 'id', value ->> 'position', value ->> 'name', value ->> 'colour' FROM json_each(${JSON.stringify(defaults)})
          WHERE NOT EXISTS (SELECT 1 FROM ${approvalLevels})`,
  );

/** The approval levels, lowest first, each with whether a station uses it; the defaults are stored on first read. */
export async function selectApprovalLevels(db: Db) {
  const rows = await listed(db);
  if (rows.length) return rows;
  await seedIfEmpty(db);
  return listed(db);
}

/**
 * Replaces the levels by `levels` (lowest first, `id` null for a new one) in one batch. Returns false, having written
 * nothing, when a level it removes was taken into use meanwhile (the uses' foreign key refuses its removal).
 */
export async function writeApprovalLevels(db: Db, levels: { id: number | null; name: string; colour: string }[]) {
  const kept = levels.flatMap((l) => (l.id === null ? [] : [l.id]));
  try {
    await atomically(db, [
      db.delete(approvalLevels).where(notInArray(approvalLevels.id, kept.length ? kept : [0])),
      ...levels.map((l, i) =>
        l.id === null
          ? db.insert(approvalLevels).values({ position: i + 1, name: l.name, colour: l.colour })
          : db
              .update(approvalLevels)
              .set({ position: i + 1, name: l.name, colour: l.colour })
              .where(eq(approvalLevels.id, l.id)),
      ),
    ]);
    return true;
  } catch (err) {
    if (/FOREIGN KEY constraint failed/.test(String(err) + String((err as { cause?: unknown }).cause))) return false;
    throw err;
  }
}

/**
 * Takes a level into use for a station before its object paints it, in the batch that checks the level exists (the
 * defaults stored first in a deployment that has none yet, as its first read would): a
 * level removed meanwhile is refused here, and once the use is recorded its foreign key keeps the level from being
 * removed while the object paints. Returns whether the level exists.
 */
export async function reserveApprovalLevel(db: Db, itemId: number, levelId: number) {
  const [, , found] = (await atomically(db, [
    seedIfEmpty(db),
    db
      .insert(approvalLevelUses)
      .select(sql`SELECT ${approvalLevels.id}, ${itemId} FROM ${approvalLevels} WHERE ${approvalLevels.id} = ${levelId}`)
      .onConflictDoNothing(),
    db.select({ id: approvalLevels.id }).from(approvalLevels).where(eq(approvalLevels.id, levelId)),
  ])) as [unknown, unknown, { id: number }[]];
  return found.length > 0;
}

/** Records the levels a station's ranges stand at now (replacing what was recorded, a reservation included). */
export const writeApprovalLevelUses = (db: Db, itemId: number, levelIds: number[]) =>
  atomically(db, [
    db.delete(approvalLevelUses).where(eq(approvalLevelUses.itemId, itemId)),
    ...(levelIds.length ? [db.insert(approvalLevelUses).values(levelIds.map((levelId) => ({ levelId, itemId })))] : []),
  ]);
