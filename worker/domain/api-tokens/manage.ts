import { maxApiTokens, type ApiToken, type NewApiToken } from '../../contracts/api-tokens';
import type { SubjectCtx } from '../../context';
import { deleteApiToken, insertApiToken, selectApiTokens, toApiToken } from '../../db/api-tokens';
import { hashToken } from '../auth/tokens';
import { invalid, notFound } from '../errors';
import { newApiToken } from './token';

/** The subject's own integration tokens, newest first. */
export const listApiTokens = async ({ db, subject }: SubjectCtx): Promise<ApiToken[]> =>
  (await selectApiTokens(db, subject.id)).map(toApiToken);

/** Creates a named token for the subject and returns it with the token itself, which is never shown again. */
export async function createApiToken({ db, subject }: SubjectCtx, { name }: { name: string }, now = new Date()): Promise<NewApiToken> {
  const token = newApiToken();
  const row = await insertApiToken(db, { subjectId: subject.id, name, tokenHash: hashToken(token), createdAt: now }, maxApiTokens);
  if (!row) throw invalid({ name: [`You already have ${maxApiTokens} tokens: revoke one you no longer use first.`] });
  return { ...toApiToken(row), token };
}

/** Revokes one of the subject's tokens: from the next request on, it authenticates nothing. */
export async function revokeApiToken({ db, subject }: SubjectCtx, { id }: { id: number }) {
  if (!(await deleteApiToken(db, subject.id, id))) throw notFound('Token');
}
