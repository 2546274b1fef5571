import { webhookCalls } from '../contracts/webhooks';
import { deleteWebhook, listDeliveries, listWebhooks, saveWebhook, sendTestEvent, webhookForEdit } from '../domain/webhooks/manage';
import { createRouter, mount } from '../http/route';

export const webhookRoutes = createRouter();

mount(webhookRoutes, webhookCalls.list, ({ ctx }) => listWebhooks(ctx));
mount(webhookRoutes, webhookCalls.detail, ({ ctx, query }) => webhookForEdit(ctx, query));
mount(webhookRoutes, webhookCalls.save, ({ ctx, body }) => saveWebhook(ctx, body));
mount(webhookRoutes, webhookCalls.delete, ({ ctx, query }) => deleteWebhook(ctx, query));
mount(webhookRoutes, webhookCalls.test, ({ ctx, query }) => sendTestEvent(ctx, query));
mount(webhookRoutes, webhookCalls.deliveries, ({ ctx, query }) => listDeliveries(ctx, query));
