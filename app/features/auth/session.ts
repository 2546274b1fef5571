import { queryOptions } from '@tanstack/react-query';
import { fetchSession } from '~/server/session';
import { sessionKey } from './session-key';

/** Stays fresh for the page's life: sign-in, sign-out and a 401 set it explicitly. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: () => fetchSession(),
  staleTime: Infinity,
});
