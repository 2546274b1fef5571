import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { sessions, subjects } from '../../db/schema';
import { endLiveSessions } from '../live-access';
import { generateToken, hashToken } from './tokens';

const DAY = 24 * 60 * 60 * 1000;
export const sessionLifetimeMs = 30 * DAY;

/** Starts a session and returns its token; only the token's hash is stored. */
export async function createSession(db: Db, subjectId: number, now = Date.now()) {
  const token = generateToken();
  const id = hashToken(token);
  const expiresAt = new Date(now + sessionLifetimeMs);
  await db.insert(sessions).values({ id, subjectId, expiresAt });
  return { token, id, expiresAt };
}

/** Resolves a token to its session and subject, extending the expiry when half of it is used up. */
export async function validateSessionToken(db: Db, token: string, now = Date.now()) {
  const id = hashToken(token);
  const [row] = await db
    .select({ session: sessions, subject: subjects })
    .from(sessions)
    .innerJoin(subjects, eq(sessions.subjectId, subjects.id))
    .where(eq(sessions.id, id))
    .limit(1);
  if (!row) return null;
  if (row.session.expiresAt.getTime() <= now || row.subject.status !== 'active') {
    await db.delete(sessions).where(eq(sessions.id, id));
    return null;
  }
  if (row.session.expiresAt.getTime() - now < sessionLifetimeMs / 2) {
    row.session.expiresAt = new Date(now + sessionLifetimeMs);
    await db.update(sessions).set({ expiresAt: row.session.expiresAt }).where(eq(sessions.id, id));
  }
  return row;
}

/** Longer than any token this app issues: such a text is refused without a lookup. */
const maxTokenLength = 128;

/**
 * The one way a presented session token (header, query or cookie; API or app server) becomes its session and
 * subject: null when it is missing, malformed, unknown, expired or its subject may no longer sign in.
 */
export const resolveSessionToken = async (db: Db, token: string | undefined) =>
  token && token.length <= maxTokenLength ? validateSessionToken(db, token) : null;

/** Signs a session out: its row goes, and so do the live sockets it opened. */
export async function endSession(db: Db, env: Cloudflare.Env, session: { id: string; subjectId: number }) {
  await db.delete(sessions).where(eq(sessions.id, session.id));
  await endLiveSessions({ env }, session.subjectId, { only: [session.id] });
}

export type SessionWithSubject = NonNullable<Awaited<ReturnType<typeof validateSessionToken>>>;
