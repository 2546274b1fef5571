import type { DayStat } from './day-stats';

// Stats rows per INSERT: one bound JSON parameter per statement keeps clear of D1's 100-parameter limit.
const rowsPerStatement = 500;

/**
 * The statement that marks a station for the next roll-up (keeping the highest revision) and moves its
 * last_update forward: the one D1 write a station's ingest causes, when its object goes from clean to dirty.
 */
export const markStatement = (d1: D1Database, itemId: number, rev: number, lastTs: number | null) =>
  d1
    .prepare(
      // SQLite's max() of a NULL is NULL: coalesce picks whichever side is known.
      `UPDATE items SET rollup_rev = coalesce(max(rollup_rev, ?1), ?1), last_update = coalesce(max(last_update, ?2), last_update, ?2)
       WHERE id = ?3`,
    )
    .bind(rev, lastTs, itemId);

/**
 * D1 statements that bring a station's daily_stats up to date with the days it computed, and clear its
 * roll-up mark unless a later batch (a higher revision) marked it again. One batch, so D1 never holds new
 * figures with the mark still set or the mark cleared without the figures.
 */
export function rollupStatements(d1: D1Database, itemId: number, stats: DayStat[], rev: number, replaceAll: boolean) {
  const statements: D1PreparedStatement[] = [];
  if (replaceAll) statements.push(d1.prepare('DELETE FROM daily_stats WHERE item_id = ?').bind(itemId));
  for (let i = 0; i < stats.length; i += rowsPerStatement) {
    const rows = stats
      .slice(i, i + rowsPerStatement)
      .map((s) => [s.reading, s.day, s.count, s.min, s.max, s.sum, s.firstTs, s.lastTs, s.lastValue]);
    statements.push(
      d1
        .prepare(
          `INSERT INTO daily_stats (item_id, reading, day, count, min, max, sum, first_ts, last_ts, last_value)
           SELECT ?1, value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6, value ->> 7, value ->> 8
           FROM json_each(?2) WHERE true
           ON CONFLICT (item_id, day, reading) DO UPDATE SET count = excluded.count, min = excluded.min, max = excluded.max,
             sum = excluded.sum, first_ts = excluded.first_ts, last_ts = excluded.last_ts, last_value = excluded.last_value`,
        )
        .bind(itemId, JSON.stringify(rows)),
    );
  }
  statements.push(d1.prepare('UPDATE items SET rollup_rev = NULL WHERE id = ? AND rollup_rev <= ?').bind(itemId, rev));
  return statements;
}
