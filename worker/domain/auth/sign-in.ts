import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subjects } from '../../db/schema';
import type { LoginForm } from '../../contracts/site';
import { AppError } from '../errors';
import { findByUsername } from '../subjects/records';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password';
import { consumeAttempt, limits, refundAttempts } from './rate-limit';
import { createSession } from './sessions';

const wrongCredentials = () =>
  new AppError('unauthorized', { password: ['The e-mail or password is not correct.'] });

const statusMessages = {
  pending: 'Your registration is waiting for approval by an administrator.',
  rejected: 'Your registration was not approved. Contact your administrator.',
  disabled: 'Your account is disabled. Contact your administrator.',
} as const;

/**
 * Checks the password and opens a session for an active subject. Every attempt is counted against the
 * failure limits before its password is checked; a right password gives its attempt back.
 */
export async function signIn(db: Db, input: LoginForm, client: string) {
  const attempts = await consumeAttempt(db, limits.loginFailures(input.username, client));
  const subject = await findByUsername(db, input.username);
  if (!subject) await burnPasswordCheck(input.password);
  if (!subject || !(await verifyPassword(input.password, subject.passwordHash))) throw wrongCredentials();
  await refundAttempts(db, attempts);
  if (subject.status !== 'active') {
    throw new AppError('forbidden', { username: [statusMessages[subject.status]] });
  }
  if (needsRehash(subject.passwordHash)) {
    await db.update(subjects).set({ passwordHash: await hashPassword(input.password) }).where(eq(subjects.id, subject.id));
  }
  const session = await createSession(db, subject.id);
  return { subject, ...session };
}

