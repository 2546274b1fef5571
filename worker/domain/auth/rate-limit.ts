import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rateLimits } from '../../db/schema';
import { tooManyRequests } from '../errors';
import { atomically } from '../../db/batch';

export interface Limit {
  key: string;
  max: number;
  windowMs: number;
}

/** Throws 429 when any of the limits has already used up its window. */
export async function assertWithinLimits(db: Db, limits: Limit[], now = Date.now()) {
  const rows = await db.select().from(rateLimits).where(inArray(rateLimits.key, limits.map((l) => l.key)));
  for (const limit of limits) {
    const row = rows.find((r) => r.key === limit.key);
    if (row && row.windowStart > now - limit.windowMs && row.hits >= limit.max) {
      throw tooManyRequests((row.windowStart + limit.windowMs - now) / 1000);
    }
  }
}

/** Counts one attempt against each limit, opening a new window where the old one has passed. */
export async function recordAttempt(db: Db, limits: Limit[], now = Date.now()) {
  await atomically(
    db,
    limits.map((limit) => {
      const cutoff = now - limit.windowMs;
      return db
        .insert(rateLimits)
        .values({ key: limit.key, windowStart: now, hits: 1 })
        .onConflictDoUpdate({
          target: rateLimits.key,
          set: {
            hits: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
            windowStart: sql`CASE WHEN ${rateLimits.windowStart} <= ${cutoff} THEN ${now} ELSE ${rateLimits.windowStart} END`,
          },
        });
    }),
  );
}

/** Counts the attempt first, then refuses it if it went over: for calls where every attempt costs. */
export async function consumeAttempt(db: Db, limits: Limit[], now = Date.now()) {
  await assertWithinLimits(db, limits, now);
  await recordAttempt(db, limits, now);
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
