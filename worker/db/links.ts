import { sql } from 'drizzle-orm';
import type { Db } from './client';

/** Subjects who may see an item through a link of their own or one of their groups (administrators aside). */
export async function subjectsLinkedToItem(db: Db, itemId: number): Promise<number[]> {
  const rows = await db.all<{ id: number }>(
    sql`SELECT subject_id AS id FROM subject_items WHERE item_id = ${itemId}
        UNION SELECT sg.subject_id FROM group_items gi JOIN subject_groups sg ON sg.group_id = gi.group_id WHERE gi.item_id = ${itemId}`,
  );
  return rows.map((r) => r.id);
}
