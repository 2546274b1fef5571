import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { items, type Subject } from './schema';

/** Items linked to the subject directly or through one of its groups (its "own" items), as a subquery. */
export const linkedItemIds = (subjectId: number): SQL =>
  sql`(SELECT item_id FROM subject_items WHERE subject_id = ${subjectId}
       UNION SELECT gi.item_id FROM group_items gi JOIN subject_groups sg ON sg.group_id = gi.group_id
       WHERE sg.subject_id = ${subjectId})`;

/** The condition on `itemColumn` (default `items.id`) that keeps the items a subject may read: its own, or all for an administrator. */
export const visibleTo = (subject: Subject, itemColumn: SQL | typeof items.id = items.id): SQL =>
  subject.isAdmin ? sql`1 = 1` : sql`${itemColumn} IN ${linkedItemIds(subject.id)}`;

/** A station by id or unique id. */
export type StationKey = { id: number } | { uniqueId: string };
const byKey = (key: StationKey) => ('id' in key ? eq(items.id, key.id) : eq(items.uniqueId, key.uniqueId));

/** A station with whether the subject may see it, in one query; undefined when it does not exist. */
export async function findStationFor(db: Db, subject: Subject, key: StationKey) {
  const [row] = await db
    .select({ item: items, visible: sql<number>`${visibleTo(subject)}` })
    .from(items)
    .where(byKey(key));
  return row;
}

/** Of the stations named by unique id (at most `limit`), those the subject may read; all it may read when none are named. */
export const selectVisibleStations = (db: Db, subject: Subject, uniqueIds: string[] | undefined, limit: number) =>
  db
    .select({ id: items.id, uniqueId: items.uniqueId })
    .from(items)
    .where(uniqueIds ? and(inArray(items.uniqueId, uniqueIds.slice(0, limit)), visibleTo(subject)) : visibleTo(subject));
