import type { VapidKeys } from '@block65/webcrypto-web-push';
import type { Config } from '../../config';

/**
 * The server's VAPID identity (RFC 8292) from its config, or null when push is not set up: `VAPID_PUBLIC_KEY` is the
 * uncompressed P-256 point (65 bytes), `VAPID_PRIVATE_KEY` the private scalar (32 bytes, a JWK's `d`), both base64url;
 * `VAPID_SUBJECT` a `mailto:` (or https) address a push service may contact.
 */
export function vapidOf(config: Config): Required<{ [K in keyof VapidKeys]: string }> | null {
  const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = config;
  return publicKey && privateKey && subject ? { publicKey, privateKey, subject } : null;
}
