import { and, eq, getTableColumns, inArray } from 'drizzle-orm';
import type { SQLiteColumn } from 'drizzle-orm/sqlite-core';
import { selectSubjectNames } from './accounts';
import { atomically, chunkedInserts } from './batch';
import type { Db } from './client';
import { selectGroupNames } from './groups';
import { groupItems, groups, items, subjectGroups, subjectItems, subjects } from './schema';
import { selectItemNames } from './stations';

/** What a link can point at: the table of its ids, and every record by name, as a link tab offers them. */
export const linkTargets = {
  items: { id: items.id, names: selectItemNames },
  groups: { id: groups.id, names: selectGroupNames },
  subjects: { id: subjects.id, names: selectSubjectNames },
};
export type LinkTarget = keyof typeof linkTargets;

type LinkTable = typeof subjectItems | typeof subjectGroups | typeof groupItems;
type Key<T extends LinkTable> = keyof T['$inferSelect'] & string;

/**
 * A link table seen from one end: the owner's column, the other end's, what the other end points at, and whether its
 * links carry the quality control right (subject–item and subject–group links do).
 */
export interface LinkSide {
  table: LinkTable;
  owner: string;
  other: string;
  target: LinkTarget;
  quality: boolean;
}

const side = <T extends LinkTable>(table: T, owner: Key<T>, other: Key<T>, target: LinkTarget): LinkSide => ({
  table,
  owner,
  other,
  target,
  quality: 'quality' in table,
});

/** Every link of the product, from the end whose screen edits it (and a group's members, whose access follows it). */
export const linkSides = {
  subjectItems: side(subjectItems, 'subjectId', 'itemId', 'items'),
  subjectGroups: side(subjectGroups, 'subjectId', 'groupId', 'groups'),
  groupItems: side(groupItems, 'groupId', 'itemId', 'items'),
  groupMembers: side(subjectGroups, 'groupId', 'subjectId', 'subjects'),
  itemGroups: side(groupItems, 'itemId', 'groupId', 'groups'),
  itemSubjects: side(subjectItems, 'itemId', 'subjectId', 'subjects'),
};

/** One link to store: the other end's id, and its quality control right where the side carries one. */
export interface LinkRow {
  id: number;
  quality?: boolean;
}

const column = (side: LinkSide, key: string) => (getTableColumns(side.table) as Record<string, SQLiteColumn>)[key];

/** The ids an owner links to. */
export const linkedIds = async (db: Db, side: LinkSide, ownerId: number) =>
  (
    await db
      .select({ id: column(side, side.other) })
      .from(side.table)
      .where(eq(column(side, side.owner), ownerId))
  ).map((r) => r.id as number);

/** The ids an owner links to with the quality control right (none on a side without it). */
export const qualityLinkedIds = async (db: Db, side: LinkSide, ownerId: number) =>
  side.quality
    ? (
        await db
          .select({ id: column(side, side.other) })
          .from(side.table)
          .where(and(eq(column(side, side.owner), ownerId), eq(column(side, 'quality'), true)))
      ).map((r) => r.id as number)
    : [];

/**
 * Replaces every link of an owner with `links`, atomically. On a side with the quality control right, a link that
 * does not say keeps the right it had.
 */
export async function replaceLinkRows(db: Db, side: LinkSide, ownerId: number, links: LinkRow[]) {
  const had = new Set(side.quality && links.some((l) => l.quality === undefined) ? await qualityLinkedIds(db, side, ownerId) : []);
  const rows = links.map(({ id, quality }) => ({
    [side.owner]: ownerId,
    [side.other]: id,
    ...(side.quality ? { quality: quality ?? had.has(id) } : {}),
  }));
  return atomically(db, [db.delete(side.table).where(eq(column(side, side.owner), ownerId)), ...chunkedInserts(db, side.table, rows)]);
}

/** Of `ids`, those `target` does not hold; asked 90 at a time, under D1's 100 bound parameters. */
export async function missingIds(db: Db, target: LinkTarget, ids: number[]) {
  const { id } = linkTargets[target];
  const found = new Set<number>();
  for (let i = 0; i < ids.length; i += 90) {
    const rows = await db
      .select({ id })
      .from(id.table)
      .where(inArray(id, ids.slice(i, i + 90)));
    rows.forEach((r) => found.add(r.id));
  }
  return ids.filter((x) => !found.has(x));
}

/** Subjects who may see an item through a link of their own or one of their groups (administrators aside). */
export async function subjectsLinkedToItem(db: Db, itemId: number): Promise<number[]> {
  const rows = await db
    .select({ id: subjectItems.subjectId })
    .from(subjectItems)
    .where(eq(subjectItems.itemId, itemId))
    .union(
      db
        .select({ id: subjectGroups.subjectId })
        .from(groupItems)
        .innerJoin(subjectGroups, eq(subjectGroups.groupId, groupItems.groupId))
        .where(eq(groupItems.itemId, itemId)),
    );
  return rows.map((r) => r.id);
}
