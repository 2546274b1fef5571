import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { DataTable, TableSkeleton } from '~/components/data-table/data-table';
import { PageHeader } from '~/components/page-header';
import { AddLink } from '~/components/record-links';
import { EmptyState } from '~/components/states';
import { requireAdmin } from '~/features/auth/require-admin';
import { itemColumns } from '~/features/items/columns';
import { itemQueries } from '~/features/items/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/all-items')({
  beforeLoad: requireAdmin,
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(itemQueries.all());
  },
  pendingComponent: TableSkeleton,
  component: AllItemsPage,
});

const columns = itemColumns({ canEdit: true });

function AllItemsPage() {
  const { data } = useSuspenseQuery(itemQueries.all());
  return (
    <>
      <PageHeader
        title={m.nav_items()}
        description={m.admin_items_hint()}
        actions={<AddLink to="/edit-item" label={m.admin_item_add()} />}
      />
      <DataTable data={data} columns={columns} label={m.nav_items()} empty={<EmptyState title={m.admin_items_all_empty()} />} />
    </>
  );
}
