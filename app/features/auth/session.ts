import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { redirect } from '@tanstack/react-router';
import { fetchSession } from '~/server/session';
import { sessionKey } from './session-key';

/** Stays fresh for the page's life: sign-in, sign-out and a 401 set it explicitly. */
export const sessionQuery = queryOptions({
  queryKey: sessionKey,
  queryFn: () => fetchSession(),
  staleTime: Infinity,
});

/** The signed-in subject, decided during SSR from the session cookie; a signed-out visitor goes to sign in. */
export async function requireSession({ context }: { context: { queryClient: QueryClient } }) {
  const user = await context.queryClient.ensureQueryData(sessionQuery);
  if (!user) throw redirect({ to: '/login' });
  return { user };
}
