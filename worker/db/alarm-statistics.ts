import { sql, type SQL } from 'drizzle-orm';
import type { AlarmKind, Severity } from '../contracts/alarm-kinds';
import { rawBatch } from './batch';
import type { Db } from './client';
import type { Subject } from './schema';
import { visibleTo } from './stations';

/** How one group of events (a rule's alarms, a level's crossings) was handled; times in milliseconds. */
export interface HandlingRow {
  events: number;
  acknowledged: number;
  median_ms: number | null;
  worst_ms: number | null;
  escalations: number;
  highest_step: number | null;
  false_alarms: number;
}
export type RuleStatisticsRow = HandlingRow & {
  rule_id: number;
  item_id: number;
  unique_id: string;
  station_name: string;
  rule_name: string | null;
  kind: AlarmKind;
  reading: string | null;
  threshold: number | null;
  severity: Severity;
};
/** A station's warning level on one reading, as the level and forecast rows name it. */
interface LevelKey {
  item_id: number;
  unique_id: string;
  station_name: string;
  reading: string;
  level: number;
  level_name: string | null;
}
export type LevelStatisticsRow = HandlingRow & LevelKey;

export interface ForecastStatisticsRow extends LevelKey {
  forecasts: number;
  hits: number;
  false_alarms: number;
  pending: number;
  crossings: number;
  warned: number;
  warning_median_ms: number | null;
  error_median_ms: number | null;
}

/**
 * When a forecast issued at `issued` expecting its level at `expected` (columns) stops waiting: a crossing up to the
 * level by then makes it a hit, none a false alarm (decision 0043). The tolerance is the forecast's own lead time, at
 * least an hour: a warning 6 hours ahead that comes true 2 hours late still warned.
 */
const forecastDeadline = (issued: SQL, expected: SQL) => sql`${expected} + max(3600000, ${expected} - ${issued})`;
/** Forecasts are made at most 48 hours ahead, so one that can score a crossing was issued at most 96 hours before it. */
const longestWait = 4 * 86_400_000;

/**
 * The escalations an event started, joined by their key (`<event key>:<policy id>`, worker/domain/escalations/run.ts)
 * as a range of the unique index on it: one seek per event (escalations have no other index by cause). With them, per
 * event: its first acknowledgement, how many, the furthest step and whether any was marked a false alarm.
 */
const startedBy = (key: SQL) => sql`LEFT JOIN escalations e ON e.key > ${key} || ':' AND e.key < ${key} || ';'`;
const escalationColumns = sql`min(e.acknowledged_at) AS esc_ack, count(e.id) AS escalations, max(e.steps_done) AS steps,
      coalesce(max(e.false_alarm), 0) AS false_alarm`;

/**
 * Per group of `ev` (columns `keys`, `at`, `own_ack`, `esc_ack`, `escalations`, `steps`, `false_alarm`): the counts, and the median
 * and worst of the delays from event to acknowledgement. The median is the middle delay (the mean of the two middle
 * ones for an even count) by rank in the group, unacknowledged events ranked last and left out.
 */
const handledBy = (keys: string) => {
  const k = sql.raw(keys);
  return sql`
  ranked AS (
    SELECT ${k}, delay, escalations, steps, false_alarm,
      row_number() OVER (PARTITION BY ${k} ORDER BY delay NULLS LAST) AS nth,
      count(delay) OVER (PARTITION BY ${k}) AS acked
    FROM (SELECT ${k}, max(min(coalesce(own_ack, esc_ack), coalesce(esc_ack, own_ack)) - at, 0) AS delay, escalations, steps, false_alarm
      FROM ev)
  ), stats AS (
    SELECT ${k}, count(*) AS events, max(acked) AS acknowledged,
      avg(CASE WHEN delay IS NOT NULL AND nth IN ((acked + 1) / 2, (acked + 2) / 2) THEN delay END) AS median_ms,
      max(delay) AS worst_ms, sum(escalations) AS escalations, max(steps) AS highest_step, sum(false_alarm) AS false_alarms
    FROM ranked GROUP BY ${k}
  )`;
};

/**
 * Alarms that fired in `[from, to)` per rule, upward level crossings in it per station, reading and level reached, and
 * the forecasts of levels issued in it scored against the crossings (as of `now`), of the stations the subject may
 * see, in one D1 batch. An event counts as acknowledged at the first
 * acknowledgement of it or of an escalation it started (a crossing has none of its own).
 */
