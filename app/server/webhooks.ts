import { createServerFn } from '@tanstack/react-start';
import { z } from 'zod';
import { DeliveriesQuery } from '../../worker/contracts/webhooks';
import { id } from '../../worker/contracts/validation';
import type { Ctx } from '../../worker/context';
import { listAllItems } from '../../worker/domain/items/manage';
import { listDeliveries, listWebhooks, webhookForEdit } from '../../worker/domain/webhooks/manage';
import { adminOnly } from './middleware';

/** The stations a webhook may be limited to. */
const stationChoices = async ({ db }: Ctx) => (await listAllItems({ db })).map((i) => ({ id: i.id, name: i.name, unique_id: i.unique_id }));

/** Every webhook with how its newest delivery went (null: none yet), and the stations to name them by. */
export const fetchWebhooks = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(async ({ context: { ctx } }) => {
    const [webhooks, stations] = await Promise.all([listWebhooks(ctx), stationChoices(ctx)]);
    // Administrators keep a handful of webhooks: one indexed look-up each.
    const last = await Promise.all(webhooks.map((w) => listDeliveries(ctx, { id: w.id, limit: 1 })));
    return {
      webhooks: webhooks.map((w, i) => {
        const newest = last[i][0];
        return {
          ...w,
          last_delivery: newest ? { status: newest.status, last_status: newest.last_status, created_at: newest.created_at } : null,
        };
      }),
      stations,
    };
  });

/** One webhook for its edit screen (none: a new one), and the stations it may be limited to. */
export const fetchWebhookEdit = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(z.object({ id: id().optional() }))
  .handler(async ({ context: { ctx }, data }) => ({
    webhook: data.id === undefined ? null : await webhookForEdit(ctx, { id: data.id }),
    stations: await stationChoices(ctx),
  }));

/** The delivery log, newest first, of one webhook or all, by status. */
export const fetchDeliveries = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(DeliveriesQuery)
  .handler(({ context: { ctx }, data }) => listDeliveries(ctx, data));
