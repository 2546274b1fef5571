import { asc, desc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { groupItems, groups, items } from '../../db/schema';
import type { Groups } from '../../contracts/groups';
import { notFound } from '../errors';
import { refreshLiveAccess } from '../../live/access';
import { subjectsInGroup } from '../items/visibility';
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

/** Deletes a group; its members' open pages stop receiving the stations it gave them. */
export async function deleteGroup(db: Db, env: Cloudflare.Env, id: number) {
  await getGroup(db, id);
  const members = await subjectsInGroup(db, id);
  await db.delete(groups).where(eq(groups.id, id));
  await refreshLiveAccess(env, db, members);
}

/** Replaces the items of a group; its members' open pages follow. */
export async function setGroupItems(db: Db, env: Cloudflare.Env, id: number, itemIds: number[]) {
  await getGroup(db, id);
  const linked = await replaceLinks(db, linkSides.groupItems, id, itemIds);
  await refreshLiveAccess(env, db, await subjectsInGroup(db, id));
  return linked;
}
