import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DataTable, TableSkeleton } from '~/components/data-table/data-table';
import { PageHeader } from '~/components/page-header';
import { AddLink } from '~/components/record-links';
import { EmptyState } from '~/components/states';
import { requireAdmin } from '~/features/auth/require-admin';
import { groupColumns } from '~/features/groups/columns';
import { groupQueries } from '~/features/groups/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/groups')({
  beforeLoad: requireAdmin,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(groupQueries.list());
  },
  pendingComponent: TableSkeleton,
  component: GroupsPage,
});

function GroupsPage() {
  const { data } = useSuspenseQuery(groupQueries.list());
  return (
    <>
      <PageHeader title={m.nav_groups()} actions={<AddLink to="/edit-group" label={m.admin_group_add()} />} />
      <DataTable data={data} columns={groupColumns} label={m.nav_groups()} empty={<EmptyState title={m.admin_groups_empty()} />} />
    </>
  );
}
