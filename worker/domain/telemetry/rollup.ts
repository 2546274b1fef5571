import { dayBounds } from '../../contracts/station-time';

export interface StationDay {
  itemId: number;
  day: string;
  timezone: string;
}

/** A statement with its parameters, for D1's prepare/bind or for inlining into a seed script. */
export interface Statement {
  text: string;
  params: (number | string)[];
}

/**
 * Statements that rebuild one (station, local day) of daily_stats from raw readings and clear its dirty mark.
 * Run together in one batch they are atomic, and recomputing from raw makes them safe to repeat.
 */
export function recomputeDay({ itemId, day, timezone }: StationDay): Statement[] {
  const { start, end } = dayBounds(day, timezone);
  return [
    { text: 'DELETE FROM daily_stats WHERE item_id = ?1 AND day = ?2', params: [itemId, day] },
    {
      text: `INSERT INTO daily_stats (item_id, reading, day, count, min, max, sum, first_ts, last_ts, last_value)
             SELECT ?1, a.reading, ?2, a.n, a.lo, a.hi, a.total, a.first_ts, a.last_ts,
                    (SELECT r.value FROM readings r WHERE r.item_id = ?1 AND r.ts = a.last_ts AND r.reading = a.reading)
             FROM (SELECT reading, count(*) AS n, min(value) AS lo, max(value) AS hi, sum(value) AS total,
                          min(ts) AS first_ts, max(ts) AS last_ts
                   FROM readings WHERE item_id = ?1 AND ts >= ?3 AND ts < ?4 GROUP BY reading) a`,
      params: [itemId, day, start, end],
    },
    { text: 'DELETE FROM dirty_days WHERE item_id = ?1 AND day = ?2', params: [itemId, day] },
  ];
}

// Small batches keep each D1 transaction short, so ingest is never blocked for long.
const pairsPerBatch = 50;

/**
 * Rolls every dirty (station, day) up into daily_stats, batch by batch; a batch that fails leaves its
 * pairs dirty for the next run. Returns how many pairs were rebuilt.
 */
export async function rollUpDirtyDays(d1: D1Database, maxPairs = 50_000): Promise<number> {
  let done = 0;
  while (done < maxPairs) {
    const { results } = await d1
      .prepare(
        `SELECT d.item_id AS itemId, d.day, i.timezone FROM dirty_days d JOIN items i ON i.id = d.item_id
         ORDER BY d.item_id, d.day LIMIT ?`,
      )
      .bind(pairsPerBatch)
      .all<StationDay>();
    if (!results.length) break;
    await d1.batch(results.flatMap(recomputeDay).map((s) => d1.prepare(s.text).bind(...s.params)));
    done += results.length;
  }
  return done;
}
