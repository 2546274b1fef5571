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

/** The approval levels, lowest first, each with whether a station uses it; the defaults are stored on first read. */
export async function selectApprovalLevels(db: Db) {
  const rows = await listed(db);
  if (rows.length) return rows;
  await db.insert(approvalLevels).values(defaults).onConflictDoNothing();
  return listed(db);
}

/** Replaces the levels by `levels` (lowest first, `id` null for a new one) in one batch. */
export async function writeApprovalLevels(db: Db, levels: { id: number | null; name: string; colour: string }[]) {
  const kept = levels.flatMap((l) => (l.id === null ? [] : [l.id]));
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
}

/** Records the levels a station's ranges stand at now (replacing what was recorded). */
export const writeApprovalLevelUses = (db: Db, itemId: number, levelIds: number[]) =>
  atomically(db, [
    db.delete(approvalLevelUses).where(eq(approvalLevelUses.itemId, itemId)),
    ...(levelIds.length ? [db.insert(approvalLevelUses).values(levelIds.map((levelId) => ({ levelId, itemId })))] : []),
  ]);
