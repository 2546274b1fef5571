import { and, eq, gt, isNull, ne, sql, type SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResets, sessions, subjects } from '../../db/schema';
import { endLiveSessions } from '../live-access';
import { AppError } from '../errors';
import { sendMail } from '../mail/mailer';
import { resetMail } from '../mail/templates';
import { findByUsername } from '../subjects/records';
import { hashPassword } from './password';
import { consumeAttempt, limits } from './rate-limit';
import { generateToken, hashToken } from './tokens';

const resetLifetimeMs = 60 * 60 * 1000;

/** Runs work after the reply has gone (the Worker's `waitUntil`). */
export type Defer = (work: Promise<unknown>) => void;

async function sendResetLink(db: Db, config: Config, email: string, origin: string) {
  const subject = await findByUsername(db, email);
  if (!subject || subject.status !== 'active') return;
  const token = generateToken();
  await db.insert(passwordResets).values({
    id: hashToken(token),
    subjectId: subject.id,
    expiresAt: new Date(Date.now() + resetLifetimeMs),
  });
  await sendMail(db, config, resetMail(subject, `${origin}/reset-password-request/${token}`));
}

/**
 * Counts the request against the reset limits, then leaves the rest for after the reply: looking the address
 * up, storing a link and e-mailing it, so the reply takes as long for an unknown address as for a known one.
 */
export async function requestPasswordReset(db: Db, config: Config, email: string, client: string, origin: string, defer: Defer) {
  await consumeAttempt(db, limits.reset(email, client));
  defer(sendResetLink(db, config, email, origin).catch((err) => console.error('password reset mail failed', err)));
}

/**
 * What setting a password also does, for the same batch as the new hash: ends the subject's sessions but
 * `keepSession` and uses up every outstanding reset link. `when` guards both; the links come last because a
 * guard may read them.
 */
export function passwordSetEffects(db: Db, subjectId: number, keepSession?: string, when?: SQL): BatchItem<'sqlite'>[] {
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

const invalidToken = () =>
  new AppError('bad_request', { token: ['This reset link is invalid, expired or already used. Ask for a new one.'] });

/**
 * Uses a reset token once: in one batch sets the password, ends every session of the subject and uses up
 * its other reset links; then its open pages' sockets close. Two requests racing with one token cannot both succeed.
 */
export async function setPasswordWithToken(db: Db, env: Cloudflare.Env, token: string, password: string) {
  const id = hashToken(token);
  const now = new Date();
  const usable = and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now));
  const [link] = await db.select({ subjectId: passwordResets.subjectId }).from(passwordResets).where(usable);
  if (!link) throw invalidToken();
  const passwordHash = await hashPassword(password);
  const stillUsable = sql`EXISTS (SELECT 1 FROM ${passwordResets} WHERE ${usable})`;
  const results = await db.batch([
    db.update(subjects).set({ passwordHash }).where(and(eq(subjects.id, link.subjectId), stillUsable)),
    ...(passwordSetEffects(db, link.subjectId, undefined, stillUsable) as [BatchItem<'sqlite'>, BatchItem<'sqlite'>]),
  ]);
  const usedUp = results[2] as { id: string }[];
  if (!usedUp.some((row) => row.id === id)) throw invalidToken();
  await endLiveSessions({ env }, link.subjectId, {});
}
