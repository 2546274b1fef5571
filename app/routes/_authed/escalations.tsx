import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { TableSkeleton } from '~/components/data-table/data-table';
import { requireAdmin } from '~/features/auth/require-admin';
import { PoliciesPage } from '~/features/escalations/policies-page';
import { escalationQueries } from '~/features/escalations/queries';
import { m } from '~/paraglide/messages';

/** `/escalations`: administrators' escalation policies and duty rota. */
export const Route = createFileRoute('/_authed/escalations')({
  beforeLoad: requireAdmin,
  loader: ({ context }) => context.queryClient.ensureQueryData(escalationQueries.setup()),
  pendingComponent: TableSkeleton,
  component: function EscalationsRoute() {
    return (
      <>
        <PageHeader title={m.nav_escalations()} description={m.escalations_description()} />
        <PoliciesPage />
      </>
    );
  },
});
