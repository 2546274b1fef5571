import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage, DashboardSkeleton } from '~/features/dashboard/dashboard-page';
import { alarmQueries } from '~/features/alarms/queries';
import { dashboardQuery } from '~/features/dashboard/queries';
import { currentUserQuery } from '~/features/subjects/queries';

export const Route = createFileRoute('/_authed/dashboard')({
  loader: ({ context: { queryClient } }) =>
    Promise.all([queryClient.ensureQueryData(currentUserQuery), queryClient.ensureQueryData(dashboardQuery), queryClient.ensureQueryData(alarmQueries.open())]).then(() => undefined),
  pendingComponent: DashboardSkeleton,
  component: DashboardPage,
});
