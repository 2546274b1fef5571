import type { Ctx } from '../../context';
import { webhookHeaders } from '../../contracts/webhooks';
import {
  claimDeliveries,
  deleteFinishedDeliveries,
  recordDeliveries,
  selectWebhookTargets,
  type ClaimedDelivery,
  type DeliveryOutcome,
} from '../../db/webhooks';
import { inPool } from '../fan-out';
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

/** One signed POST of the stored body; any answer but 2xx, a network error or a timeout is a failure. */
async function post(hook: { url: string; secret: string }, delivery: ClaimedDelivery): Promise<Pick<DeliveryOutcome, 'status' | 'error'>> {
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

/**
 * Sends deliveries that are due (the listed ones, or up to a run's worth of the oldest) and records each outcome
 * in one D1 batch: delivered, due again after a back-off, or failed after the last attempt. `now` is the time the
 * back-off counts from (the cron's time). Returns the ids attempted.
 */
export async function attemptDeliveries({ db }: Ctx, { ids, now = Date.now() }: { ids: number[] | null; now?: number }): Promise<number[]> {
  if (ids && !ids.length) return [];
  const claimed = await claimDeliveries(db, { ids, limit: perRun, now, leaseUntil: now + leaseMs });
  if (!claimed.length) return [];
  const hookOf = new Map((await selectWebhookTargets(db, [...new Set(claimed.map((d) => d.webhookId))])).map((h) => [h.id, h]));
  const outcomes: DeliveryOutcome[] = [];
  await inPool(claimed, { concurrency: inFlight, budgetMs: Infinity, label: 'webhook delivery failed' }, async (delivery) => {
    const hook = hookOf.get(delivery.webhookId);
    const sent = hook ? await post(hook, delivery) : { status: null, error: 'webhook deleted' };
    const retry = sent.error !== null && delivery.attempts < maxAttempts;
    outcomes.push({ id: delivery.id, ...sent, retryAt: retry ? now + backoffMs[delivery.attempts - 1] : null });
  });
  await recordDeliveries(db, outcomes, now);
  return claimed.map((d) => d.id);
}

/** The cron's part: retries what is due, and forgets finished deliveries past their retention. */
export async function retryDueDeliveries(ctx: Ctx, { now }: { now: number }) {
  const attempted = await attemptDeliveries(ctx, { ids: null, now });
  await deleteFinishedDeliveries(ctx.db, now - deliveryRetentionMs);
  return attempted.length;
}
