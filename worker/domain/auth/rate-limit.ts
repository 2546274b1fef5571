import type { Ctx } from '../../context';
import { countAttempts, refundAttempts, type Attempt } from '../../db/rate-limits';
import { tooManyRequests } from '../errors';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/**
 * Counts one attempt against every limit and decides on the counts those same statements return (one batch),
 * so a burst of parallel attempts cannot all read "under the limit" before any of them is counted.
 * Throws 429 when any limit is over.
 */
export async function consumeAttempt({ db }: Pick<Ctx, 'db'>, limits: Limit[], now = Date.now()): Promise<Attempt[]> {
  const counted = await countAttempts(db, limits, now);
  const waitMs = Math.max(
    ...counted.map(({ hits, windowStart }, i) => (hits > limits[i].max ? windowStart + limits[i].windowMs - now : 0)),
  );
  if (waitMs > 0) throw tooManyRequests(waitMs / 1000);
  return counted;
}

/**
 * A password check counted against `limits` before it runs, so parallel guesses cannot slip past them; a check
 * that passes gives its attempt back (a right password is no failed guess).
 */
export async function limitedCheck(ctx: Pick<Ctx, 'db'>, limits: Limit[], check: () => Promise<boolean>) {
  const attempts = await consumeAttempt(ctx, limits);
  const passed = await check();
  if (passed) await refundAttempts(ctx.db, attempts);
  return passed;
}

const MINUTE = 60_000;
export const limits = {
  loginFailures: (username: string, client: string): Limit[] => [
    { key: `login:user:${username}`, max: 10, windowMs: 15 * MINUTE },
    { key: `login:ip:${client}`, max: 30, windowMs: 15 * MINUTE },
  ],
  signup: (client: string): Limit[] => [{ key: `signup:ip:${client}`, max: 10, windowMs: 60 * MINUTE }],
  reset: (email: string, client: string): Limit[] => [
    { key: `reset:user:${email}`, max: 3, windowMs: 60 * MINUTE },
    { key: `reset:ip:${client}`, max: 20, windowMs: 60 * MINUTE },
  ],
};
