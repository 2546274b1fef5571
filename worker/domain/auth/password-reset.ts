import type { Ctx } from '../../context';
import { findSubject } from '../../db/accounts';
import { findUsableReset, insertPasswordReset, setPasswordByReset } from '../../db/sessions';
import { AppError } from '../errors';
import { endLiveSessions } from '../live-access';
import { sendMail } from '../mail/mailer';
import { resetMail } from '../mail/templates';
import { hashPassword } from './password';
import { consumeAttempt, limits } from './rate-limit';
import { generateToken, hashToken } from './tokens';

const resetLifetimeMs = 60 * 60 * 1000;

async function sendResetLink(ctx: Ctx, { email, origin }: { email: string; origin: string }) {
  const subject = await findSubject(ctx.db, { username: email });
  if (!subject || subject.status !== 'active') return;
  const token = generateToken();
  await insertPasswordReset(ctx.db, { id: hashToken(token), subjectId: subject.id, expiresAt: new Date(Date.now() + resetLifetimeMs) });
  await sendMail(ctx, resetMail(subject, `${origin}/reset-password-request/${token}`));
}

/**
 * Counts the request against the reset limits, then leaves the rest for after the reply: looking the address
 * up, storing a link and e-mailing it, so the reply takes as long for an unknown address as for a known one.
 */
export async function requestPasswordReset(ctx: Ctx, { email, client, origin }: { email: string; client: string; origin: string }) {
  await consumeAttempt(ctx, limits.reset(email, client));
  ctx.defer(sendResetLink(ctx, { email, origin }).catch((err) => console.error('password reset mail failed', err)));
}

const invalidToken = () =>
  new AppError('bad_request', { token: ['This reset link is invalid, expired or already used. Ask for a new one.'] });

/**
 * Uses a reset token once: in one batch sets the password, ends every session of the subject and uses up
 * its other reset links; then its open pages' sockets close. Two requests racing with one token cannot both succeed.
 */
export async function setPasswordWithToken(ctx: Ctx, { token, password }: { token: string; password: string }) {
  const id = hashToken(token);
  const now = new Date();
  const link = await findUsableReset(ctx.db, id, now);
  if (!link) throw invalidToken();
  const passwordHash = await hashPassword(password);
  if (!(await setPasswordByReset(ctx.db, { id, subjectId: link.subjectId, passwordHash, now }))) throw invalidToken();
  await endLiveSessions(ctx, { subjectId: link.subjectId });
}
