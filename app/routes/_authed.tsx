import { Outlet, createFileRoute } from '@tanstack/react-router';
import { AppShell } from '~/components/layout/app-shell';
import { alarmQueries } from '~/features/alarms/queries';
import { requireSession } from '~/features/auth/session';
import { subjectQueries } from '~/features/subjects/queries';

/** Every protected screen: decided during SSR from the session cookie, so a signed-out visitor never sees one. */
export const Route = createFileRoute('/_authed')({
  beforeLoad: requireSession,
  // The menu counts active alarms, and for administrators waiting registrations; the first page already shows the numbers.
  loader: async ({ context }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(alarmQueries.open()),
      context.user.isAdmin && context.queryClient.ensureQueryData(subjectQueries.pending()),
    ]);
  },
  component: function AuthedLayout() {
    const { user } = Route.useRouteContext();
    return (
      <AppShell user={user}>
        <Outlet />
      </AppShell>
    );
  },
});
