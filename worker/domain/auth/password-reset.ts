import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { passwordResets, subjects } from '../../db/schema';
import { AppError } from '../errors';
import { sendMail } from '../mail/mailer';
import { resetMail } from '../mail/templates';
import { findByUsername } from '../subjects/records';
import { hashPassword } from './password';
import { consumeAttempt, limits } from './rate-limit';
import { invalidateSubjectSessions } from './sessions';
import { generateToken, hashToken } from './tokens';

const resetLifetimeMs = 60 * 60 * 1000;

/** E-mails a reset link to a known, active address; answers alike for unknown ones (no account discovery). */
export async function requestPasswordReset(db: Db, config: Config, email: string, client: string, origin: string) {
  await consumeAttempt(db, limits.reset(email, client));
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

const invalidToken = () =>
  new AppError('bad_request', { token: ['This reset link is invalid, expired or already used. Ask for a new one.'] });

/** Uses a reset token once: sets the password and ends every session of the subject. */
export async function setPasswordWithToken(db: Db, token: string, password: string) {
  const id = hashToken(token);
  const now = new Date();
  const [claimed] = await db
    .update(passwordResets)
    .set({ usedAt: now })
    .where(and(eq(passwordResets.id, id), isNull(passwordResets.usedAt), gt(passwordResets.expiresAt, now)))
    .returning({ subjectId: passwordResets.subjectId });
  if (!claimed) throw invalidToken();
  await db.update(subjects).set({ passwordHash: await hashPassword(password) }).where(eq(subjects.id, claimed.subjectId));
  await invalidateSubjectSessions(db, claimed.subjectId);
}
