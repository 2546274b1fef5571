import { sql } from 'drizzle-orm';
import { isSummed } from '../contracts/readings';
import type { StationSummary } from '../contracts/telemetry';
import type { Db } from './client';

/** A station's summary as SQLite assembles it: `summary` is a StationSummary's JSON without its `date`. */
interface SummaryRow {
  itemId: number;
  lastTs: number;
  summary: string;
}

/**
 * Per station readings count, last reading and extremes of `codes` over local days `from`..`to` (and for codes that
 * add up their total and wettest day), read from daily_stats only; a station without readings there is left out.
 */
export async function selectStationSummaries(db: Db, { ids, codes, from, to }: { ids: number[]; codes: readonly string[]; from: string; to: string }) {
  // Naming every code lets SQLite seek each (station, code) day range of the clustered key instead of reading a
  // station's whole history, and group in key order without sorting. Each station's summary leaves SQLite as one
  // JSON text: a thousand stations cross to the Worker as a thousand rows, not one per code.
  const idList = JSON.stringify(ids);
  const codeList = JSON.stringify(codes);
  const summedList = JSON.stringify(codes.filter(isSummed));
  const rows = await db.all<SummaryRow>(sql`
    WITH per_code AS (
      SELECT s.item_id, s.reading, sum(s.count) AS n, min(s.min) AS lo, max(s.max) AS hi, max(s.last_ts) AS last_ts, sum(s.sum) AS total
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${idList}))
        AND s.reading IN (SELECT value FROM json_each(${codeList}))
        AND s.day BETWEEN ${from} AND ${to}
      GROUP BY s.item_id, s.reading
    ),
    -- With max() the only aggregate, SQLite takes the bare day from the row that holds the maximum.
    wettest AS (
      SELECT s.item_id, s.reading, s.day, max(s.sum) AS peak
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${idList}))
        AND s.reading IN (SELECT value FROM json_each(${summedList}))
        AND s.day BETWEEN ${from} AND ${to}
      GROUP BY s.item_id, s.reading
    )
    SELECT p.item_id AS itemId, max(p.last_ts) AS lastTs, json_object(
      'pocetMereni', sum(p.n),
      'max', json_group_object(p.reading, p.hi),
      'min', json_group_object(p.reading, p.lo),
      'sum', json_group_object(p.reading, p.total) FILTER (WHERE w.item_id IS NOT NULL),
      'peak_day', json_group_object(p.reading, json_object('day', w.day, 'sum', w.peak)) FILTER (WHERE w.peak > 0)
    ) AS summary
    FROM per_code p LEFT JOIN wettest w ON w.item_id = p.item_id AND w.reading = p.reading
    GROUP BY p.item_id`);
  return new Map(rows.map((row) => [row.itemId, toSummary(row)]));
}

function toSummary({ lastTs, summary: json }: SummaryRow): StationSummary {
  const summary: Omit<StationSummary, 'date'> = JSON.parse(json);
  // json_group_object gives {} where its filter matched nothing; the contract leaves such a key out.
  if (summary.sum && !Object.keys(summary.sum).length) delete summary.sum;
  if (summary.peak_day && !Object.keys(summary.peak_day).length) delete summary.peak_day;
  return { date: lastTs ? new Date(lastTs).toISOString() : null, ...summary };
}

/** What a station without readings in the range shows. */
export const emptySummary = (): StationSummary => ({ date: null, pocetMereni: 0, max: {}, min: {} });
