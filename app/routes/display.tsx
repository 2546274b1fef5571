import { createFileRoute } from '@tanstack/react-router';
import { requireSession } from '~/features/auth/session';
import { dashboardQuery } from '~/features/dashboard/queries';
import { DashboardDisplay } from '~/features/display/dashboard-display';
import { displaySearch, type DisplaySearch } from '~/features/display/search';
import { warningQueries } from '~/features/warning/queries';

/** The signed-in subject's stations on a control-room screen, full-screen without the app's frame. */
export const Route = createFileRoute('/display')({
  validateSearch: displaySearch,
  beforeLoad: requireSession,
  loader: async ({ context: { queryClient } }) => {
    await Promise.all([queryClient.ensureQueryData(dashboardQuery), queryClient.ensureQueryData(warningQueries.scales())]);
  },
  component: function DisplayRoute() {
    const search = Route.useSearch();
    const navigate = Route.useNavigate();
    return <DashboardDisplay search={search} onSearch={(next: DisplaySearch) => void navigate({ search: next, replace: true })} />;
  },
});
