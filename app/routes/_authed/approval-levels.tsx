import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { TableSkeleton } from '~/components/data-table/data-table';
import { ApprovalLevelsPage } from '~/features/approval-levels/approval-levels-page';
import { approvalLevelQueries } from '~/features/approval-levels/queries';
import { requireAdmin } from '~/features/auth/require-admin';
import { m } from '~/paraglide/messages';

/** `/approval-levels`: administrators' approval levels of the deployment (decision 0033). */
export const Route = createFileRoute('/_authed/approval-levels')({
  beforeLoad: requireAdmin,
  loader: ({ context }) => context.queryClient.ensureQueryData(approvalLevelQueries.list()),
  pendingComponent: TableSkeleton,
  component: function ApprovalLevelsRoute() {
    return (
      <>
        <PageHeader title={m.nav_approval_levels()} description={m.approval_levels_description()} />
        <ApprovalLevelsPage />
      </>
    );
  },
});
