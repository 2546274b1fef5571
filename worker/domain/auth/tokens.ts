import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';

/** A bearer secret: 25 random bytes (200 bits), base32 so it survives URLs and headers. */
export function generateToken(): string {
  const bytes = new Uint8Array(25);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** What we store instead of a token: a leaked table cannot be replayed. */
export const hashToken = (token: string) => encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
