import type { DeliveryEvent, WebhookDelivery, WebhookEvent } from '../../../worker/contracts/webhooks';
import { Badge } from '~/components/ui/badge';
import { m } from '~/paraglide/messages';
import type { DeliveryStatus } from './delivery-filter';

// Keyed by every event and status, so no choice or label can be missing (the contract's module stays out of the page).
const eventLabels: Record<WebhookEvent, () => string> = {
  'alarm.fired': m.webhooks_event_fired,
  'alarm.cleared': m.webhooks_event_cleared,
  'alarm.acknowledged': m.webhooks_event_acknowledged,
};
export const webhookEventOptions = Object.keys(eventLabels) as WebhookEvent[];

export const eventLabel = (event: DeliveryEvent) =>
  event === 'test' ? m.webhooks_event_test() : event === 'escalation.step' ? m.webhooks_event_escalation() : eventLabels[event]();

export const statusLabels: Record<DeliveryStatus, () => string> = {
  pending: m.webhooks_status_pending,
  delivered: m.webhooks_status_delivered,
  failed: m.webhooks_status_failed,
};

const statusLooks: Record<DeliveryStatus, string> = {
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-500/20 dark:text-emerald-200',
  pending: 'bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200',
  failed: '',
};

export function DeliveryStatusBadge({ status }: { status: DeliveryStatus }) {
  return (
    <Badge variant={status === 'failed' ? 'destructive' : 'secondary'} className={statusLooks[status]} data-status={status}>
      {statusLabels[status]()}
    </Badge>
  );
}

/** The last attempt's answer in words: its HTTP status, or why there was none. */
export const lastAnswer = (d: Pick<WebhookDelivery, 'attempts' | 'last_status' | 'last_error'>) =>
  d.attempts === 0 ? m.webhooks_not_sent_yet() : d.last_status !== null ? `HTTP ${d.last_status}` : (d.last_error ?? '—');

/** The stations a webhook wants, in words: every station, or their names. */
export function stationsText(ids: number[], nameOf: Map<number, string>) {
  if (!ids.length) return m.webhooks_all_stations();
  const names = ids.map((id) => nameOf.get(id) ?? `#${id}`);
  return names.length <= 2 ? names.join(', ') : m.webhooks_stations_more({ names: names.slice(0, 2).join(', '), count: names.length - 2 });
}
