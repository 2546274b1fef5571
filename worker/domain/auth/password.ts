import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/** OWASP's scrypt recommendation; raising these makes old hashes re-hash at their next sign-in. */
export const currentParams = { N: 2 ** 15, r: 8, p: 3 } as const;
type Params = { N: number; r: number; p: number };
const keyLength = 32;

function derive(password: string, salt: Buffer, { N, r, p }: Params): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, { N, r, p, maxmem: 256 * N * r }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

/** Hash as `scrypt$N=…,r=…,p=…$salt$hash` (base64), so parameters travel with the hash. */
export async function hashPassword(password: string, params: Params = currentParams): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt, params);
  return `scrypt$N=${params.N},r=${params.r},p=${params.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

function parse(stored: string): { params: Params; salt: Buffer; key: Buffer } | null {
  const [algorithm, paramText, salt, key] = stored.split('$');
  if (algorithm !== 'scrypt' || !paramText || !salt || !key) return null;
  const params = Object.fromEntries(
    paramText
      .split(',')
      .map((kv) => kv.split('='))
      .map(([k, v]) => [k, Number(v)]),
  );
  if (![params.N, params.r, params.p].every(Number.isSafeInteger)) return null;
  return { params: params as Params, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parse(stored);
  if (!parsed) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return key.length === parsed.key.length && timingSafeEqual(key, parsed.key);
}

export function needsRehash(stored: string): boolean {
  const parsed = parse(stored);
  if (!parsed) return true;
  const { N, r, p } = parsed.params;
  return N < currentParams.N || r < currentParams.r || p < currentParams.p;
}

/** Spends the same time as a real check, so unknown usernames cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('not-a-real-password');
  await verifyPassword(password, await dummyHash);
}
