import type { Ctx } from '../../context';
import { findSubject, isUniqueViolation } from '../../db/accounts';
import type { Subject } from '../../db/schema';
import { conflict, notFound } from '../errors';

export async function getSubject({ db }: Pick<Ctx, 'db'>, id: number): Promise<Subject> {
  const row = await findSubject(db, { id });
  if (!row) throw notFound('Subject');
  return row;
}

export const usernameTaken = () => conflict('username', 'This e-mail is already registered.');

/** Runs a write that sets a username: the unique index refusing it is a 409 on the username. */
export async function withUniqueUsername<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (err) {
    if (isUniqueViolation(err)) throw usernameTaken();
    throw err;
  }
}
