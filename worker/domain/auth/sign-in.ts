import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subjects } from '../../db/schema';
import type { LoginForm } from '../../contracts/site';
import { AppError } from '../errors';
import { findByUsername } from '../subjects/records';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password';
import { assertWithinLimits, limits, recordAttempt } from './rate-limit';
import { createSession } from './sessions';

const wrongCredentials = () =>
  new AppError('unauthorized', { password: ['The e-mail or password is not correct.'] });

const statusMessages = {
  pending: 'Your registration is waiting for approval by an administrator.',
  rejected: 'Your registration was not approved. Contact your administrator.',
  disabled: 'Your account is disabled. Contact your administrator.',
} as const;

/** Checks the password (counting failures against the rate limits) and opens a session for an active subject. */
export async function signIn(db: Db, input: LoginForm, client: string) {
  const attemptLimits = limits.loginFailures(input.username, client);
  await assertWithinLimits(db, attemptLimits);
  const subject = await findByUsername(db, input.username);
  if (!subject) await burnPasswordCheck(input.password);
  if (!subject || !(await verifyPassword(input.password, subject.passwordHash))) {
    await recordAttempt(db, attemptLimits);
    throw wrongCredentials();
  }
  if (subject.status !== 'active') {
    throw new AppError('forbidden', { username: [statusMessages[subject.status]] });
  }
  if (needsRehash(subject.passwordHash)) {
    await db.update(subjects).set({ passwordHash: await hashPassword(input.password) }).where(eq(subjects.id, subject.id));
  }
  const session = await createSession(db, subject.id);
  return { subject, ...session };
}

