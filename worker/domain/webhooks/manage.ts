import type { z } from 'zod';
import { isoInstant } from '../../../shared/station-time';
import type { DeliveriesQuery, Webhook, WebhookPayload, Webhooks } from '../../contracts/webhooks';
import type { Ctx } from '../../context';
import {
  deleteWebhookRow,
  findDelivery,
  findWebhook,
  insertTestDelivery,
  selectDeliveries,
  selectWebhooks,
  selectWebhookStations,
  toWebhook,
  writeWebhook,
} from '../../db/webhooks';
import { notFound } from '../errors';
import { assertIdsExist } from '../links';
import { attemptDeliveries } from './deliver';
import { newWebhookSecret } from './signature';

/** Every webhook, newest first (secrets are never listed). */
export async function listWebhooks({ db }: Ctx): Promise<Webhook[]> {
  const rows = await selectWebhooks(db);
  const stations = await selectWebhookStations(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => toWebhook(r, stations.get(r.id)!));
}

async function getWebhook({ db }: Ctx, id: number) {
  const row = await findWebhook(db, id);
  if (!row) throw notFound('Webhook');
  return row;
}

/** One webhook for its edit form. */
export async function webhookForEdit(ctx: Ctx, { id }: { id: number }): Promise<Webhook> {
  const row = await getWebhook(ctx, id);
  return toWebhook(row, (await selectWebhookStations(ctx.db, [id])).get(id)!);
}

/** Creates (no id) or updates a webhook with its stations in one batch; a new or rotated secret is returned once. */
export async function saveWebhook(ctx: Ctx, input: z.output<typeof Webhooks>): Promise<Webhook> {
  const stations = await assertIdsExist(ctx, { target: 'items', ids: input.stations, field: 'stations' });
  const now = Date.now();
  const fields = { url: input.url, description: input.description, events: JSON.stringify([...new Set(input.events)]) };
  const before = input.id === undefined ? null : await getWebhook(ctx, input.id);
  const shown = !before || input.rotate_secret;
  const secret = shown ? newWebhookSecret() : before.secret;
  const id = await writeWebhook(ctx.db, { id: input.id, fields: { ...fields, secret }, stations, now });
  return toWebhook(await getWebhook(ctx, id), stations, shown ? secret : undefined);
}

/** Deletes a webhook with its delivery log. */
export async function deleteWebhook(ctx: Ctx, { id }: { id: number }) {
  await getWebhook(ctx, id);
  await deleteWebhookRow(ctx.db, id);
  return { id };
}

/** Sends a test event to a webhook now and returns its delivery as logged (failures are retried like any other). */
export async function sendTestEvent(ctx: Ctx, { id }: { id: number }) {
  await getWebhook(ctx, id);
  const now = Date.now();
  const payload: WebhookPayload = { event: 'test', occurred_at: isoInstant(now), alarm: null };
  const created = await insertTestDelivery(ctx.db, { webhookId: id, payload, now });
  await attemptDeliveries(ctx, { ids: [created], now });
  return findDelivery(ctx.db, created);
}

/** The delivery log, newest first: of one webhook or of all. */
export async function listDeliveries(ctx: Ctx, query: z.output<typeof DeliveriesQuery>) {
  if (query.id !== undefined) await getWebhook(ctx, query.id);
  return selectDeliveries(ctx.db, query);
}
