import { and, asc, count, desc, eq, getTableColumns, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { ItemRow, Items } from '../contracts/items';
import type { Db } from './client';
import { newestReading } from './daily-stats';
import { items, type Subject } from './schema';

/** A station's row as D1 stores it. */
export type StationRecord = typeof items.$inferSelect;

/** A station with the time of its newest reading (`last_update`), which D1 derives from its newest roll-up row. */
export type Item = StationRecord & { lastUpdate: number | null };

/** A station's columns and its `last_update`, for selects that show a station. */
export const itemFields = { ...getTableColumns(items), lastUpdate: newestReading };

/** A station as every reply shows it. */
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
  report_minutes: i.reportMinutes,
  datum: i.datum,
});

/** Keeps the datum of a station's newest vertical reference (its object holds the references). */
export const setStationDatum = (db: Db, id: number, datum: string | null) => db.update(items).set({ datum }).where(eq(items.id, id));

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
    .select({ item: itemFields, visible: sql<number>`${visibleTo(subject)}` })
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

export const findItem = async (db: Db, key: StationKey): Promise<Item | undefined> =>
  (await db.select(itemFields).from(items).where(byKey(key)))[0];

/** A station's own row, without its derived `last_update` (what ingest needs). */
export const findStationRecord = async (db: Db, key: StationKey): Promise<StationRecord | undefined> =>
  (await db.select().from(items).where(byKey(key)))[0];

const itemRows = async (db: Db, where: SQL | undefined, ...order: SQL[]) =>
  (
    await db
      .select(itemFields)
      .from(items)
      .where(where)
      .orderBy(...order)
  ).map(toItemRow);

/** Every station, newest first. */
export const selectAllItemRows = (db: Db) => itemRows(db, undefined, desc(items.id));

/** The stations linked to a subject directly or through its groups, newest first. */
export const selectOwnItemRows = (db: Db, subjectId: number) =>
  itemRows(db, sql`${items.id} IN ${linkedItemIds(subjectId)}`, desc(items.id));

/** The stations a subject may see, by name. */
export const selectVisibleItemRows = (db: Db, subject: Subject) => itemRows(db, visibleTo(subject), asc(items.name), asc(items.id));

/** How many stations a subject may see. */
export const countVisibleItems = async (db: Db, subject: Subject) =>
  (await db.select({ n: count() }).from(items).where(visibleTo(subject)))[0].n;

/** Every station by name, as the link tabs offer them. */
export const selectItemNames = (db: Db) => db.select({ id: items.id, name: items.name }).from(items).orderBy(asc(items.name));

const itemValues = (input: z.output<typeof Items>) => ({
  name: input.name,
  serialNr: input.serial_nr,
  uniqueId: input.unique_id,
  locationX: input.location_x,
  locationY: input.location_y,
  locationName: input.location_name,
  locationGroup: input.location_group,
  nameForApi: input.name_for_api,
  timezone: input.timezone,
  reportMinutes: input.report_minutes,
});

export const insertItem = async (db: Db, input: z.output<typeof Items>) =>
  toItemRow({ ...(await db.insert(items).values(itemValues(input)).returning())[0], lastUpdate: null });

/** Updates a station; returns it as replies show it. */
export async function updateItem(db: Db, { id, input }: { id: number; input: z.output<typeof Items> }) {
  const [[row], [{ lastUpdate }]] = await db.batch([
    db.update(items).set(itemValues(input)).where(eq(items.id, id)).returning(),
    db.select({ lastUpdate: newestReading }).from(items).where(eq(items.id, id)),
  ]);
  return toItemRow({ ...row, lastUpdate });
}

/** Replaces a station's line protocol field names (null: none, every field is named after its code). */
export const updateLineFields = (db: Db, { id, fields }: { id: number; fields: Record<string, string> | null }) =>
  db.update(items).set({ lineFields: fields }).where(eq(items.id, id));
