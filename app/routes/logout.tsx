import { createFileRoute, redirect } from '@tanstack/react-router';
import { sessionKey } from '~/features/auth/session-key';
import { send } from '~/lib/api';

export const Route = createFileRoute('/logout')({
  // Runs in the browser: the API's logout is a cookie-authenticated POST, which needs the browser's Origin.
  ssr: false,
  beforeLoad: async ({ context }) => {
    // An already-ended session is as good as a successful logout.
    await send(() => import('../../worker/contracts/site').then((c) => c.siteCalls.logout)).catch(() => null);
    context.queryClient.clear();
    context.queryClient.setQueryData(sessionKey, null);
    throw redirect({ to: '/login', replace: true });
  },
});
