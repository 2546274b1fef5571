import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { groupItems, groups, items } from '../../db/schema';
import type { Groups } from '../../contracts/groups';
import { notFound } from '../errors';
import { replaceLinks } from '../links';
import { linkSides } from '../link-sides';

export async function listGroups(db: Db) {
  return db
    .select({
      id: groups.id,
      name: groups.name,
      nItems: sql<number>`(SELECT COUNT(*) FROM group_items WHERE group_id = ${groups.id})`,
      nSubjects: sql<number>`(SELECT COUNT(*) FROM subject_groups WHERE group_id = ${groups.id})`,
    })
    .from(groups)
    .orderBy(desc(groups.id));
}

async function getGroup(db: Db, id: number) {
  const [row] = await db.select().from(groups).where(eq(groups.id, id));
  if (!row) throw notFound('Group');
  return row;
}

/** The group form's data: the group (none for a new one), its items and every item it could hold. */
export async function groupForEdit(db: Db, id: number | undefined) {
  const group = id === undefined ? null : await getGroup(db, id);
  const [links, allItems] = await Promise.all([
    id === undefined ? [] : db.select({ id: groupItems.itemId }).from(groupItems).where(eq(groupItems.groupId, id)),
    db.select({ id: items.id, name: items.name }).from(items).orderBy(asc(items.name)),
  ]);
  return { group, items: links.map((l) => l.id), allItems };
}

/** Creates (no id) or renames a group. */
export async function saveGroup(db: Db, input: z.output<typeof Groups>) {
  if (input.id === undefined) {
    const [row] = await db.insert(groups).values({ name: input.name }).returning();
    return row;
  }
  await getGroup(db, input.id);
  const [row] = await db.update(groups).set({ name: input.name }).where(eq(groups.id, input.id)).returning();
  return row;
}

export async function deleteGroup(db: Db, id: number) {
  await getGroup(db, id);
  await db.delete(groups).where(eq(groups.id, id));
}

/** Replaces the items of a group. */
export async function setGroupItems(db: Db, id: number, itemIds: number[]) {
  await getGroup(db, id);
  return replaceLinks(db, linkSides.groupItems, id, itemIds);
}
