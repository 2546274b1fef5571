import { decodeBase64urlIgnorePadding } from '@oslojs/encoding';
import type { z } from 'zod';
import type { PushDevice, PushSubscribe, PushTestResult } from '../../contracts/push';
import { isoInstant } from '../../../shared/station-time';
import type { Ctx, SubjectCtx } from '../../context';
import { deleteSubjectDevice, selectSubjectDevices, upsertDevice } from '../../db/push';
import type { PushSubscriptionRow } from '../../db/schema';
import { conflict, invalid, notFound } from '../errors';
import { deliverPush } from './deliver';
import { vapidOf } from './vapid';

const toDevice = (row: PushSubscriptionRow): PushDevice => ({
  id: row.id,
  label: row.label,
  endpoint_origin: new URL(row.endpoint).origin,
  created_at: isoInstant(row.createdAt),
  last_success_at: isoInstant(row.lastSuccessAt),
  last_failure_at: isoInstant(row.lastFailureAt),
  last_error: row.lastError,
});

/** The VAPID public key browsers subscribe with; null when push is not set up. */
export const pushKey = ({ config }: Ctx) => ({ public_key: vapidOf(config)?.publicKey ?? null });

/** The subject's push devices, newest first. */
export const listDevices = async ({ db, subject }: SubjectCtx) => (await selectSubjectDevices(db, subject.id)).map(toDevice);

/** Subscribes a browser for the subject; a key that is not a point on P-256 is refused (no message could reach it). */
export async function subscribeDevice({ db, subject }: SubjectCtx, input: z.output<typeof PushSubscribe>): Promise<PushDevice> {
  try {
    await crypto.subtle.importKey(
      'raw',
      new Uint8Array(decodeBase64urlIgnorePadding(input.p256dh)),
      { name: 'ECDH', namedCurve: 'P-256' },
      false,
      [],
    );
  } catch {
    throw invalid({ p256dh: ['This is not a P-256 public key.'] });
  }
  const row = await upsertDevice(db, { subjectId: subject.id, ...input, createdAt: Date.now() });
  return toDevice(row);
}

/** Removes one of the subject's devices. */
export async function unsubscribeDevice({ db, subject }: SubjectCtx, { id }: { id: number }) {
  if (!(await deleteSubjectDevice(db, { id, subjectId: subject.id }))) throw notFound('Device');
  return { id };
}

/** Pushes a test notification to every device of the subject now and says how it went. */
export async function sendTestPush(ctx: SubjectCtx): Promise<PushTestResult> {
  if (!vapidOf(ctx.config)) throw conflict('_', 'Push notifications are not set up on this server (VAPID keys missing).');
  return deliverPush(ctx, [ctx.subject.id], {
    title: 'Hladina: test notification',
    body: `Push notifications reach this device, ${ctx.subject.firstName}.`,
    url: '/profile',
    tag: 'hladina-test',
    ttl: 300,
    urgency: 'normal',
  });
}
