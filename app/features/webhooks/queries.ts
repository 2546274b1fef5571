import { queryOptions } from '@tanstack/react-query';
import { fetchDeliveries, fetchWebhookEdit, fetchWebhooks } from '~/server/webhooks';
import type { DeliveryFilter } from './delivery-filter';

export const webhookQueries = {
  list: () => queryOptions({ queryKey: ['webhooks', 'list'], queryFn: () => fetchWebhooks() }),
  /** Without an id: the stations a new webhook may be limited to. */
  detail: (id?: number) =>
    queryOptions({ queryKey: ['webhooks', 'detail', id ?? 'new'], queryFn: () => fetchWebhookEdit({ data: { id } }) }),
  deliveries: (filter: DeliveryFilter) =>
    queryOptions({
      queryKey: ['webhooks', 'deliveries', filter],
      queryFn: () => fetchDeliveries({ data: { id: filter.webhook, status: filter.status } }),
    }),
};

/** The webhook calls, with their schemas, load with the first save, test or delete: off the screens' first load. */
export const webhookCalls = () => import('../../../worker/contracts/webhooks').then((c) => c.webhookCalls);
