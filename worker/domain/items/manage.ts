import { and, asc, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { groupItems, groups, items, stationTokens, subjectItems, subjects } from '../../db/schema';
import type { Items } from '../../contracts/items';
import type { ItemRow } from '../../contracts/items';
import type { Subject } from '../../db/schema';
import { generateToken, hashToken } from '../auth/tokens';
import { conflict, notFound } from '../errors';
import { atomically } from '../../db/batch';
import { refreshLiveAccess } from '../live-access';
import { replaceLinks, type LinkSide } from '../links';
import { linkSides } from '../link-sides';
import { subjectsLinkedToItem } from '../../db/links';
import { linkedItemIds, visibleTo } from '../../db/stations';

type Item = typeof items.$inferSelect;

export const toItemRow = (i: Item): ItemRow => ({
  id: i.id,
  name: i.name,
  serial_nr: i.serialNr,
  unique_id: i.uniqueId,
  location_x: i.locationX,
  location_y: i.locationY,
  location_name: i.locationName,
  location_group: i.locationGroup,
  last_update: i.lastUpdate === null ? null : new Date(i.lastUpdate).toISOString(),
  name_for_api: i.nameForApi,
  timezone: i.timezone,
});

export async function getItem(db: Db, id: number) {
  const [row] = await db.select().from(items).where(eq(items.id, id));
  if (!row) throw notFound('Item');
  return row;
}

export async function listAllItems(db: Db) {
  return (await db.select().from(items).orderBy(desc(items.id))).map(toItemRow);
}

/** The items linked to a subject directly or through its groups. */
export async function listOwnItems(db: Db, subject: Subject) {
  const rows = await db.select().from(items).where(sql`${items.id} IN ${linkedItemIds(subject.id)}`).orderBy(desc(items.id));
  return rows.map(toItemRow);
}

/** The items a subject may see (its own, or all for an administrator), by name: e.g. the alarm screen's station filter. */
export async function listVisibleItems(db: Db, subject: Subject) {
  const rows = await db.select().from(items).where(visibleTo(subject)).orderBy(asc(items.name), asc(items.id));
  return rows.map(toItemRow);
}

/** The item form's data: the item (none for a new one), its groups and subjects, and all it could link to. */
export async function itemForEdit(db: Db, id: number | undefined) {
  const item = id === undefined ? null : await getItem(db, id);
  const [groupLinks, subjectLinks, allGroups, allSubjects] = await Promise.all([
    id === undefined ? [] : db.select({ id: groupItems.groupId }).from(groupItems).where(eq(groupItems.itemId, id)),
    id === undefined ? [] : db.select({ id: subjectItems.subjectId }).from(subjectItems).where(eq(subjectItems.itemId, id)),
    db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name)),
    db
      .select({ id: subjects.id, name: sql<string>`${subjects.firstName} || ' ' || ${subjects.secondName} || ' <' || ${subjects.username} || '>'` })
      .from(subjects)
      .where(eq(subjects.status, 'active'))
      .orderBy(asc(subjects.secondName)),
  ]);
  return {
    item: item && toItemRow(item),
    groups: groupLinks.map((r) => r.id),
    subjects: subjectLinks.map((r) => r.id),
    allGroups,
    allSubjects,
  };
}

const uniqueIdTaken = () => conflict('unique_id', 'Another item already has this unique id.');

/** Creates (no id) or updates a station. */
export async function saveItem(db: Db, input: z.output<typeof Items>) {
  const values = {
    name: input.name,
    serialNr: input.serial_nr,
    uniqueId: input.unique_id,
    locationX: input.location_x,
    locationY: input.location_y,
    locationName: input.location_name,
    locationGroup: input.location_group,
    nameForApi: input.name_for_api,
    timezone: input.timezone,
  };
  const [clash] = await db.select({ id: items.id }).from(items).where(eq(items.uniqueId, input.unique_id));
  if (clash && clash.id !== input.id) throw uniqueIdTaken();
  if (input.id === undefined) {
    const [row] = await db.insert(items).values(values).returning();
    return toItemRow(row);
  }
  const before = await getItem(db, input.id);
  // A new zone moves the station's day boundaries: marking it makes the next roll-up reckon its days anew.
  const rezoned = before.timezone !== input.timezone ? { rollupRev: sql`coalesce(${items.rollupRev}, 1)` } : {};
  const [row] = await db
    .update(items)
    .set({ ...values, ...rezoned })
    .where(eq(items.id, input.id))
    .returning();
  return toItemRow(row);
}

/** Replaces the links of one side of an item; subjects who could see it keep only what they still may on open pages. */
async function relinkItem(db: Db, env: Cloudflare.Env, side: LinkSide, id: number, targetIds: number[]) {
  await getItem(db, id);
  const before = await subjectsLinkedToItem(db, id);
  const linked = await replaceLinks(db, side, id, targetIds);
  await refreshLiveAccess({ env, db }, before);
  return linked;
}

/** Replaces the groups an item belongs to. */
export const setItemGroups = (db: Db, env: Cloudflare.Env, id: number, groupIds: number[]) => relinkItem(db, env, linkSides.itemGroups, id, groupIds);

/** Replaces the subjects an item is linked to directly. */
export const setItemSubjects = (db: Db, env: Cloudflare.Env, id: number, subjectIds: number[]) =>
  relinkItem(db, env, linkSides.itemSubjects, id, subjectIds);

/** Issues a station's ingest token, revoking the one before; the token is shown once and stored hashed. */
export async function issueStationToken(db: Db, itemId: number) {
  await getItem(db, itemId);
  const token = generateToken();
  const now = new Date();
  await atomically(db, [
    db
      .update(stationTokens)
      .set({ revokedAt: now })
      .where(and(eq(stationTokens.itemId, itemId), isNull(stationTokens.revokedAt))),
    db.insert(stationTokens).values({ id: hashToken(token), itemId, createdAt: now }),
  ]);
  return { token, item_id: itemId };
}
