import { z } from './zod';
import { defineCall } from './call';
import { Alarm } from './alarms';
import { EscalationStepEvent } from './escalations';
import { flag, id, idList, optionalText, idQuery } from './validation';

export const webhookEvents = ['alarm.fired', 'alarm.cleared', 'alarm.acknowledged'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** Every event a delivery can carry: the alarm events, `test` from "send a test event", and an escalation's step that names the webhook. */
export const deliveryEvents = [...webhookEvents, 'test', 'escalation.step'] as const;
export type DeliveryEvent = (typeof deliveryEvents)[number];
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/** The headers every delivery carries (see docs/alarms.md, "Webhooks", for verifying the signature). */
export const webhookHeaders = {
  signature: 'X-Hladina-Signature',
  event: 'X-Hladina-Event',
  delivery: 'X-Hladina-Delivery',
} as const;

const webhookUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/ }));

/** A webhook as an administrator sends it; no `stations` (or an empty list) means every station. */
export const Webhooks = z.object({
  id: id().optional(),
  url: webhookUrl,
  description: optionalText(200),
  events: z
    .array(z.enum(webhookEvents))
    .min(1)
    .max(webhookEvents.length)
    .default([...webhookEvents]),
  stations: idList().default([]).meta({ description: 'Station ids (D1) it wants events of; empty: every station.' }),
  rotate_secret: flag()
    .optional()
    .default(false)
    .meta({ description: 'Issue a new signing secret (returned once in the reply); a new webhook always gets one.' }),
});

export const Webhook = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(webhookEvents)),
  stations: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  secret: z
    .string()
    .optional()
    .meta({ description: 'Only in the reply that created the webhook or rotated its secret: keep it, it is not shown again.' }),
});
export type Webhook = z.infer<typeof Webhook>;

/** What a receiver gets: the event, when it happened, and the alarm (null for a test event). */
export const WebhookPayload = z.object({
  event: z.enum(deliveryEvents),
  occurred_at: z.string(),
  alarm: Alarm.nullable(),
  escalation: EscalationStepEvent.optional().meta({ description: 'With `escalation.step`: the escalation and the step that posts it.' }),
  forecast: z
    .object({ level: z.number(), expected_at: z.string() })
    .optional()
    .meta({ description: "With `alarm.fired`: when the alarm's reading is forecast to reach its next warning level, if it is." }),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const WebhookDelivery = z.object({
  id: z.number(),
  webhook_id: z.number(),
  event: z.enum(deliveryEvents),
  alarm_id: z.number().nullable(),
  status: z.enum(deliveryStatuses).meta({ description: '`pending` until delivered, or `failed` after the sixth failed attempt.' }),
  attempts: z.number(),
  last_status: z
    .number()
    .nullable()
    .meta({ description: 'HTTP status of the last attempt; null when it got no answer (network error, timeout).' }),
  last_error: z.string().nullable(),
  next_attempt_at: z.string().nullable().meta({ description: 'When the next attempt is due (pending deliveries only).' }),
  created_at: z.string(),
  delivered_at: z.string().nullable(),
  payload: WebhookPayload.meta({ description: 'The body as sent (and signed) on every attempt.' }),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const DeliveriesQuery = z.object({
  /** One webhook's deliveries; all webhooks' when absent. */
  id: id().optional(),
  status: z.enum(deliveryStatuses).optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
  before: id().optional(),
});

const delivery =
  'Each event is POSTed as JSON `{"event", "occurred_at", "alarm"}` (alarm as in GET /rest/alarms; null for `test`) with headers ' +
  '`X-Hladina-Event`, `X-Hladina-Delivery` (the delivery id, the same on every retry) and `X-Hladina-Signature: t=<unix seconds>,v1=<hex>`, ' +
  'where `v1` is HMAC-SHA256 under the webhook secret of `<t>.<raw body>`: recompute it, compare in constant time, and refuse an old `t`. ' +
  'Any answer but 2xx (or none within 10 s) is retried after 1 min, 5 min, 30 min, 2 h and 6 h; then the delivery is logged as failed.';

export const webhookCalls = {
  list: defineCall({
    method: 'get',
    path: '/webhooks',
    access: 'admin',
    summary: 'List webhooks, newest first (secrets are never listed)',
    description: delivery,
    reply: z.array(Webhook),
  }),
  detail: defineCall({
    method: 'get',
    path: '/webhooks/edit',
    access: 'admin',
    summary: 'One webhook',
    query: idQuery,
    reply: Webhook,
  }),
  save: defineCall({
    method: 'post',
    path: '/webhooks/edit',
    access: 'admin',
    summary: 'Create (no id) or update a webhook: URL, events, stations (none: all); a new or rotated secret is returned once',
    description: delivery,
    body: Webhooks,
    model: 'Webhooks',
    reply: Webhook,
  }),
  delete: defineCall({
    method: 'post',
    path: '/webhooks/delete',
    access: 'admin',
    summary: 'Delete a webhook and its delivery log',
    query: idQuery,
    reply: z.object({ id: z.number() }),
  }),
  test: defineCall({
    method: 'post',
    path: '/webhooks/test',
    access: 'admin',
    summary: 'Send a test event to a webhook now; returns its delivery (retried like any other if it failed)',
    description: delivery,
    query: idQuery,
    reply: WebhookDelivery,
  }),
  deliveries: defineCall({
    method: 'get',
    path: '/webhooks/deliveries',
    access: 'admin',
    summary: 'The delivery log, newest first: of one webhook (id) or all, by status; kept 30 days',
    query: DeliveriesQuery,
    reply: z.array(WebhookDelivery),
  }),
};
