import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from './client';
import { items, shareLinks, shareLinkStations, subjects, type Subject } from './schema';
import { visibleTo } from './stations';

export type ShareLinkRow = typeof shareLinks.$inferSelect;
/** What a link's owner sets; the rest (secret, owner, times, views) is the link's own. */
export type ShareLinkFields = Pick<
  ShareLinkRow,
  'title' | 'windowDays' | 'windowFrom' | 'windowTo' | 'exactLocation' | 'frameOrigins' | 'expiresAt'
>;
/** A station of a link with the codes it shows, in the link's order. */
export interface LinkStation {
  id: number;
  readings: string[];
}

/** The link's stations as one JSON text, so a whole set is written by one statement (however many stations). */
const stationsJson = (stations: LinkStation[]) =>
  JSON.stringify(stations.map((s, position) => [s.id, JSON.stringify(s.readings), position]));

const insertStations = (db: Db, link: SQL, stations: LinkStation[]) =>
  db.insert(shareLinkStations).select(sql`SELECT ${link}, value ->> 0, value ->> 1, value ->> 2 FROM json_each(${stationsJson(stations)})`);

/** Stores a new link and its stations in one batch; returns its id. */
export async function insertShareLink(
  db: Db,
  link: ShareLinkFields & { secretHash: string; ownerId: number; now: number },
  stations: LinkStation[],
) {
  const { secretHash, ownerId, now, ...fields } = link;
  const [[row]] = await db.batch([
    db
      .insert(shareLinks)
      .values({ ...fields, secretHash, ownerId, createdAt: now, updatedAt: now })
      .returning({ id: shareLinks.id }),
    insertStations(db, sql`(SELECT id FROM ${shareLinks} WHERE secret_hash = ${secretHash})`, stations),
  ]);
  return row.id;
}

/** Replaces what a link shows, and its stations, in one batch. */
export const updateShareLink = (db: Db, id: number, fields: ShareLinkFields, stations: LinkStation[], now: number) =>
  db.batch([
    db
      .update(shareLinks)
      .set({ ...fields, updatedAt: now })
      .where(eq(shareLinks.id, id)),
    db.delete(shareLinkStations).where(eq(shareLinkStations.linkId, id)),
    insertStations(db, sql`${id}`, stations),
  ]);

/** Revokes a link once: a second revocation keeps the first time. */
export const revokeShareLinkRow = (db: Db, id: number, now: number) =>
  db
    .update(shareLinks)
    .set({ revokedAt: sql`coalesce(${shareLinks.revokedAt}, ${now})`, updatedAt: now })
    .where(eq(shareLinks.id, id));

/** Adds views counted by a link's object since it last wrote them. */
export const addShareLinkViews = (db: Db, secretHash: string, views: number, lastViewedAt: number) =>
  db
    .update(shareLinks)
    .set({ views: sql`${shareLinks.views} + ${views}`, lastViewedAt: sql`max(coalesce(${shareLinks.lastViewedAt}, 0), ${lastViewedAt})` })
    .where(eq(shareLinks.secretHash, secretHash));

const ownerName = sql<string>`trim(${subjects.firstName} || ' ' || ${subjects.secondName})`;

/** The secrets' hashes (the objects' names) of the links these subjects own. */
export const selectOwnedLinkHashes = async (db: Db, ownerIds: number[]) =>
  (await db.select({ secretHash: shareLinks.secretHash }).from(shareLinks).where(inArray(shareLinks.ownerId, ownerIds))).map(
    (r) => r.secretHash,
  );

/** Links with their owner's name, newest first: every link, or one owner's. */
export const selectShareLinks = (db: Db, ownerId?: number) =>
  db
    .select({ link: shareLinks, ownerName })
    .from(shareLinks)
    .innerJoin(subjects, eq(subjects.id, shareLinks.ownerId))
    .where(ownerId === undefined ? undefined : eq(shareLinks.ownerId, ownerId))
    .orderBy(desc(shareLinks.id));

export async function findShareLink(db: Db, id: number) {
  const [row] = await db
    .select({ link: shareLinks, ownerName })
    .from(shareLinks)
    .innerJoin(subjects, eq(subjects.id, shareLinks.ownerId))
    .where(eq(shareLinks.id, id));
  return row;
}

/** The stations of the given links, each with its codes, in each link's order. */
export const selectLinkStations = (db: Db, linkIds: number[]) =>
  db
    .select({
      linkId: shareLinkStations.linkId,
      id: items.id,
      name: items.name,
      uniqueId: items.uniqueId,
      readings: shareLinkStations.readings,
    })
    .from(shareLinkStations)
    .innerJoin(items, eq(items.id, shareLinkStations.itemId))
    .where(inArray(shareLinkStations.linkId, linkIds))
    .orderBy(asc(shareLinkStations.linkId), asc(shareLinkStations.position));

/** The stations a subject may share (those it may see), by name. */
export const selectShareableStations = (db: Db, subject: Subject) =>
  db
    .select({ id: items.id, name: items.name, uniqueId: items.uniqueId, source: items.nameForApi })
    .from(items)
    .where(visibleTo(subject))
    .orderBy(asc(items.name), asc(items.id));

/**
 * A link by its secret's hash with its owner, and its stations that the owner may still see (with the codes each
 * shows): what a link's object needs to answer for it.
 */
export async function resolveShareLinkRows(db: Db, secretHash: string) {
  const [found] = await db
    .select({ link: shareLinks, owner: subjects })
    .from(shareLinks)
    .innerJoin(subjects, eq(subjects.id, shareLinks.ownerId))
    .where(eq(shareLinks.secretHash, secretHash));
  if (!found) return undefined;
  const stations = await db
    .select({ item: items, readings: shareLinkStations.readings })
    .from(shareLinkStations)
    .innerJoin(items, eq(items.id, shareLinkStations.itemId))
    .where(and(eq(shareLinkStations.linkId, found.link.id), visibleTo(found.owner)))
    .orderBy(asc(shareLinkStations.position));
  return { ...found, stations };
}
