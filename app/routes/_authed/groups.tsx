import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DataTable } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { AddLink } from '~/components/record-links';
import { requireAdmin } from '~/features/auth/require-admin';
import { groupColumns } from '~/features/groups/columns';
import { groupQueries } from '~/features/groups/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/groups')({
  beforeLoad: requireAdmin,
  component: GroupsPage,
});

function GroupsPage() {
  const query = useQuery(groupQueries.list());
  return (
    <>
      <PageHeader title={m.nav_groups()} actions={<AddLink to="/edit-group" label={m.admin_group_add()} />} />
      <DataTable query={query} columns={groupColumns} label={m.nav_groups()} empty={<EmptyState title={m.admin_groups_empty()} />} />
    </>
  );
}
