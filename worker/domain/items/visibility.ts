import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import type { Subject } from '../../db/schema';

/** Items linked to the subject directly or through one of its groups (its "own" items). */
export const linkedItemIds = (subjectId: number): SQL =>
  sql`(SELECT item_id FROM subject_items WHERE subject_id = ${subjectId}
       UNION SELECT gi.item_id FROM group_items gi JOIN subject_groups sg ON sg.group_id = gi.group_id
       WHERE sg.subject_id = ${subjectId})`;

/** Items a subject may read: its own, or every item for an administrator. */
export const visibleItemsWhere = (subject: Subject): SQL =>
  subject.isAdmin ? sql`1 = 1` : sql`${items.id} IN ${linkedItemIds(subject.id)}`;

/** Of the asked stations (by unique_id), those the subject may read. */
export async function visibleStations(db: Db, subject: Subject, uniqueIds: string[]) {
  if (!uniqueIds.length) return [];
  const rows = await db
    .select({ uniqueId: items.uniqueId })
    .from(items)
    .where(and(inArray(items.uniqueId, uniqueIds.slice(0, 500)), visibleItemsWhere(subject)));
  return rows.map((r) => r.uniqueId);
}
