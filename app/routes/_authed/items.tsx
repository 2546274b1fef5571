import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, TableSkeleton } from '~/components/data-table/data-table';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { itemColumns } from '~/features/items/columns';
import { itemQueries } from '~/features/items/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/items')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(itemQueries.own());
  },
  pendingComponent: TableSkeleton,
  component: OwnItemsPage,
});

function OwnItemsPage() {
  const { user } = Route.useRouteContext();
  const { data } = useSuspenseQuery(itemQueries.own());
  const columns = useMemo(() => itemColumns({ canEdit: user.isAdmin }), [user.isAdmin]);
  return (
    <>
      <PageHeader title={m.nav_your_items()} description={m.admin_items_own_description()} />
      <DataTable
        data={data}
        columns={columns}
        label={m.nav_your_items()}
        empty={<EmptyState title={m.admin_items_own_empty()}>{m.admin_items_hint()}</EmptyState>}
      />
    </>
  );
}