export async function selectAlarmStatistics(db: Db, subject: Subject, { from, to, now }: { from: number; to: number; now: number }) {
  const rules = sql`
  WITH ev AS (
    SELECT a.rule_id AS rule_id, a.fired_at AS at, a.acknowledged_at AS own_ack, ${escalationColumns}
    FROM alarms a ${startedBy(sql`a.key`)}
    WHERE a.fired_at >= ${from} AND a.fired_at < ${to} AND ${visibleTo(subject, sql`a.item_id`)}
    GROUP BY a.id
  ), ${handledBy('rule_id')}
  SELECT stats.*, r.item_id, i.unique_id, i.name AS station_name, r.name AS rule_name, r.kind, r.reading, r.threshold, r.severity
  FROM stats JOIN alarm_rules r ON r.id = stats.rule_id JOIN items i ON i.id = r.item_id
  ORDER BY i.name, r.id`;
  const levels = sql`
  WITH ev AS (
    SELECT w.item_id AS item_id, w.reading AS reading, w.to_level AS level, w.at AS at, NULL AS own_ack, ${escalationColumns}
    FROM warning_events w ${startedBy(sql`w.key`)}
    WHERE w.to_level > w.from_level AND w.at >= ${from} AND w.at < ${to} AND ${visibleTo(subject, sql`w.item_id`)}
    GROUP BY w.id
  ), ${handledBy('item_id, reading, level')}
  SELECT stats.*, i.unique_id, i.name AS station_name, json_extract(s.levels, '$[' || (stats.level - 1) || '].name') AS level_name
  FROM stats JOIN items i ON i.id = stats.item_id LEFT JOIN warning_scales s ON s.item_id = stats.item_id AND s.reading = stats.reading
  ORDER BY i.name, stats.item_id, stats.reading, stats.level`;
  const forecasts = sql`
  WITH issued AS (
    SELECT f.item_id, f.reading, f.level, f.issued_at, f.expected_at,
      ${forecastDeadline(sql`f.issued_at`, sql`f.expected_at`)} AS deadline,
      (SELECT min(w.at) FROM warning_events w
        WHERE w.item_id = f.item_id AND w.reading = f.reading AND w.at >= f.issued_at AND w.from_level < f.level AND w.to_level >= f.level) AS reached
    FROM warning_forecast_issues f
    WHERE f.issued_at >= ${from} AND f.issued_at < ${to} AND ${visibleTo(subject, sql`f.item_id`)}
  ), scored AS (
    SELECT item_id, reading, level, deadline, CASE WHEN reached <= deadline THEN reached END AS hit_at, issued_at, expected_at
    FROM issued
  ), ranked AS (
    SELECT item_id, reading, level, deadline, hit_at, hit_at - issued_at AS warning, hit_at - expected_at AS error,
      count(hit_at) OVER (PARTITION BY item_id, reading, level) AS hits,
      row_number() OVER (PARTITION BY item_id, reading, level ORDER BY hit_at - issued_at NULLS LAST) AS wn,
      row_number() OVER (PARTITION BY item_id, reading, level ORDER BY hit_at - expected_at NULLS LAST) AS en
    FROM scored
  ), stats AS (
    SELECT item_id, reading, level, count(*) AS forecasts, max(hits) AS hits,
      sum(hit_at IS NULL AND deadline <= ${now}) AS false_alarms, sum(hit_at IS NULL AND deadline > ${now}) AS pending,
      avg(CASE WHEN hit_at IS NOT NULL AND wn IN ((hits + 1) / 2, (hits + 2) / 2) THEN warning END) AS warning_median_ms,
      avg(CASE WHEN hit_at IS NOT NULL AND en IN ((hits + 1) / 2, (hits + 2) / 2) THEN error END) AS error_median_ms
    FROM ranked GROUP BY item_id, reading, level
  ), crossed AS (
    SELECT w.item_id, w.reading, w.to_level AS level, count(*) AS crossings,
      sum(EXISTS (SELECT 1 FROM warning_forecast_issues f
        WHERE f.item_id = w.item_id AND f.reading = w.reading AND f.issued_at <= w.at AND f.issued_at >= w.at - ${longestWait}
          AND f.level > w.from_level AND f.level <= w.to_level AND w.at <= ${forecastDeadline(sql`f.issued_at`, sql`f.expected_at`)})) AS warned
    FROM warning_events w
    WHERE w.to_level > w.from_level AND w.at >= ${from} AND w.at < ${to} AND ${visibleTo(subject, sql`w.item_id`)}
    GROUP BY w.item_id, w.reading, w.to_level
  ), keyed AS (
    SELECT item_id, reading, level FROM stats UNION SELECT item_id, reading, level FROM crossed
  )
  SELECT k.item_id, k.reading, k.level, i.unique_id, i.name AS station_name,
    json_extract(sc.levels, '$[' || (k.level - 1) || '].name') AS level_name,
    coalesce(st.forecasts, 0) AS forecasts, coalesce(st.hits, 0) AS hits, coalesce(st.false_alarms, 0) AS false_alarms,
    coalesce(st.pending, 0) AS pending, coalesce(c.crossings, 0) AS crossings, coalesce(c.warned, 0) AS warned,
    st.warning_median_ms, st.error_median_ms
  FROM keyed k JOIN items i ON i.id = k.item_id
    LEFT JOIN stats st ON st.item_id = k.item_id AND st.reading = k.reading AND st.level = k.level
    LEFT JOIN crossed c ON c.item_id = k.item_id AND c.reading = k.reading AND c.level = k.level
    LEFT JOIN warning_scales sc ON sc.item_id = k.item_id AND sc.reading = k.reading
  ORDER BY i.name, k.item_id, k.reading, k.level`;
  const [ruleRows, levelRows, forecastRows] = await rawBatch<unknown>(db, [rules, levels, forecasts]);
  return {
    rules: ruleRows.results as RuleStatisticsRow[],
    levels: levelRows.results as LevelStatisticsRow[],
    forecasts: forecastRows.results as ForecastStatisticsRow[],
  };
}
