import { createServerFn } from '@tanstack/react-start';
import type { SessionUser } from '../../worker/contracts/site';
import { toSessionUser } from '../../worker/db/accounts';
import { requestSession } from './request.server';

/** The signed-in subject of the session cookie, or null: protected screens are decided before they render. */
export const fetchSession = createServerFn({ method: 'GET' }).handler(async (): Promise<SessionUser | null> => {
  const session = await requestSession();
  return session && toSessionUser(session.subject);
});
