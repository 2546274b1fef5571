import { useQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable } from '~/components/data-table';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { itemColumns } from '~/features/items/columns';
import { itemQueries } from '~/features/items/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/items')({
  component: OwnItemsPage,
});

function OwnItemsPage() {
  const { user } = Route.useRouteContext();
  const query = useQuery(itemQueries.own());
  const columns = useMemo(() => itemColumns({ canEdit: user.isAdmin }), [user.isAdmin]);
  return (
    <>
      <PageHeader title={m.nav_your_items()} description={m.admin_items_own_description()} />
      <DataTable
        query={query}
        columns={columns}
        label={m.nav_your_items()}
        empty={<EmptyState title={m.admin_items_own_empty()}>{m.admin_items_hint()}</EmptyState>}
      />
    </>
  );
}
