import { useSuspenseQuery } from '@tanstack/react-query';
import { createFileRoute } from '@tanstack/react-router';
import { useMemo } from 'react';
import { DataTable, TableSkeleton } from '~/components/data-table/data-table';
import { PageHeader } from '~/components/page-header';
import { AddLink } from '~/components/record-links';
import { RouteNotFound } from '~/components/route-states';
import { EmptyState } from '~/components/states';
import { requireAdmin } from '~/features/auth/require-admin';
import { webhookColumns } from '~/features/webhooks/columns';
import { deliverySearch } from '~/features/webhooks/delivery-filter';
import { DeliveryLog } from '~/features/webhooks/delivery-log';
import { webhookQueries } from '~/features/webhooks/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/webhooks')({
  beforeLoad: requireAdmin,
  validateSearch: deliverySearch,
  loaderDeps: ({ search }) => ({ filter: search }),
  loader: async ({ context, deps }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(webhookQueries.list()),
      context.queryClient.ensureQueryData(webhookQueries.deliveries(deps.filter)),
    ]);
  },
  pendingComponent: TableSkeleton,
  // The log filtered by a webhook that does not exist.
  notFoundComponent: RouteNotFound,
  component: WebhooksPage,
});

function WebhooksPage() {
  const { data } = useSuspenseQuery(webhookQueries.list());
  const { filter } = Route.useLoaderDeps();
  const navigate = Route.useNavigate();
  const columns = useMemo(() => webhookColumns(new Map(data.stations.map((s) => [s.id, s.name]))), [data.stations]);
  return (
    <>
      <PageHeader
        title={m.nav_webhooks()}
        description={m.webhooks_description()}
        actions={<AddLink to="/edit-webhook" label={m.webhooks_add()} />}
      />
      <div className="grid grid-cols-1 gap-8">
        <DataTable
          data={data.webhooks}
          columns={columns}
          label={m.nav_webhooks()}
          empty={<EmptyState title={m.webhooks_empty()}>{m.webhooks_empty_hint()}</EmptyState>}
        />
        <DeliveryLog webhooks={data.webhooks} filter={filter} onFilter={(next) => void navigate({ search: next, replace: true })} />
      </div>
    </>
  );
}
