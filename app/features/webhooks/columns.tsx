import type { ColumnDef } from '@tanstack/react-table';
import type { Webhook, WebhookDelivery } from '../../../worker/contracts/webhooks';
import { homeZone } from '../../../shared/station-time';
import { DeleteAction } from '~/components/delete-action';
import { EditLink } from '~/components/record-links';
import { send } from '~/lib/api';
import { stationDateTime } from '~/lib/format';
import { m } from '~/paraglide/messages';
import { DeliveryStatusBadge, eventLabel, lastAnswer, stationsText, webhookEventOptions } from './labels';
import { webhookCalls } from './queries';

/** A webhook as the list shows it: with how its newest delivery went (null: none yet). */
export type WebhookRow = Webhook & { last_delivery: Pick<WebhookDelivery, 'status' | 'last_status' | 'created_at'> | null };

export function webhookColumns(nameOf: Map<number, string>): ColumnDef<WebhookRow>[] {
  return [
    {
      accessorKey: 'url',
      header: () => m.webhooks_url(),
      cell: ({ row }) => (
        <div className="max-w-xs">
          <div className="truncate font-medium" title={row.original.url}>
            {row.original.url}
          </div>
          {row.original.description && <div className="truncate text-xs text-muted-foreground">{row.original.description}</div>}
        </div>
      ),
    },
    {
      id: 'events',
      accessorFn: (w) => (w.events.length === webhookEventOptions.length ? m.webhooks_all_events() : w.events.map(eventLabel).join(', ')),
      header: () => m.webhooks_events(),
      enableSorting: false,
    },
    {
      id: 'stations',
      accessorFn: (w) => stationsText(w.stations, nameOf),
      header: () => m.webhooks_stations(),
      enableSorting: false,
    },
    {
      id: 'last_delivery',
      accessorFn: (w) => w.last_delivery?.created_at ?? '',
      header: () => m.webhooks_last_delivery(),
      enableGlobalFilter: false,
      cell: ({ row }) => {
        const last = row.original.last_delivery;
        if (!last) return <span className="text-muted-foreground">{m.webhooks_never()}</span>;
        return (
          <div className="grid justify-items-start gap-0.5">
            <DeliveryStatusBadge status={last.status} />
            <span className="text-xs whitespace-nowrap text-muted-foreground">
              {stationDateTime(last.created_at, homeZone)}
              {last.last_status !== null && ` · HTTP ${last.last_status}`}
            </span>
          </div>
        );
      },
    },
    {
      id: 'actions',
      header: () => m.admin_actions(),
      enableSorting: false,
      cell: ({ row }) => (
        <div className="flex gap-2">
          <EditLink to="/edit-webhook/$id" id={row.original.id} name={row.original.url} />
          <DeleteAction
            remove={() => send(() => webhookCalls().then((c) => c.delete), { query: { id: row.original.id } })}
            resource="webhooks"
            name={row.original.url}
          />
        </div>
      ),
    },
  ];
}

/** The delivery log's columns; `urlOf` names each delivery's webhook. */
export function deliveryColumns(urlOf: Map<number, string>): ColumnDef<WebhookDelivery>[] {
  return [
    {
      accessorKey: 'created_at',
      header: () => m.webhooks_time(),
      enableGlobalFilter: false,
      cell: ({ row }) => <span className="whitespace-nowrap tabular-nums">{stationDateTime(row.original.created_at, homeZone)}</span>,
    },
    {
      id: 'webhook',
      accessorFn: (d) => urlOf.get(d.webhook_id) ?? `#${d.webhook_id}`,
      header: () => m.webhooks_webhook(),
      cell: ({ getValue }) => (
        <div className="max-w-56 truncate" title={String(getValue())}>
          {String(getValue())}
        </div>
      ),
    },
    { id: 'event', accessorFn: (d) => eventLabel(d.event), header: () => m.webhooks_event() },
    {
      accessorKey: 'status',
      header: () => m.webhooks_status(),
      cell: ({ row }) => <DeliveryStatusBadge status={row.original.status} />,
    },
    { accessorKey: 'attempts', header: () => m.webhooks_attempts(), enableGlobalFilter: false },
    {
      id: 'answer',
      accessorFn: (d) => lastAnswer(d),
      header: () => m.webhooks_last_answer(),
      cell: ({ row }) => {
        const d = row.original;
        return (
          <div className="max-w-64">
            <div className="truncate" title={lastAnswer(d)}>
              {lastAnswer(d)}
            </div>
            {d.next_attempt_at && (
              <div className="text-xs whitespace-nowrap text-muted-foreground">
                {m.webhooks_next_attempt({ at: stationDateTime(d.next_attempt_at, homeZone) })}
              </div>
            )}
          </div>
        );
      },
    },
  ];
}
