import type { Ctx } from '../../context';
import type { Subject } from '../../db/schema';
import { findApiToken, touchApiToken } from '../../db/api-tokens';
import { generateToken, hashToken } from '../auth/tokens';

/**
 * Integration tokens carry a prefix of their own: a presented token is looked up in one table only (sessions or
 * integration tokens), and a leaked one is recognisable by secret scanners.
 */
const prefix = 'hladina_';

export const newApiToken = () => `${prefix}${generateToken()}`;

export const isApiToken = (text: string | undefined): text is string => !!text && text.startsWith(prefix) && text.length <= 128;

// The profile shows a token's last use to the hour; writing it on every request would cost a D1 row each.
const useResolutionMs = 3_600_000;

/** Who an integration token reads for: its owner (while active), or null for an unknown or revoked token. */
export interface IntegrationAuth {
  tokenId: number;
  subject: Subject;
}

/** Resolves a presented integration token; its last use is written after the reply, at most hourly. */
export async function resolveApiToken(
  { db, defer }: Pick<Ctx, 'db' | 'defer'>,
  token: string,
  now = Date.now(),
): Promise<IntegrationAuth | null> {
  const row = await findApiToken(db, hashToken(token));
  if (!row || row.subject.status !== 'active') return null;
  if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= useResolutionMs) defer(touchApiToken(db, row.id, new Date(now)));
  return { tokenId: row.id, subject: row.subject };
}
