import { asc, desc, eq, sql } from 'drizzle-orm';
import type { GroupRow } from '../contracts/groups';
import type { Db } from './client';
import { groupItems, groups, subjectGroups } from './schema';

/** Every group with how many items and subjects it links, newest first. */
export const selectGroupRows = (db: Db): Promise<GroupRow[]> =>
  db
    .select({
      id: groups.id,
      name: groups.name,
      nItems: sql<number>`(SELECT COUNT(*) FROM ${groupItems} WHERE ${groupItems.groupId} = ${groups.id})`,
      nSubjects: sql<number>`(SELECT COUNT(*) FROM ${subjectGroups} WHERE ${subjectGroups.groupId} = ${groups.id})`,
    })
    .from(groups)
    .orderBy(desc(groups.id));

/** Every group by name, as the link tabs offer them. */
export const selectGroupNames = (db: Db) => db.select({ id: groups.id, name: groups.name }).from(groups).orderBy(asc(groups.name));

export const findGroup = async (db: Db, id: number) => (await db.select().from(groups).where(eq(groups.id, id)))[0];

export const insertGroup = async (db: Db, name: string) => (await db.insert(groups).values({ name }).returning())[0];

export const renameGroup = async (db: Db, id: number, name: string) =>
  (await db.update(groups).set({ name }).where(eq(groups.id, id)).returning())[0];

export const deleteGroupRow = (db: Db, id: number) => db.delete(groups).where(eq(groups.id, id));
