import type { Ctx } from '../../context';
import { findIngestToken } from '../../db/station-tokens';
import type { StationRecord } from '../../db/stations';
import { generateToken, hashToken } from '../auth/tokens';
import { unauthorized } from '../errors';

/**
 * Who is posting readings: one station's token (its station read in the same query), or an importer token
 * (station null) that may post for any station.
 */
export interface IngestCaller {
  tokenId: string;
  lastUsedAt: Date | null;
  station: StationRecord | null;
}

/**
 * How long an isolate trusts a token it has looked up (with its station) without asking D1 again. Ingest then costs
 * no D1 query per batch; the price is that a token revoked (or a station edited) elsewhere is still taken by an
 * isolate that saw it within this (docs/decisions/0015). This isolate's own revocations and edits take effect at once.
 */
export const tokenTrustMs = 60_000;
const maxTrusted = 10_000;
const trusted = new Map<string, { caller: IngestCaller; until: number }>();

/** Forgets the tokens this isolate trusts for a station (its token was replaced, or the station edited). */
export function forgetStationTokens(itemId: number) {
  for (const [hash, { caller }] of trusted) if (caller.station?.id === itemId) trusted.delete(hash);
}

/** Resolves an ingest bearer token with its station in one query (or none, within `tokenTrustMs` of the last); unknown and revoked tokens are refused alike. */
export async function resolveIngestToken({ db }: Pick<Ctx, 'db'>, token: string | undefined, now = Date.now()): Promise<IngestCaller> {
  if (!token) throw unauthorized('Send a station or importer token as "Authorization: Bearer …".');
  if (token.length > 128) throw unauthorized('This ingest token is unknown or has been revoked.');
  const hash = hashToken(token);
  const known = trusted.get(hash);
  if (known && known.until > now) return known.caller;
  const row = await findIngestToken(db, hash);
  if (!row) {
    trusted.delete(hash);
    throw unauthorized('This ingest token is unknown or has been revoked.');
  }
  if (trusted.size >= maxTrusted) trusted.clear();
  trusted.set(hash, { caller: row, until: now + tokenTrustMs });
  return row;
}

/** A new importer token and the row that stores its hash; the token itself is shown once. */
export function newImporterToken(now = Date.now()) {
  const token = generateToken();
  return { token, row: { id: hashToken(token), item_id: null, created_at: now } };
}
