import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, TableSkeleton } from '~/components/data-table/data-table';
import { PageHeader } from '~/components/page-header';
import { AddLink } from '~/components/record-links';
import { EmptyState } from '~/components/states';
import { shareLinkColumns } from '~/features/share-links/columns';
import { shareLinkQueries } from '~/features/share-links/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/share-links')({
  loader: async ({ context }) => {
    await context.queryClient.ensureQueryData(shareLinkQueries.list());
  },
  pendingComponent: TableSkeleton,
  component: function ShareLinksPage() {
    const { data } = useSuspenseQuery(shareLinkQueries.list());
    const { user } = Route.useRouteContext();
    const columns = useMemo(() => shareLinkColumns({ withOwner: user.isAdmin }), [user.isAdmin]);
    return (
      <>
        <PageHeader
          title={m.nav_share_links()}
          description={m.share_links_description()}
          actions={<AddLink to="/edit-share-link" label={m.share_links_add()} />}
        />
        <DataTable
          data={data}
          columns={columns}
          label={m.nav_share_links()}
          empty={<EmptyState title={m.share_links_empty()}>{m.share_links_empty_hint()}</EmptyState>}
        />
      </>
    );
  },
});
