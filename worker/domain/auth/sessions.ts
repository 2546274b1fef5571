import type { Ctx } from '../../context';
import { deleteSession, extendSession, findSessionWithSubject, insertSession } from '../../db/sessions';
import { endLiveSessions } from '../live-access';
import { generateToken, hashToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
const sessionLifetimeMs = 30 * DAY;

/** Starts a session for a subject and returns its token; only the token's hash is stored. */
export async function createSession({ db }: Pick<Ctx, 'db'>, subjectId: number) {
  const token = generateToken();
  const id = hashToken(token);
  const expiresAt = new Date(Date.now() + sessionLifetimeMs);
  await insertSession(db, { id, subjectId, expiresAt });
  return { token, id, expiresAt };
}

/** Longer than any token this app issues: such a text is refused without a lookup. */
const maxTokenLength = 128;

/**
 * The one way a presented session token (header, query or cookie; API or app server) becomes its session and
 * subject: null when it is missing, malformed, unknown, expired or its subject may no longer sign in. The expiry
 * slides when half of it is used up.
 */
export async function resolveSessionToken({ db }: Pick<Ctx, 'db'>, token: string | undefined) {
  if (!token || token.length > maxTokenLength) return null;
  const id = hashToken(token);
  const row = await findSessionWithSubject(db, id);
  if (!row) return null;
  const now = Date.now();
  if (row.session.expiresAt.getTime() <= now || row.subject.status !== 'active') {
    await deleteSession(db, id);
    return null;
  }
  if (row.session.expiresAt.getTime() - now < sessionLifetimeMs / 2) {
    row.session.expiresAt = new Date(now + sessionLifetimeMs);
    await extendSession(db, id, row.session.expiresAt);
  }
  return row;
}

/** Signs a session out: its row goes, and so do the live sockets it opened. */
export async function endSession(ctx: Pick<Ctx, 'db' | 'env'>, session: { id: string; subjectId: number }) {
  await deleteSession(ctx.db, session.id);
  await endLiveSessions(ctx, { subjectId: session.subjectId, only: [session.id] });
}

export type SessionWithSubject = NonNullable<Awaited<ReturnType<typeof resolveSessionToken>>>;
