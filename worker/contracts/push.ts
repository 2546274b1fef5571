import { z } from './zod';
import { defineCall } from './call';
import { idQuery } from './validation';

/** Bytes a base64url text (padding optional) decodes to, or -1 when it is not base64url. */
export function base64urlLength(text: string): number {
  if (!/^[A-Za-z0-9_-]*={0,2}$/.test(text)) return -1;
  const bare = text.replace(/=+$/, '');
  return bare.length % 4 === 1 ? -1 : Math.floor((bare.length * 3) / 4);
}

const keyOf = (bytes: number, what: string) =>
  z
    .string()
    .trim()
    .max(200)
    .refine((v) => base64urlLength(v) === bytes, `Expected ${what}: ${bytes} bytes, base64url.`);

/**
 * A browser's push subscription (`PushSubscription.toJSON()` flattened): where its push service takes messages for
 * it and the keys they are encrypted to (RFC 8291). Push services are reached over https only (RFC 8030).
 */
export const PushSubscribe = z.object({
  endpoint: z
    .string()
    .trim()
    .max(2000)
    .pipe(z.url({ protocol: /^https$/ })),
  p256dh: keyOf(65, "the browser's P-256 public key"),
  auth: keyOf(16, 'the authentication secret'),
  label: z
    .string()
    .trim()
    .max(200)
    .nullish()
    .transform((v) => v || null),
});
export type PushSubscribe = z.input<typeof PushSubscribe>;

export const PushDevice = z.object({
  id: z.number(),
  label: z.string().nullable().meta({ description: 'What the browser said it is, e.g. "Chrome on Android".' }),
  endpoint_origin: z.string().meta({ description: "The push service's origin (the endpoint itself is a secret of the device)." }),
  created_at: z.string(),
  last_success_at: z.string().nullable(),
  last_failure_at: z.string().nullable(),
  last_error: z.string().nullable(),
});
export type PushDevice = z.infer<typeof PushDevice>;

export const PushKey = z.object({
  public_key: z.string().nullable().meta({
    description: 'The VAPID public key (base64url, uncompressed P-256 point) for `pushManager.subscribe`; null when push is not set up.',
  }),
});

export const PushTestResult = z.object({
  sent: z.number().meta({ description: 'Devices the push service accepted the message for.' }),
  failed: z.number(),
  removed: z.number().meta({ description: 'Subscriptions the push service no longer knows (404/410), now removed.' }),
});
export type PushTestResult = z.infer<typeof PushTestResult>;

const delivery =
  'Messages are encrypted to the device (RFC 8291, aes128gcm) and signed with VAPID (RFC 8292). A push service answering 404 or 410 ' +
  'ends the subscription, which is then removed; other failures are recorded on the device.';

export const pushCalls = {
  key: defineCall({
    method: 'get',
    path: '/push/key',
    access: 'user',
    summary: "The server's VAPID public key, for subscribing a browser",
    reply: PushKey,
  }),
  devices: defineCall({
    method: 'get',
    path: '/push/devices',
    access: 'user',
    summary: "The signed-in subject's devices subscribed to push, newest first",
    reply: z.array(PushDevice),
  }),
  subscribe: defineCall({
    method: 'post',
    path: '/push/devices',
    access: 'user',
    summary: 'Subscribe a browser to push (the same endpoint again replaces its keys and owner)',
    description: delivery,
    body: PushSubscribe,
    model: 'PushSubscribe',
    reply: PushDevice,
  }),
  unsubscribe: defineCall({
    method: 'post',
    path: '/push/devices/delete',
    access: 'user',
    summary: "Remove one of the signed-in subject's devices",
    query: idQuery,
    reply: z.object({ id: z.number() }),
  }),
  test: defineCall({
    method: 'post',
    path: '/push/test',
    access: 'user',
    summary: "Send a test notification to every one of the signed-in subject's devices now",
    description: delivery,
    reply: PushTestResult,
  }),
};
