import { and, eq } from 'drizzle-orm';
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { subjects } from '../../db/schema';
import type { SignupForm } from '../../contracts/site';
import { hashPassword } from '../auth/password';
import { consumeAttempt, limits } from '../auth/rate-limit';
import { AppError, conflict } from '../errors';
import { sendMail } from '../mail/mailer';
import { approvedMail, rejectedMail } from '../mail/templates';
import type { Subject } from '../../db/schema';
import { findByUsername, getSubject, isUniqueViolation } from './records';

export const usernameTaken = () => conflict('username', 'This e-mail is already registered.');

/** Stores a self-registered subject as `pending`; an administrator must approve it before it can sign in. */
export async function registerSubject(db: Db, input: SignupForm, client: string) {
  await consumeAttempt(db, limits.signup(client));
  if (await findByUsername(db, input.email)) throw usernameTaken();
  try {
    const [row] = await db
      .insert(subjects)
      .values({
        username: input.email,
        firstName: input.firstName,
        secondName: input.secondName,
        passwordHash: await hashPassword(input.password),
        status: 'pending',
      })
      .returning();
    return row;
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}

/** Approves or rejects a pending registration and e-mails the applicant the outcome. */
export async function decideRegistration(
  db: Db,
  config: Config,
  actor: Subject,
  id: number,
  decision: 'active' | 'rejected',
  origin: string,
) {
  const subject = await getSubject(db, id);
  if (subject.status !== 'pending') {
    throw new AppError('conflict', { id: [`This registration is not pending (it is ${subject.status}).`] });
  }
  const [updated] = await db
    .update(subjects)
    .set({ status: decision, approvedAt: new Date(), approvedBy: actor.id })
    .where(and(eq(subjects.id, id), eq(subjects.status, 'pending')))
    .returning();
  await sendMail(db, config, decision === 'active' ? approvedMail(updated, `${origin}/login`) : rejectedMail(updated));
  return updated;
}
