/**
 * A push service inside the test runtime, and a browser's side of a subscription. `pushService` answers the
 * Worker's POSTs to endpoints under its base (through tests/support/receiver.ts) the way a push service would
 * look at them: it checks the VAPID JWT (RFC 8292) with the key the request names. `newDevice` is a subscription
 * as a browser makes one (its own P-256 key pair and auth secret), and `open` decrypts a message to it (RFC 8291,
 * aes128gcm of RFC 8188) as the browser would. Both are written from the RFCs, apart from the Worker's code.
 */
import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from '@oslojs/encoding';
import { webhookReceiver, type Received } from './receiver';

const subtle = crypto.subtle;
const text = new TextEncoder();
const bytes = (b64url: string) => new Uint8Array(decodeBase64urlIgnorePadding(b64url)) as Uint8Array<ArrayBuffer>;
const concat = (...parts: Uint8Array[]): Uint8Array<ArrayBuffer> => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) out.set(p, (at += p.length) - p.length);
  return out;
};

/** A subscribed browser: what it sends to subscribe (`subscription`) and how it reads what it receives (`open`). */
export async function newDevice(endpoint: string) {
  const keys = (await subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const publicKey = new Uint8Array(await subtle.exportKey('raw', keys.publicKey));
  const auth = crypto.getRandomValues(new Uint8Array(16));
  const hkdf = async (salt: BufferSource, ikm: BufferSource, info: BufferSource, length: number) =>
    new Uint8Array(
      await subtle.deriveBits(
        { name: 'HKDF', hash: 'SHA-256', salt, info },
        await subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']),
        length * 8,
      ),
    );
  return {
    subscription: { endpoint, p256dh: encodeBase64urlNoPadding(publicKey), auth: encodeBase64urlNoPadding(auth) },
    /** The plaintext of a message (RFC 8188 header, then one record; RFC 8291 keys). */
    async open(body: Uint8Array): Promise<string> {
      const salt = body.slice(0, 16);
      const idLength = body[20];
      const serverKey = body.slice(21, 21 + idLength);
      const record = body.slice(21 + idLength);
      const server = await subtle.importKey('raw', serverKey, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
      const shared = new Uint8Array(await subtle.deriveBits({ name: 'ECDH', public: server }, keys.privateKey, 256));
      const ikm = await hkdf(auth, shared, concat(text.encode('WebPush: info\0'), publicKey, serverKey), 32);
      const cek = await hkdf(salt, ikm, text.encode('Content-Encoding: aes128gcm\0'), 16);
      const nonce = await hkdf(salt, ikm, text.encode('Content-Encoding: nonce\0'), 12);
      const key = await subtle.importKey('raw', cek, 'AES-GCM', false, ['decrypt']);
      const padded = new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv: nonce }, key, record));
      let end = padded.length - 1;
      while (end > 0 && padded[end] === 0) end--;
      if (padded[end] !== 2) throw new Error('not the last record: its delimiter is missing');
      return new TextDecoder().decode(padded.slice(0, end));
    },
  };
}

export interface VapidClaims {
  aud: string;
  exp: number;
  sub: string;
}

/** The VAPID header's claims when its JWT verifies with its own `k` (and `k` is `publicKey`); throws otherwise. */
export async function verifiedVapid(request: Received, publicKey: string): Promise<VapidClaims> {
  const match = /^vapid t=([\w-]+\.[\w-]+\.[\w-]+), k=([\w-]+)$/.exec(request.headers.get('Authorization') ?? '');
  if (!match) throw new Error(`no VAPID authorization: ${request.headers.get('Authorization')}`);
  const [, jwt, k] = match;
  if (k !== publicKey) throw new Error('the VAPID key is not the server’s');
  const [header, claims, signature] = jwt.split('.');
  if (JSON.parse(new TextDecoder().decode(bytes(header))).alg !== 'ES256') throw new Error('not ES256');
  const key = await subtle.importKey('raw', bytes(k), { name: 'ECDSA', namedCurve: 'P-256' }, false, ['verify']);
  const valid = await subtle.verify({ name: 'ECDSA', hash: 'SHA-256' }, key, bytes(signature), text.encode(`${header}.${claims}`));
  if (!valid) throw new Error('the VAPID signature does not verify');
  return JSON.parse(new TextDecoder().decode(bytes(claims)));
}

/** A push service taking messages for endpoints under `base`; `reply` answers each (201 Created by default). */
export const pushService = (base: string, reply: (received: Received) => Response = () => new Response(null, { status: 201 })) =>
  webhookReceiver(base, reply);
