import { and, eq, gt, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { atomically } from './batch';
import type { Db } from './client';
import { rateLimits } from './schema';

/** One counted attempt: the window it was counted in, so it can be given back. */
export interface Attempt {
  key: string;
  windowStart: number;
}

/**
 * Counts one attempt under each key in one batch, starting a new window where `windowMs` has passed, and returns
 * each key's attempt with its count as those same statements left them.
 */
export async function countAttempts(
  db: Db,
  keys: { key: string; windowMs: number }[],
  now: number,
): Promise<(Attempt & { hits: number })[]> {
  const statements = keys.map(({ key, windowMs }): BatchItem<'sqlite'> => {
    const expired = sql`${rateLimits.windowStart} <= ${now - windowMs}`;
    return db
      .insert(rateLimits)
      .values({ key, windowStart: now, hits: 1 })
      .onConflictDoUpdate({
        target: rateLimits.key,
        set: {
          hits: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateLimits.hits} + 1 END`,
          windowStart: sql`CASE WHEN ${expired} THEN ${now} ELSE ${rateLimits.windowStart} END`,
        },
      })
      .returning({ hits: rateLimits.hits, windowStart: rateLimits.windowStart });
  });
  const results = (await db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]])) as {
    hits: number;
    windowStart: number;
  }[][];
  return results.map(([counted], i) => ({ key: keys[i].key, ...counted }));
}

/** Gives counted attempts back, unless their window has moved on. */
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
