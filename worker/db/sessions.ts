// Sign-in sessions and password reset links: both are stored by their token's hash only.
import { inJson } from './batch';
import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from './client';
import { passwordResets, sessions, subjects } from './schema';

export const insertSession = (db: Db, row: typeof sessions.$inferInsert) => db.insert(sessions).values(row);

/** A session with its subject, by the hash of its token. */
export const findSessionWithSubject = async (db: Db, id: string) =>
  (
    await db
      .select({ session: sessions, subject: subjects })
      .from(sessions)
      .innerJoin(subjects, eq(sessions.subjectId, subjects.id))
      .where(eq(sessions.id, id))
      .limit(1)
  )[0];

export const extendSession = (db: Db, id: string, expiresAt: Date) => db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));

export const deleteSession = (db: Db, id: string) => db.delete(sessions).where(eq(sessions.id, id));

/**
 * What setting a password also does, for the same batch as the new hash: ends the subject's sessions but
 * `keepSession` and uses up every outstanding reset link. `when` guards both; the links come last because a
 * guard may read them.
 */
export function passwordSetEffects(
  db: Db,
  { subjectId, keepSession, when }: { subjectId: number; keepSession?: string; when?: SQL },
): BatchItem<'sqlite'>[] {
  const sessionsOfSubject = eq(sessions.subjectId, subjectId);
  return [
    db.delete(sessions).where(and(keepSession ? and(sessionsOfSubject, ne(sessions.id, keepSession)) : sessionsOfSubject, when)),
    db
      .update(passwordResets)
      .set({ usedAt: new Date() })
      .where(and(eq(passwordResets.subjectId, subjectId), isNull(passwordResets.usedAt), when))
      .returning({ id: passwordResets.id }),
  ];
}

export const insertPasswordReset = (db: Db, row: typeof passwordResets.$inferInsert) => db.insert(passwordResets).values(row);

const usable = (id: string, now: Date) => and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));

/** The subject of a reset link that is known, unused and within its hour. */
export const findUsableReset = async (db: Db, id: string, now: Date) =>
  (await db.select({ subjectId: passwordResets.subjectId }).from(passwordResets).where(usable(id, now)))[0];

/**
 * Sets the password through reset link `id` in one batch, only while the link is still usable: ends every
 * session of the subject and uses up its reset links. False when another request used the link first.
 */
export async function setPasswordByReset(
  db: Db,
  { id, subjectId, passwordHash, now }: { id: string; subjectId: number; passwordHash: string; now: Date },
) {
  const stillUsable = sql`EXISTS (SELECT 1 FROM ${passwordResets} WHERE ${usable(id, now)})`;
  const results = await db.batch([
    db
      .update(subjects)
      .set({ passwordHash })
      .where(and(eq(subjects.id, subjectId), stillUsable)),
    ...(passwordSetEffects(db, { subjectId, when: stillUsable }) as [BatchItem<'sqlite'>, BatchItem<'sqlite'>]),
  ]);
  return (results[2] as { id: string }[]).some((row) => row.id === id);
}

/** Of these sessions (ids), those still running whose subject may still sign in. */
export const selectLiveSessions = async (db: Db, ids: string[], now: number) =>
  (
    await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(subjects, eq(subjects.id, sessions.subjectId))
      .where(and(inJson(sessions.id, ids), gt(sessions.expiresAt, new Date(now)), eq(subjects.status, 'active')))
  ).map((r) => r.id);
