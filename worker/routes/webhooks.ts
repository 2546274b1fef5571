import { z } from 'zod';
import { DeliveriesQuery, Webhook, WebhookDelivery, Webhooks } from '../contracts/webhooks';
import { idQuery } from '../contracts/validation';
import { deleteWebhook, listDeliveries, listWebhooks, saveWebhook, sendTestEvent, webhookForEdit } from '../domain/webhooks/manage';
import { createRouter, defineRoute } from '../http/route';

export const webhookRoutes = createRouter();

const delivery =
  'Each event is POSTed as JSON `{"event", "occurred_at", "alarm"}` (alarm as in GET /rest/alarms; null for `test`) with headers ' +
  '`X-Hladina-Event`, `X-Hladina-Delivery` (the delivery id, the same on every retry) and `X-Hladina-Signature: t=<unix seconds>,v1=<hex>`, ' +
  'where `v1` is HMAC-SHA256 under the webhook secret of `<t>.<raw body>`: recompute it, compare in constant time, and refuse an old `t`. ' +
  'Any answer but 2xx (or none within 10 s) is retried after 1 min, 5 min, 30 min, 2 h and 6 h; then the delivery is logged as failed.';

defineRoute(
  webhookRoutes,
  { method: 'get', path: '/', access: 'admin', summary: 'List webhooks, newest first (secrets are never listed)', description: delivery, data: z.array(Webhook) },
  ({ c }) => listWebhooks(c.var.db),
);

defineRoute(
  webhookRoutes,
  { method: 'get', path: '/edit', access: 'admin', summary: 'One webhook', query: idQuery, data: Webhook },
  ({ c, query }) => webhookForEdit(c.var.db, query.id),
);

defineRoute(
  webhookRoutes,
  {
    method: 'post',
    path: '/edit',
    access: 'admin',
    summary: 'Create (no id) or update a webhook: URL, events, stations (none: all); a new or rotated secret is returned once',
    description: delivery,
    body: { model: 'Webhooks', schema: Webhooks },
    data: Webhook,
  },
  ({ c, body }) => saveWebhook(c.var.db, body),
);

defineRoute(
  webhookRoutes,
  { method: 'post', path: '/delete', access: 'admin', summary: 'Delete a webhook and its delivery log', query: idQuery, data: z.object({ id: z.number() }) },
  ({ c, query }) => deleteWebhook(c.var.db, query.id),
);

defineRoute(
  webhookRoutes,
  {
    method: 'post',
    path: '/test',
    access: 'admin',
    summary: 'Send a test event to a webhook now; returns its delivery (retried like any other if it failed)',
    description: delivery,
    query: idQuery,
    data: WebhookDelivery,
  },
  ({ c, query }) => sendTestEvent(c.var.db, query.id),
);

defineRoute(
  webhookRoutes,
  {
    method: 'get',
    path: '/deliveries',
    access: 'admin',
    summary: 'The delivery log, newest first: of one webhook (id) or all, by status; kept 30 days',
    query: DeliveriesQuery,
    data: z.array(WebhookDelivery),
  },
  ({ c, query }) => listDeliveries(c.var.db, query),
);
