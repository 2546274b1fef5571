import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import type { Subject } from '../../db/schema';
import { forbidden, notFound } from '../errors';

/** Items linked to the subject directly or through one of its groups (its "own" items). */
export const linkedItemIds = (subjectId: number): SQL =>
  sql`(SELECT item_id FROM subject_items WHERE subject_id = ${subjectId}
       UNION SELECT gi.item_id FROM group_items gi JOIN subject_groups sg ON sg.group_id = gi.group_id
       WHERE sg.subject_id = ${subjectId})`;

/** Items a subject may read: its own, or every item for an administrator. */
export const visibleItemsWhere = (subject: Subject): SQL =>
  subject.isAdmin ? sql`1 = 1` : sql`${items.id} IN ${linkedItemIds(subject.id)}`;

/** Most stations a page may name when it watches a list rather than all it may see. */
export const maxListedStations = 500;

/** Of the asked stations (by unique_id), those the subject may read; all it may read when none are named. */
export async function visibleStations(db: Db, subject: Subject, uniqueIds?: string[]) {
  if (uniqueIds && !uniqueIds.length) return [];
  return db
    .select({ id: items.id, uniqueId: items.uniqueId })
    .from(items)
    .where(uniqueIds ? and(inArray(items.uniqueId, uniqueIds.slice(0, maxListedStations)), visibleItemsWhere(subject)) : visibleItemsWhere(subject));
}

/** Subjects who may see an item through a link of their own or one of their groups (administrators aside). */
export async function subjectsLinkedToItem(db: Db, itemId: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`SELECT subject_id AS id FROM subject_items WHERE item_id = ${itemId}
        UNION SELECT sg.subject_id FROM group_items gi JOIN subject_groups sg ON sg.group_id = gi.group_id WHERE gi.item_id = ${itemId}`,
  );
  return rows.map((r) => r.id);
}

/** Members of a group. */
export async function subjectsInGroup(db: Db, groupId: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(sql`SELECT subject_id AS id FROM subject_groups WHERE group_id = ${groupId}`);
  return rows.map((r) => r.id);
}

/**
 * The one station `where` names, if the subject may see it: one query answers both "exists" (else 404) and
 * "visible" (else 403), each error under `field`.
 */
export async function visibleItem(db: Db, subject: Subject, where: SQL, field: string) {
  const [row] = await db
    .select({ item: items, visible: sql<number>`${visibleItemsWhere(subject)}` })
    .from(items)
    .where(where);
  if (!row) throw notFound('Station', field);
  if (!row.visible) throw forbidden('You may not see this station.', field);
  return row.item;
}
