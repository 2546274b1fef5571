import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DataTable } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { AddLink } from '~/components/record-links';
import { requireAdmin } from '~/features/auth/require-admin';
import { itemColumns } from '~/features/items/columns';
import { itemQueries } from '~/features/items/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/all-items')({
  beforeLoad: requireAdmin,
  component: AllItemsPage,
});

const columns = itemColumns({ canEdit: true });

function AllItemsPage() {
  const query = useQuery(itemQueries.all());
  return (
    <>
      <PageHeader title={m.nav_items()} description={m.admin_items_hint()} actions={<AddLink to="/edit-item" label={m.admin_item_add()} />} />
      <DataTable query={query} columns={columns} label={m.nav_items()} empty={<EmptyState title={m.admin_items_all_empty()} />} />
    </>
  );
}
