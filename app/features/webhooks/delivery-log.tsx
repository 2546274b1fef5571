import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { RotateCwIcon } from 'lucide-react';
import { useMemo } from 'react';
import { homeZone } from '../../../shared/station-time';
import { DataTable } from '~/components/data-table/data-table';
import { FilterSelect } from '~/components/filter-select';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { m } from '~/paraglide/messages';
import { deliveryColumns, type WebhookRow } from './columns';
import { deliveryStatusOptions, type DeliveryFilter } from './delivery-filter';
import { statusLabels } from './labels';
import { webhookQueries } from './queries';

/** The delivery log (newest first, kept 30 days) with its filter by webhook and status, which lives in the address. */
export function DeliveryLog({
  webhooks,
  filter,
  onFilter,
}: {
  webhooks: WebhookRow[];
  filter: DeliveryFilter;
  onFilter: (filter: DeliveryFilter) => void;
}) {
  const queryClient = useQueryClient();
  const { data, isFetching } = useSuspenseQuery(webhookQueries.deliveries(filter));
  const columns = useMemo(() => deliveryColumns(new Map(webhooks.map((w) => [w.id, w.url]))), [webhooks]);
  const refresh = () => void queryClient.invalidateQueries({ queryKey: ['webhooks', 'deliveries'] });
  return (
    <section className="grid grid-cols-1 gap-3" aria-labelledby="delivery-log">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div className="grid gap-1">
          <h2 id="delivery-log" className="text-lg font-semibold">
            {m.webhooks_log_title()}
          </h2>
          <p className="text-sm text-muted-foreground">{m.webhooks_log_description({ zone: homeZone })}</p>
        </div>
        <div className="flex flex-wrap items-end gap-2">
          <FilterSelect
            id="log-webhook"
            label={m.webhooks_webhook()}
            allLabel={m.webhooks_all_webhooks()}
            value={filter.webhook}
            options={webhooks.map((w) => ({ value: w.id, label: w.url }))}
            onChange={(webhook) => onFilter({ ...filter, webhook })}
            className="w-56 max-w-full"
          />
          <FilterSelect
            id="log-status"
            label={m.webhooks_status()}
            allLabel={m.webhooks_all_statuses()}
            value={filter.status}
            options={deliveryStatusOptions.map((s) => ({ value: s, label: statusLabels[s]() }))}
            onChange={(status) => onFilter({ ...filter, status })}
            className="w-40"
          />
          <Button variant="outline" onClick={refresh} disabled={isFetching}>
            <RotateCwIcon />
            {m.webhooks_refresh()}
          </Button>
        </div>
      </div>
      <DataTable
        // A new filter starts the table on its first page.
        key={`${filter.webhook ?? ''}-${filter.status ?? ''}`}
        data={data}
        columns={columns}
        label={m.webhooks_log_title()}
        empty={<EmptyState title={filter.webhook || filter.status ? m.webhooks_log_empty_filtered() : m.webhooks_log_empty()} />}
      />
    </section>
  );
}
