import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { RotateCwIcon } from 'lucide-react';
import { useMemo } from 'react';
import { homeZone } from '../../../worker/contracts/station-time';
import { DataTable } from '~/components/data-table/data-table';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Label } from '~/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { m } from '~/paraglide/messages';
import { deliveryColumns, type WebhookRow } from './columns';
import { deliveryStatusOptions, type DeliveryFilter, type DeliveryStatus } from './delivery-filter';
import { statusLabels } from './labels';
import { webhookQueries } from './queries';

const all = 'all';

/** The delivery log (newest first, kept 30 days) with its filter by webhook and status, which lives in the address. */
export function DeliveryLog({ webhooks, filter, onFilter }: { webhooks: WebhookRow[]; filter: DeliveryFilter; onFilter: (filter: DeliveryFilter) => void }) {
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
          <div className="grid gap-1.5">
            <Label htmlFor="log-webhook">{m.webhooks_webhook()}</Label>
            <Select
              value={filter.webhook === undefined ? all : String(filter.webhook)}
              onValueChange={(v) => onFilter({ ...filter, webhook: v === all ? undefined : Number(v) })}
            >
              <SelectTrigger id="log-webhook" className="w-56 max-w-full">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={all}>{m.webhooks_all_webhooks()}</SelectItem>
                {webhooks.map((w) => (
                  <SelectItem key={w.id} value={String(w.id)}>
                    {w.url}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor="log-status">{m.webhooks_status()}</Label>
            <Select value={filter.status ?? all} onValueChange={(v) => onFilter({ ...filter, status: v === all ? undefined : (v as DeliveryStatus) })}>
              <SelectTrigger id="log-status" className="w-40">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                <SelectItem value={all}>{m.webhooks_all_statuses()}</SelectItem>
                {deliveryStatusOptions.map((s) => (
                  <SelectItem key={s} value={s}>
                    {statusLabels[s]()}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <Button variant="outline" onClick={refresh} disabled={isFetching}>
            <RotateCwIcon />
            {m.webhooks_refresh()}
          </Button>
        </div>
      </div>
      <DataTable
        // A new filter starts the table on its first page.
        key={`${filter.webhook ?? all}-${filter.status ?? all}`}
        data={data}
        columns={columns}
        label={m.webhooks_log_title()}
        empty={<EmptyState title={filter.webhook || filter.status ? m.webhooks_log_empty_filtered() : m.webhooks_log_empty()} />}
      />
    </section>
  );
}
