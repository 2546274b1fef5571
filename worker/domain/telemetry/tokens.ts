import type { Ctx } from '../../context';
import { findIngestToken } from '../../db/station-tokens';
import type { Item } from '../../db/stations';
import { generateToken, hashToken } from '../auth/tokens';
import { unauthorized } from '../errors';

/**
 * Who is posting readings: one station's token (its station read in the same query), or an importer token
 * (station null) that may post for any station.
 */
export interface IngestCaller {
  tokenId: string;
  lastUsedAt: Date | null;
  station: Item | null;
}

/** Resolves an ingest bearer token with its station in one query; unknown and revoked tokens are refused alike. */
export async function resolveIngestToken({ db }: Pick<Ctx, 'db'>, token: string | undefined): Promise<IngestCaller> {
  if (!token) throw unauthorized('Send a station or importer token as "Authorization: Bearer …".');
  const row = token.length > 128 ? undefined : await findIngestToken(db, hashToken(token));
  if (!row) throw unauthorized('This ingest token is unknown or has been revoked.');
  return row;
}

/** A new importer token and the row that stores its hash; the token itself is shown once. */
export function newImporterToken(now = Date.now()) {
  const token = generateToken();
  return { token, row: { id: hashToken(token), item_id: null, created_at: now } };
}
