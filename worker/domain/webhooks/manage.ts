import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { DeliveriesQuery, Webhook, WebhookEvent, WebhookPayload, Webhooks } from '../../contracts/webhooks';
import type { Db } from '../../db/client';
import { webhookItems, webhooks } from '../../db/schema';
import { notFound } from '../errors';
import { assertIdsExist } from '../links';
import { attemptDeliveries, toDelivery, type DeliveryRow } from './deliver';
import { newWebhookSecret } from './signature';

type WebhookRow = typeof webhooks.$inferSelect;

const toWebhook = (w: WebhookRow, stations: number[], secret?: string): Webhook => ({
  id: w.id,
  url: w.url,
  description: w.description,
  events: JSON.parse(w.events) as WebhookEvent[],
  stations,
  created_at: new Date(w.createdAt).toISOString(),
  updated_at: new Date(w.updatedAt).toISOString(),
  ...(secret === undefined ? {} : { secret }),
});

async function stationsOf(db: Db, ids: number[]) {
  const byHook = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byHook;
  const links = await db.select().from(webhookItems).where(inArray(webhookItems.webhookId, ids)).orderBy(asc(webhookItems.itemId));
  for (const l of links) byHook.get(l.webhookId)?.push(l.itemId);
  return byHook;
}

/** Every webhook, newest first (secrets are never listed). */
export async function listWebhooks(db: Db): Promise<Webhook[]> {
  const rows = await db.select().from(webhooks).orderBy(desc(webhooks.id));
  const stations = await stationsOf(db, rows.map((r) => r.id));
  return rows.map((r) => toWebhook(r, stations.get(r.id)!));
}

async function getWebhook(db: Db, id: number) {
  const [row] = await db.select().from(webhooks).where(eq(webhooks.id, id));
  if (!row) throw notFound('Webhook');
  return row;
}

/** One webhook for its edit form. */
export async function webhookForEdit(db: Db, id: number): Promise<Webhook> {
  const row = await getWebhook(db, id);
  return toWebhook(row, (await stationsOf(db, [id])).get(id)!);
}

/** Creates (no id) or updates a webhook with its stations in one batch; a new or rotated secret is returned once. */
export async function saveWebhook(db: Db, input: z.output<typeof Webhooks>): Promise<Webhook> {
  const stations = await assertIdsExist({ db }, { target: 'items', ids: input.stations, field: 'stations' });
  const now = Date.now();
  const d1 = db.$client;
  const events = JSON.stringify([...new Set(input.events)]);
  const linkAll = (webhookId: string | number) =>
    d1.prepare(`INSERT INTO webhook_items (webhook_id, item_id) SELECT ${webhookId}, value FROM json_each(?)`).bind(JSON.stringify(stations));
  if (input.id === undefined) {
    const secret = newWebhookSecret();
    const [created] = await d1.batch([
      d1
        .prepare('INSERT INTO webhooks (url, description, secret, events, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?) RETURNING id')
        .bind(input.url, input.description, secret, events, now, now),
      // The webhook just inserted in this same batch has the highest id (AUTOINCREMENT). Not last_insert_rowid():
      // evaluated per selected row, it turns into the rowid of the link inserted before, from the second station on.
      linkAll('(SELECT max(id) FROM webhooks)'),
    ]);
    const id = (created.results[0] as { id: number }).id;
    return toWebhook(await getWebhook(db, id), stations, secret);
  }
  const before = await getWebhook(db, input.id);
  const secret = input.rotate_secret ? newWebhookSecret() : before.secret;
  await d1.batch([
    d1
      .prepare('UPDATE webhooks SET url = ?, description = ?, secret = ?, events = ?, updated_at = ? WHERE id = ?')
      .bind(input.url, input.description, secret, events, now, input.id),
    d1.prepare('DELETE FROM webhook_items WHERE webhook_id = ?').bind(input.id),
    linkAll(input.id),
  ]);
  return toWebhook(await getWebhook(db, input.id), stations, input.rotate_secret ? secret : undefined);
}

/** Deletes a webhook with its delivery log. */
export async function deleteWebhook(db: Db, id: number) {
  await getWebhook(db, id);
  await db.delete(webhooks).where(eq(webhooks.id, id));
  return { id };
}

const deliverySelect = `SELECT id, webhook_id, event, alarm_id, payload, status, attempts, next_attempt_at, last_status, last_error, created_at, delivered_at
  FROM webhook_deliveries`;

/** Sends a test event to a webhook now and returns its delivery as logged (failures are retried like any other). */
export async function sendTestEvent(db: Db, id: number) {
  await getWebhook(db, id);
  const d1 = db.$client;
  const now = Date.now();
  const payload: WebhookPayload = { event: 'test', occurred_at: new Date(now).toISOString(), alarm: null };
  const created = await d1
    .prepare(
      `INSERT INTO webhook_deliveries (webhook_id, event, payload, status, attempts, next_attempt_at, created_at)
       VALUES (?, 'test', ?, 'pending', 0, ?, ?) RETURNING id`,
    )
    .bind(id, JSON.stringify(payload), now, now)
    .first<{ id: number }>();
  await attemptDeliveries(d1, [created!.id], now);
  return toDelivery((await d1.prepare(`${deliverySelect} WHERE id = ?`).bind(created!.id).first<DeliveryRow>())!);
}

/** The delivery log, newest first: of one webhook or of all. */
export async function listDeliveries(db: Db, query: z.output<typeof DeliveriesQuery>) {
  if (query.id !== undefined) await getWebhook(db, query.id);
  const filters = (
    [
      ['webhook_id = ?', query.id],
      ['status = ?', query.status],
      ['id < ?', query.before],
    ] as const
  ).filter(([, value]) => value !== undefined);
  const where = filters.length ? ` WHERE ${filters.map(([clause]) => clause).join(' AND ')}` : '';
  const { results } = await db.$client
    .prepare(`${deliverySelect}${where} ORDER BY id DESC LIMIT ?`)
    .bind(...filters.map(([, value]) => value), query.limit)
    .all<DeliveryRow>();
  return results.map(toDelivery);
}
