import { createFileRoute } from '@tanstack/react-router';
import { DashboardPage, DashboardSkeleton } from '~/features/dashboard/dashboard-page';
import { dashboardSearch, type DashboardSearch } from '~/features/dashboard/search';
import { dashboardQuery } from '~/features/dashboard/queries';
import { currentUserQuery } from '~/features/subjects/queries';
import { warningQueries } from '~/features/warning/queries';

export const Route = createFileRoute('/_authed/dashboard')({
  validateSearch: dashboardSearch,
  loader: ({ context: { queryClient } }) =>
    Promise.all([
      queryClient.ensureQueryData(currentUserQuery),
      queryClient.ensureQueryData(dashboardQuery),
      queryClient.ensureQueryData(warningQueries.scales()),
    ]).then(() => undefined),
  pendingComponent: DashboardSkeleton,
  component: function DashboardRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    // The filters live in the address, so a reload or a shared link shows the same stations.
    const onSearch = (next: DashboardSearch) => void navigate({ search: next, replace: true, resetScroll: false });
    return <DashboardPage search={search} onSearch={onSearch} />;
  },
});
