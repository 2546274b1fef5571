import { and, asc, desc, eq, inArray, lt, lte, ne, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { isoInstant } from '../../shared/station-time';
import type { DeliveriesQuery, DeliveryEvent, Webhook, WebhookDelivery, WebhookEvent, WebhookPayload } from '../contracts/webhooks';
import { atomically, inJson } from './batch';
import type { Db } from './client';
import { alarms, webhookDeliveries, webhookItems, webhooks } from './schema';

type WebhookRow = typeof webhooks.$inferSelect;

export const toWebhook = (w: WebhookRow, stations: number[], secret?: string): Webhook => ({
  id: w.id,
  url: w.url,
  description: w.description,
  events: JSON.parse(w.events) as WebhookEvent[],
  stations,
  created_at: isoInstant(w.createdAt),
  updated_at: isoInstant(w.updatedAt),
  ...(secret === undefined ? {} : { secret }),
});

/** The stations each of these webhooks is limited to (none: every station). */
export async function selectWebhookStations(db: Db, ids: number[]) {
  const byHook = new Map<number, number[]>(ids.map((id) => [id, []]));
  if (!ids.length) return byHook;
  const links = await db.select().from(webhookItems).where(inArray(webhookItems.webhookId, ids)).orderBy(asc(webhookItems.itemId));
  for (const l of links) byHook.get(l.webhookId)?.push(l.itemId);
  return byHook;
}

export const selectWebhooks = (db: Db) => db.select().from(webhooks).orderBy(desc(webhooks.id));

export const findWebhook = async (db: Db, id: number) => (await db.select().from(webhooks).where(eq(webhooks.id, id)))[0];

/** Creates (no `id`) or updates a webhook with its stations, in one batch; returns its id. */
export async function writeWebhook(
  db: Db,
  {
    id,
    fields,
    stations,
    now,
  }: { id?: number; fields: Pick<WebhookRow, 'url' | 'description' | 'secret' | 'events'>; stations: number[]; now: number },
) {
  // A webhook inserted in this same batch has the highest id (AUTOINCREMENT). Not last_insert_rowid(): evaluated per
  // selected row, it turns into the rowid of the link inserted before, from the second station on.
  const webhookId = id ?? sql`(SELECT max(${webhooks.id}) FROM ${webhooks})`;
  const [written] = (await atomically(db, [
    id === undefined
      ? db
          .insert(webhooks)
          .values({ ...fields, createdAt: now, updatedAt: now })
          .returning({ id: webhooks.id })
      : db
          .update(webhooks)
          .set({ ...fields, updatedAt: now })
          .where(eq(webhooks.id, id))
          .returning({ id: webhooks.id }),
    ...(id === undefined ? [] : [db.delete(webhookItems).where(eq(webhookItems.webhookId, id))]),
    db.insert(webhookItems).select(sql`SELECT ${webhookId}, value FROM json_each(${JSON.stringify(stations)})`),
  ])) as { id: number }[][];
  return written[0].id;
}

/** Deletes a webhook with its delivery log. */
export const deleteWebhookRow = (db: Db, id: number) => db.delete(webhooks).where(eq(webhooks.id, id));

/** Webhooks that want this event for this station (no stations listed: every station). */
export async function selectSubscribedWebhooks(db: Db, { itemId, event }: { itemId: number; event: WebhookEvent }) {
  const rows = await db
    .select({ id: webhooks.id })
    .from(webhooks)
    .where(
      sql`EXISTS (SELECT 1 FROM json_each(${webhooks.events}) WHERE value = ${event})
        AND (NOT EXISTS (SELECT 1 FROM ${webhookItems} wi WHERE wi.webhook_id = ${webhooks.id})
             OR EXISTS (SELECT 1 FROM ${webhookItems} wi WHERE wi.webhook_id = ${webhooks.id} AND wi.item_id = ${itemId}))`,
    );
  return rows.map((r) => r.id);
}

/** The URLs and secrets of these webhooks. */
export const selectWebhookTargets = (db: Db, ids: number[]) =>
  db.select({ id: webhooks.id, url: webhooks.url, secret: webhooks.secret }).from(webhooks).where(inJson(webhooks.id, ids));

const toDelivery = (d: typeof webhookDeliveries.$inferSelect): WebhookDelivery => ({
  id: d.id,
  webhook_id: d.webhookId,
  event: d.event,
  alarm_id: d.alarmId,
  status: d.status,
  attempts: d.attempts,
  last_status: d.lastStatus,
  last_error: d.lastError,
  next_attempt_at: d.status === 'pending' ? isoInstant(d.nextAttemptAt) : null,
  created_at: isoInstant(d.createdAt),
  delivered_at: isoInstant(d.deliveredAt),
  payload: JSON.parse(d.payload) as WebhookPayload,
});

/** The insert of a delivery for an alarm event, made only if the alarm row `guard` names exists (see AlarmWrite). */
export const queueAlarmDelivery = (
  db: Db,
  { webhookId, event, payload, guard, now }: { webhookId: number; event: DeliveryEvent; payload: WebhookPayload; guard: SQL; now: number },
) =>
  db
    .insert(webhookDeliveries)
    .select(
      sql`SELECT NULL, ${webhookId}, ${event}, ${alarms.id}, json_set(${JSON.stringify(payload)}, '$.alarm.id', ${alarms.id}), 'pending', 0, ${now}, NULL, NULL, ${now}, NULL
          FROM ${alarms} WHERE ${guard}`,
    )
    .returning({ id: webhookDeliveries.id });

/** A test delivery, due now; returns its id. */
export const insertTestDelivery = async (
  db: Db,
  { webhookId, payload, now }: { webhookId: number; payload: WebhookPayload; now: number },
) =>
  (
    await db
      .insert(webhookDeliveries)
      .values({
        webhookId,
        event: 'test',
        payload: JSON.stringify(payload),
        status: 'pending',
        attempts: 0,
        nextAttemptAt: now,
        createdAt: now,
      })
      .returning({ id: webhookDeliveries.id })
  )[0].id;

export const findDelivery = async (db: Db, id: number) =>
  toDelivery((await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.id, id)))[0]);

