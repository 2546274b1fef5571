import { webhookHeaders, type DeliveryEvent, type WebhookDelivery, type WebhookPayload } from '../../contracts/webhooks';
import { signatureHeader, signPayload } from './signature';

/** Waits after failed attempts 1…5; the sixth failure is final. */
const backoffMs = [60_000, 5 * 60_000, 30 * 60_000, 2 * 3_600_000, 6 * 3_600_000];
const maxAttempts = backoffMs.length + 1;
const timeoutMs = 10_000;
// A claimed delivery is not claimed again for this long, so a run that died mid-send is retried, not doubled.
const leaseMs = 2 * 60_000;
/** Most deliveries one cron run retries; the rest wait for the next run. */
const perRun = 100;
const inFlight = 8;
/** Finished deliveries are kept in the log this long. */
const deliveryRetentionMs = 30 * 24 * 3_600_000;

interface Claimed extends Record<string, unknown> {
  id: number;
  webhook_id: number;
  event: DeliveryEvent;
  payload: string;
  attempts: number;
}

interface Outcome {
  status: number | null;
  error: string | null;
}

const claimColumns = 'RETURNING id, webhook_id, event, payload, attempts';

/** Claims due deliveries (the listed ones, or the oldest due ones): the attempt is counted and leased at once. */
async function claim(d1: D1Database, ids: number[] | null, now: number): Promise<Claimed[]> {
  const statement = ids
    ? d1
        .prepare(
          `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?1
           WHERE id IN (SELECT value FROM json_each(?3)) AND status = 'pending' AND next_attempt_at <= ?2 ${claimColumns}`,
        )
        .bind(now + leaseMs, now, JSON.stringify(ids))
    : d1
        .prepare(
          `UPDATE webhook_deliveries SET attempts = attempts + 1, next_attempt_at = ?1
           WHERE id IN (SELECT id FROM webhook_deliveries WHERE status = 'pending' AND next_attempt_at <= ?2 ORDER BY next_attempt_at LIMIT ?3) ${claimColumns}`,
        )
        .bind(now + leaseMs, now, perRun);
  return (await statement.all<Claimed>()).results;
}

/** One signed POST of the stored body; any answer but 2xx, a network error or a timeout is a failure. */
async function post(hook: { url: string; secret: string }, delivery: Claimed): Promise<Outcome> {
  const timestamp = Math.floor(Date.now() / 1000);
  try {
    const response = await fetch(hook.url, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'User-Agent': 'Hladina-Webhooks/1',
        [webhookHeaders.event]: delivery.event,
        [webhookHeaders.delivery]: String(delivery.id),
        [webhookHeaders.signature]: signatureHeader(timestamp, await signPayload(hook.secret, timestamp, delivery.payload)),
      },
      body: delivery.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(timeoutMs),
    });
    await response.body?.cancel();
    return { status: response.status, error: response.ok ? null : `HTTP ${response.status}` };
  } catch (err) {
    return { status: null, error: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
  }
}

function recordStatement(d1: D1Database, delivery: Claimed, outcome: Outcome, now: number) {
  if (outcome.error === null) {
    return d1
      .prepare(`UPDATE webhook_deliveries SET status = 'delivered', delivered_at = ?, next_attempt_at = NULL, last_status = ?, last_error = NULL WHERE id = ?`)
      .bind(now, outcome.status, delivery.id);
  }
  const final = delivery.attempts >= maxAttempts;
  return d1
    .prepare(`UPDATE webhook_deliveries SET status = ?, next_attempt_at = ?, last_status = ?, last_error = ? WHERE id = ?`)
    .bind(final ? 'failed' : 'pending', final ? null : now + backoffMs[delivery.attempts - 1], outcome.status, outcome.error, delivery.id);
}

/**
 * Sends deliveries that are due (the listed ones, or up to a run's worth of the oldest) and records each outcome
 * in one D1 batch: delivered, due again after a back-off, or failed after the last attempt. `now` is the time the
 * back-off counts from (the cron's time). Returns the ids attempted.
 */
export async function attemptDeliveries(d1: D1Database, ids: number[] | null, now = Date.now()): Promise<number[]> {
  if (ids && !ids.length) return [];
  const claimed = await claim(d1, ids, now);
  if (!claimed.length) return [];
  const hookIds = [...new Set(claimed.map((d) => d.webhook_id))];
  const { results: hooks } = await d1
    .prepare('SELECT id, url, secret FROM webhooks WHERE id IN (SELECT value FROM json_each(?))')
    .bind(JSON.stringify(hookIds))
    .all<{ id: number; url: string; secret: string }>();
  const hookOf = new Map(hooks.map((h) => [h.id, h]));
  const outcomes: Outcome[] = new Array(claimed.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(inFlight, claimed.length) }, async () => {
      while (next < claimed.length) {
        const i = next++;
        const hook = hookOf.get(claimed[i].webhook_id);
        outcomes[i] = hook ? await post(hook, claimed[i]) : { status: null, error: 'webhook deleted' };
      }
    }),
  );
  await d1.batch(claimed.map((d, i) => recordStatement(d1, d, outcomes[i], now)));
  return claimed.map((d) => d.id);
}

/** The cron's part: retries what is due, and forgets finished deliveries past their retention. */
export async function retryDueDeliveries(d1: D1Database, now: number) {
  const attempted = await attemptDeliveries(d1, null, now);
  await d1.prepare(`DELETE FROM webhook_deliveries WHERE status <> 'pending' AND created_at < ?`).bind(now - deliveryRetentionMs).run();
  return attempted.length;
}

/** The insert of a delivery for an alarm event, made only if the alarm row matching `guard` exists (see transitions). */
export function deliveryStatement(d1: D1Database, webhookId: number, event: DeliveryEvent, payload: WebhookPayload, guard: Guard, now: number) {
  return d1
    .prepare(
      `INSERT INTO webhook_deliveries (webhook_id, event, alarm_id, payload, status, attempts, next_attempt_at, created_at)
       SELECT ?, ?, a.id, json_set(?, '$.alarm.id', a.id), 'pending', 0, ?, ? FROM alarms a WHERE ${guard.sql} RETURNING id`,
    )
    .bind(webhookId, event, JSON.stringify(payload), now, now, ...guard.params);
}

/** A condition on `alarms a` that holds only once a given transition has been written. */
export interface Guard {
  sql: string;
  params: (string | number)[];
}

export interface DeliveryRow extends Record<string, unknown> {
  id: number;
  webhook_id: number;
  event: DeliveryEvent;
  alarm_id: number | null;
  payload: string;
  status: WebhookDelivery['status'];
  attempts: number;
  next_attempt_at: number | null;
  last_status: number | null;
  last_error: string | null;
  created_at: number;
  delivered_at: number | null;
}

const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

export const toDelivery = (d: DeliveryRow): WebhookDelivery => ({
  id: d.id,
  webhook_id: d.webhook_id,
  event: d.event,
  alarm_id: d.alarm_id,
  status: d.status,
  attempts: d.attempts,
  last_status: d.last_status,
  last_error: d.last_error,
  next_attempt_at: d.status === 'pending' ? iso(d.next_attempt_at) : null,
  created_at: iso(d.created_at)!,
  delivered_at: iso(d.delivered_at),
  payload: JSON.parse(d.payload) as WebhookPayload,
});
