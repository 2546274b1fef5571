import type { Ctx } from '../../context';
import type { LoginForm } from '../../contracts/site';
import { findSubject, setPasswordHash } from '../../db/accounts';
import { AppError } from '../errors';
import { burnPasswordCheck, hashPassword, needsRehash, verifyPassword } from './password';
import { limitedCheck, limits } from './rate-limit';
import { createSession } from './sessions';

const wrongCredentials = () => new AppError('unauthorized', { password: ['The e-mail or password is not correct.'] });

const statusMessages = {
  pending: 'Your registration is waiting for approval by an administrator.',
  rejected: 'Your registration was not approved. Contact your administrator.',
  disabled: 'Your account is disabled. Contact your administrator.',
} as const;

/**
 * Checks the password and opens a session for an active subject. Every attempt is counted against the
 * failure limits before its password is checked; a right password gives its attempt back.
 */
export async function signIn(ctx: Ctx, { form, client }: { form: LoginForm; client: string }) {
  const subject = await findSubject(ctx.db, { username: form.username });
  const right = await limitedCheck(ctx, limits.loginFailures(form.username, client), () =>
    subject ? verifyPassword(form.password, subject.passwordHash) : burnPasswordCheck(form.password).then(() => false),
  );
  if (!subject || !right) throw wrongCredentials();
  if (subject.status !== 'active') throw new AppError('forbidden', { username: [statusMessages[subject.status]] });
  if (needsRehash(subject.passwordHash)) await setPasswordHash(ctx.db, subject.id, await hashPassword(form.password));
  return { subject, ...(await createSession(ctx, subject.id)) };
}
