import { z } from './zod';
import { Alarm } from './alarms';
import { flag, id, idList, optionalText } from './validation';

export const webhookEvents = ['alarm.fired', 'alarm.cleared', 'alarm.acknowledged'] as const;
export type WebhookEvent = (typeof webhookEvents)[number];
/** Every event a delivery can carry: the alarm events, and `test` from "send a test event". */
export const deliveryEvents = [...webhookEvents, 'test'] as const;
export type DeliveryEvent = (typeof deliveryEvents)[number];
export const deliveryStatuses = ['pending', 'delivered', 'failed'] as const;

/** The headers every delivery carries (see README "Webhooks" for verifying the signature). */
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
  events: z.array(z.enum(webhookEvents)).min(1).max(webhookEvents.length).default([...webhookEvents]),
  stations: idList().default([]).meta({ description: 'Station ids (D1) it wants events of; empty: every station.' }),
  rotate_secret: flag().optional().default(false).meta({ description: 'Issue a new signing secret (returned once in the reply); a new webhook always gets one.' }),
});
export type WebhooksInput = z.input<typeof Webhooks>;

export const Webhook = z.object({
  id: z.number(),
  url: z.string(),
  description: z.string().nullable(),
  events: z.array(z.enum(webhookEvents)),
  stations: z.array(z.number()),
  created_at: z.string(),
  updated_at: z.string(),
  secret: z.string().optional().meta({ description: 'Only in the reply that created the webhook or rotated its secret: keep it, it is not shown again.' }),
});
export type Webhook = z.infer<typeof Webhook>;

/** What a receiver gets: the event, when it happened, and the alarm (null for a test event). */
export const WebhookPayload = z.object({
  event: z.enum(deliveryEvents),
  occurred_at: z.string(),
  alarm: Alarm.nullable(),
});
export type WebhookPayload = z.infer<typeof WebhookPayload>;

export const WebhookDelivery = z.object({
  id: z.number(),
  webhook_id: z.number(),
  event: z.enum(deliveryEvents),
  alarm_id: z.number().nullable(),
  status: z.enum(deliveryStatuses).meta({ description: '`pending` until delivered, or `failed` after the sixth failed attempt.' }),
  attempts: z.number(),
  last_status: z.number().nullable().meta({ description: 'HTTP status of the last attempt; null when it got no answer (network error, timeout).' }),
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
