import type { Ctx, SubjectCtx } from '../../context';
import type { SignupForm } from '../../contracts/site';
import { decidePending, findSubject, insertSubject, toSubjectRow } from '../../db/accounts';
import { hashPassword } from '../auth/password';
import { consumeAttempt, limits } from '../auth/rate-limit';
import { AppError } from '../errors';
import { sendMail } from '../mail/mailer';
import { approvedMail, rejectedMail } from '../mail/templates';
import { getSubject, usernameTaken, withUniqueUsername } from './records';

/** Stores a self-registered subject as `pending`; an administrator must approve it before it can sign in. */
export async function registerSubject(ctx: Ctx, { form, client }: { form: SignupForm; client: string }) {
  await consumeAttempt(ctx, limits.signup(client));
  if (await findSubject(ctx.db, { username: form.email })) throw usernameTaken();
  const passwordHash = await hashPassword(form.password);
  return withUniqueUsername(() =>
    insertSubject(ctx.db, {
      username: form.email,
      firstName: form.firstName,
      secondName: form.secondName,
      passwordHash,
      status: 'pending',
    }),
  );
}

/** Approves or rejects a pending registration and e-mails the applicant the outcome. */
export async function decideRegistration(
  ctx: SubjectCtx,
  { id, decision, origin }: { id: number; decision: 'active' | 'rejected'; origin: string },
) {
  const subject = await getSubject(ctx, id);
  if (subject.status !== 'pending') {
    throw new AppError('conflict', { id: [`This registration is not pending (it is ${subject.status}).`] });
  }
  const updated = await decidePending(ctx.db, { id, status: decision, by: ctx.subject.id });
  await sendMail(ctx, decision === 'active' ? approvedMail(updated, `${origin}/login`) : rejectedMail(updated));
  return toSubjectRow(updated);
}
