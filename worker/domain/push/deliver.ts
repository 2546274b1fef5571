import { buildPushPayload } from '@block65/webcrypto-web-push';
import type { Ctx } from '../../context';
import { deleteDevice, recordDeviceOutcome, selectDevicesOf } from '../../db/push';
import type { PushSubscriptionRow } from '../../db/schema';
import { inPool } from '../fan-out';
import type { PushMessage } from './message';
import { vapidOf } from './vapid';

const timeoutMs = 10_000;
const inFlight = 8;

export interface PushOutcome {
  sent: number;
  failed: number;
  removed: number;
}

/** One encrypted, VAPID-signed POST to a device's push service: sent, gone (404/410) or failed with why. */
async function post(
  device: PushSubscriptionRow,
  message: PushMessage,
  vapid: NonNullable<ReturnType<typeof vapidOf>>,
): Promise<{ sent: true } | { gone: true } | { error: string }> {
  const { ttl, urgency, ...shown } = message;
  try {
    const payload = await buildPushPayload(
      { data: shown, options: { ttl, urgency } },
      { endpoint: device.endpoint, expirationTime: null, keys: { p256dh: device.p256dh, auth: device.auth } },
      vapid,
    );
    const response = await fetch(device.endpoint, { ...payload, redirect: 'manual', signal: AbortSignal.timeout(timeoutMs) });
    if (response.ok || response.status === 404 || response.status === 410) {
      await response.body?.cancel();
      return response.ok ? { sent: true } : { gone: true };
    }
    const text = (await response.text()).slice(0, 200);
    return { error: `HTTP ${response.status}${text ? `: ${text}` : ''}` };
  } catch (err) {
    return { error: (err instanceof Error ? err.message : String(err)).slice(0, 500) };
  }
}

/**
 * Pushes a message to every device of these subjects. A device its push service no longer knows (404/410) is
 * removed; any other failure is recorded on the device and counted, never thrown: the caller's work goes on.
 */
export async function deliverPush({ db, config }: Ctx, subjectIds: number[], message: PushMessage): Promise<PushOutcome> {
  const outcome: PushOutcome = { sent: 0, failed: 0, removed: 0 };
  const vapid = vapidOf(config);
  if (!subjectIds.length) return outcome;
  try {
    const devices = await selectDevicesOf(db, subjectIds);
    if (devices.length && !vapid) console.warn('[push] not sent: VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY or VAPID_SUBJECT missing');
    if (!vapid) return { ...outcome, failed: devices.length };
    await inPool(devices, { concurrency: inFlight, budgetMs: Infinity, label: 'push delivery failed' }, async (device) => {
      const result = await post(device, message, vapid);
      const at = Date.now();
      if ('gone' in result) {
        outcome.removed++;
        await deleteDevice(db, device.id);
      } else if ('sent' in result) {
        outcome.sent++;
        await recordDeviceOutcome(db, device.id, { ok: true, at });
      } else {
        outcome.failed++;
        console.warn('[push] delivery failed', device.id, result.error);
        await recordDeviceOutcome(db, device.id, { ok: false, at, error: result.error });
      }
    });
  } catch (err) {
    console.error('[push] delivery failed', err);
  }
  return outcome;
}
