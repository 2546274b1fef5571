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
export type LevelStatisticsRow = HandlingRow & {
  item_id: number;
  unique_id: string;
  station_name: string;
  reading: string;
  level: number;
  level_name: string | null;
};

/**
 * The escalations per cause (`cause` names it) of the stations the subject may see: the first acknowledgement, how
 * many, the furthest step and whether any was marked a false alarm. Aggregated once, so the events join it by key.
 */
const escalationsBy = (cause: SQL, where: SQL, subject: Subject) => sql`
  SELECT ${cause} AS cause, min(acknowledged_at) AS ack, count(*) AS n, max(steps_done) AS steps, max(false_alarm) AS false_alarm
  FROM escalations WHERE ${where} AND ${visibleTo(subject, sql`item_id`)} GROUP BY cause`;

/**
 * Per group of `ev` (columns `keys`, `at`, `ack`, `escalations`, `steps`, `false_alarm`): the counts, and the median
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
    FROM (SELECT ${k}, max(ack - at, 0) AS delay, escalations, steps, false_alarm FROM ev)
  ), stats AS (
    SELECT ${k}, count(*) AS events, max(acked) AS acknowledged,
      avg(CASE WHEN delay IS NOT NULL AND nth IN ((acked + 1) / 2, (acked + 2) / 2) THEN delay END) AS median_ms,
      max(delay) AS worst_ms, sum(escalations) AS escalations, max(steps) AS highest_step, sum(false_alarm) AS false_alarms
    FROM ranked GROUP BY ${k}
  )`;
};

/**
 * Alarms that fired in `[from, to)` per rule, and upward level crossings in it per station, reading and level
 * reached, of the stations the subject may see, in one D1 batch. An event counts as acknowledged at the first
 * acknowledgement of it or of an escalation it started (a crossing's escalations carry its key before `:`).
 */
export async function selectAlarmStatistics(db: Db, subject: Subject, { from, to }: { from: number; to: number }) {
  const rules = sql`
  WITH esc AS (${escalationsBy(sql`alarm_id`, sql`alarm_id IS NOT NULL`, subject)}),
  ev AS (
    SELECT a.rule_id AS rule_id, a.fired_at AS at,
      min(coalesce(a.acknowledged_at, esc.ack), coalesce(esc.ack, a.acknowledged_at)) AS ack,
      coalesce(esc.n, 0) AS escalations, esc.steps AS steps, coalesce(esc.false_alarm, 0) AS false_alarm
    FROM alarms a LEFT JOIN esc ON esc.cause = a.id
    WHERE a.fired_at >= ${from} AND a.fired_at < ${to} AND ${visibleTo(subject, sql`a.item_id`)}
  ), ${handledBy('rule_id')}
  SELECT stats.*, r.item_id, i.unique_id, i.name AS station_name, r.name AS rule_name, r.kind, r.reading, r.threshold, r.severity
  FROM stats JOIN alarm_rules r ON r.id = stats.rule_id JOIN items i ON i.id = r.item_id
  ORDER BY i.name, r.id`;
  const levels = sql`
  WITH esc AS (${escalationsBy(sql`substr(key, 1, instr(key, ':') - 1)`, sql`level IS NOT NULL`, subject)}),
  ev AS (
    SELECT w.item_id AS item_id, w.reading AS reading, w.to_level AS level, w.at AS at, esc.ack AS ack,
      coalesce(esc.n, 0) AS escalations, esc.steps AS steps, coalesce(esc.false_alarm, 0) AS false_alarm
    FROM warning_events w LEFT JOIN esc ON esc.cause = w.key
    WHERE w.to_level > w.from_level AND w.at >= ${from} AND w.at < ${to} AND ${visibleTo(subject, sql`w.item_id`)}
  ), ${handledBy('item_id, reading, level')}
  SELECT stats.*, i.unique_id, i.name AS station_name, json_extract(s.levels, '$[' || (stats.level - 1) || '].name') AS level_name
  FROM stats JOIN items i ON i.id = stats.item_id LEFT JOIN warning_scales s ON s.item_id = stats.item_id AND s.reading = stats.reading
  ORDER BY i.name, stats.item_id, stats.reading, stats.level`;
  const [ruleRows, levelRows] = await rawBatch<HandlingRow>(db, [rules, levels]);
  return { rules: ruleRows.results as RuleStatisticsRow[], levels: levelRows.results as LevelStatisticsRow[] };
}
