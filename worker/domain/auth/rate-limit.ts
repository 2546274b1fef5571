import { and, eq, gt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { tooManyRequests } from '../errors';
import { atomically } from '../../db/batch';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** One counted attempt: the window it was counted in, so it can be given back. */
export interface Attempt {
  key: string;
  windowStart: number;
}

type Counted = { hits: number; windowStart: number }[];

/**
 * Counts one attempt against every limit and decides on the counts those same statements return (one batch),
 * so a burst of parallel attempts cannot all read "under the limit" before any of them is counted.
 * Throws 429 when any limit is over; the attempts are returned for `refundAttempts`.
 */
export async function consumeAttempt(db: Db, limits: Limit[], now = Date.now()): Promise<Attempt[]> {
  const statements = limits.map((limit): BatchItem<'sqlite'> => {
    const expired = sql`${rateLimits.windowStart} <= ${now - limit.windowMs}`;
    return db
      .insert(rateLimits)
      .values({ key: limit.key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  });
  const results = (await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])) as Counted[];
  let waitMs = 0;
  const attempts = limits.map((limit, i) => {
    const [{ hits, windowStart }] = results[i];
    if (hits > limit.max) waitMs = Math.max(waitMs, windowStart + limit.windowMs - now);
    return { key: limit.key, windowStart };
  });
  if (waitMs > 0) throw tooManyRequests(waitMs / 1000);
  return attempts;
}

/** Gives counted attempts back (a sign-in that succeeded is no failed guess), unless their window has moved on. */
export const refundAttempts = (db: Db, attempts: Attempt[]) =>
  atomically(
    db,
    attempts.map(({ key, windowStart }) =>
      db
        .update(rateLimits)
        .set({ hits: sql`${rateLimits.hits} - 1` })
        .where(and(eq(rateLimits.key, key), eq(rateLimits.windowStart, windowStart), gt(rateLimits.hits, 0))),
    ),
  );

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
