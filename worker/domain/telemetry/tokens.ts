import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { stationTokens } from '../../db/schema';
import { generateToken, hashToken } from '../auth/tokens';
import { unauthorized } from '../errors';

/** Who is posting readings: one station's token, or an importer token (itemId null) that may post for any station. */
export interface IngestCaller {
  tokenId: string;
  itemId: number | null;
}

/** Resolves an ingest bearer token; unknown and revoked tokens are refused alike. */
export async function resolveIngestToken(db: Db, token: string | undefined): Promise<IngestCaller> {
  if (!token) throw unauthorized('Send a station or importer token as "Authorization: Bearer …".');
  const [row] = token.length > 128 ? [] : await db
    .select({ id: stationTokens.id, itemId: stationTokens.itemId })
    .from(stationTokens)
    .where(and(eq(stationTokens.id, hashToken(token)), isNull(stationTokens.revokedAt)));
  if (!row) throw unauthorized('This ingest token is unknown or has been revoked.');
  return { tokenId: row.id, itemId: row.itemId };
}

/** A new importer token and the row that stores its hash; the token itself is shown once. */
export function newImporterToken(now = Date.now()) {
  const token = generateToken();
  return { token, row: { id: hashToken(token), item_id: null, created_at: now } };
}
