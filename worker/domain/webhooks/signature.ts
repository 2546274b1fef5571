import { encodeHexLowerCase } from '@oslojs/encoding';
import { generateToken } from '../auth/tokens';

const encoder = new TextEncoder();

/** A webhook's signing secret: 200 random bits, prefixed so that it is recognised when pasted somewhere wrong. */
export const newWebhookSecret = () => `whsec_${generateToken()}`;

/** HMAC-SHA256, hex, of `<timestamp>.<body>` under the webhook's secret (the timestamp stops replays of old bodies). */
export async function signPayload(secret: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign']);
  return encodeHexLowerCase(new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(`${timestamp}.${body}`))));
}

/** The `X-Hladina-Signature` value: `t=<unix seconds>,v1=<hex HMAC>`. */
export const signatureHeader = (timestamp: number, signature: string) => `t=${timestamp},v1=${signature}`;
