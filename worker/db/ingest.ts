import { eq } from 'drizzle-orm';
import type { Db } from './client';
import { items, stationTokens } from './schema';

/** The station an importer names by its unique id. */
export const findStationByUniqueId = async (db: Db, uniqueId: string) => (await db.select().from(items).where(eq(items.uniqueId, uniqueId)))[0];

/** Records when an ingest token was last used. */
export const markTokenUsed = (db: Db, { tokenId, at }: { tokenId: string; at: number }) =>
  db.update(stationTokens).set({ lastUsedAt: new Date(at) }).where(eq(stationTokens.id, tokenId));
