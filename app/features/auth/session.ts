import { queryOptions } from '@tanstack/react-query';
import { createServerFn } from '@tanstack/react-start';
import { getCookie } from '@tanstack/react-start/server';
import { env } from 'cloudflare:workers';
import type { SessionUser } from '../../../worker/contracts/site';
import { createDb } from '../../../worker/db/client';
import { validateSessionToken } from '../../../worker/domain/auth/sessions';
import { toSessionUser } from '../../../worker/domain/subjects/records';
import { sessionCookie } from '../../../worker/http/auth';
import { sessionKey } from './session-key';

/** Resolves the session cookie on the server, so protected pages are decided before anything renders. */
export const fetchSession = createServerFn({ method: 'GET' }).handler(async (): Promise<SessionUser | null> => {
  const token = getCookie(sessionCookie);
  if (!token || token.length > 128) return null;
  const found = await validateSessionToken(createDb(env.DB), token);
  return found ? toSessionUser(found.subject) : null;
});

/** Stays fresh for the page's life: sign-in, sign-out and a 401 from the API set it explicitly. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: () => fetchSession(),
  staleTime: Infinity,
});
