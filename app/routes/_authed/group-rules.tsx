import { createFileRoute } from '@tanstack/react-router';
import { PageHeader } from '~/components/page-header';
import { TableSkeleton } from '~/components/data-table/data-table';
import { requireAdmin } from '~/features/auth/require-admin';
import { GroupRulesPage } from '~/features/group-rules/group-rules-page';
import { groupRuleQueries } from '~/features/group-rules/queries';
import { m } from '~/paraglide/messages';

/** `/group-rules`: administrators' rules across stations (k of n). */
export const Route = createFileRoute('/_authed/group-rules')({
  beforeLoad: requireAdmin,
  loader: ({ context }) => context.queryClient.ensureQueryData(groupRuleQueries.setup()),
  pendingComponent: TableSkeleton,
  component: function GroupRulesRoute() {
    return (
      <>
        <PageHeader title={m.nav_group_rules()} description={m.group_rules_description()} />
        <GroupRulesPage />
      </>
    );
  },
});
