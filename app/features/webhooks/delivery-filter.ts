import type { WebhookDelivery } from '../../../worker/contracts/webhooks';

export type DeliveryStatus = WebhookDelivery['status'];

// Written out rather than taken from the contract, whose schemas would then load with every page (the route reads
// the filter on first load); the record's type keeps the list complete.
const statuses: Record<DeliveryStatus, true> = { pending: true, delivered: true, failed: true };
export const deliveryStatusOptions = Object.keys(statuses) as DeliveryStatus[];

/** Which deliveries the log shows: of one webhook, in one status; absent means all. */
export interface DeliveryFilter {
  webhook?: number;
  status?: DeliveryStatus;
}

/** Reads the log's filter from the address (`?webhook=3&status=failed`); anything unknown is no filter. */
export function deliverySearch(search: Record<string, unknown>): DeliveryFilter {
  const webhook = /^[1-9]\d{0,15}$/.test(String(search.webhook ?? '')) ? Number(search.webhook) : undefined;
  const status = deliveryStatusOptions.find((s) => s === search.status);
  return { ...(webhook === undefined ? {} : { webhook }), ...(status === undefined ? {} : { status }) };
}