/** The delivery log, newest first: of one webhook or of all, by status, before an id. */
export async function selectDeliveries(db: Db, query: z.output<typeof DeliveriesQuery>) {
  const rows = await db
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        query.id === undefined ? undefined : eq(webhookDeliveries.webhookId, query.id),
        query.status === undefined ? undefined : eq(webhookDeliveries.status, query.status),
        query.before === undefined ? undefined : lt(webhookDeliveries.id, query.before),
      ),
    )
    .orderBy(desc(webhookDeliveries.id))
    .limit(query.limit);
  return rows.map(toDelivery);
}

/**
 * Claims due deliveries (the listed ones, or the `limit` oldest due ones): each attempt is counted and the delivery
 * leased until `leaseUntil` at once, so a run that died mid-send is retried, not doubled.
 */
export function claimDeliveries(
  db: Db,
  { ids, limit, now, leaseUntil }: { ids: number[] | null; limit: number; now: number; leaseUntil: number },
) {
  const due = and(eq(webhookDeliveries.status, 'pending'), lte(webhookDeliveries.nextAttemptAt, now));
  return db
    .update(webhookDeliveries)
    .set({ attempts: sql`${webhookDeliveries.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(
      ids
        ? and(inJson(webhookDeliveries.id, ids), due)
        : inArray(
            webhookDeliveries.id,
            db
              .select({ id: webhookDeliveries.id })
              .from(webhookDeliveries)
              .where(due)
              .orderBy(webhookDeliveries.nextAttemptAt)
              .limit(limit),
          ),
    )
    .returning({
      id: webhookDeliveries.id,
      webhookId: webhookDeliveries.webhookId,
      event: webhookDeliveries.event,
      payload: webhookDeliveries.payload,
      attempts: webhookDeliveries.attempts,
    });
}
export type ClaimedDelivery = Awaited<ReturnType<typeof claimDeliveries>>[number];

/** How an attempt went: delivered (no error), or failed and due again at `retryAt` (null: failed for good). */
export interface DeliveryOutcome {
  id: number;
  status: number | null;
  error: string | null;
  retryAt: number | null;
}

/** Records each attempt's outcome, in one batch. */
export const recordDeliveries = (db: Db, outcomes: DeliveryOutcome[], now: number) =>
  atomically(
    db,
    outcomes.map((o) =>
      db
        .update(webhookDeliveries)
        .set(
          o.error === null
            ? { status: 'delivered', deliveredAt: now, nextAttemptAt: null, lastStatus: o.status, lastError: null }
            : { status: o.retryAt === null ? 'failed' : 'pending', nextAttemptAt: o.retryAt, lastStatus: o.status, lastError: o.error },
        )
        .where(eq(webhookDeliveries.id, o.id)),
    ),
  );

/** Forgets finished deliveries created before `before`. */
export const deleteFinishedDeliveries = (db: Db, before: number) =>
  db.delete(webhookDeliveries).where(and(ne(webhookDeliveries.status, 'pending'), lt(webhookDeliveries.createdAt, before)));
