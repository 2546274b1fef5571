import { and, eq, isNull } from 'drizzle-orm';
import { atomically } from './batch';
import type { Db } from './client';
import { items, stationTokens } from './schema';

/** Stores a station's new token (its hash `id`) and revokes the ones before it, atomically. */
export const replaceStationToken = (db: Db, { id, itemId, now }: { id: string; itemId: number; now: Date }) =>
  atomically(db, [
    db
      .update(stationTokens)
      .set({ revokedAt: now })
      .where(and(eq(stationTokens.itemId, itemId), isNull(stationTokens.revokedAt))),
    db.insert(stationTokens).values({ id, itemId, createdAt: now }),
  ]);

/** An unrevoked ingest token by its hash, with its station (null for an importer token), in one query. */
export const findIngestToken = async (db: Db, id: string) =>
  (
    await db
      .select({ tokenId: stationTokens.id, lastUsedAt: stationTokens.lastUsedAt, station: items })
      .from(stationTokens)
      .leftJoin(items, eq(items.id, stationTokens.itemId))
      .where(and(eq(stationTokens.id, id), isNull(stationTokens.revokedAt)))
  )[0];

/** Records when an ingest token was last used. */
export const markTokenUsed = (db: Db, { tokenId, at }: { tokenId: string; at: number }) =>
  db
    .update(stationTokens)
    .set({ lastUsedAt: new Date(at) })
    .where(eq(stationTokens.id, tokenId));
