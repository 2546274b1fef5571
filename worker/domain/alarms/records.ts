import type { Alarm, AlarmRule } from '../../contracts/alarms';
import type { AlarmState, RuleKind, Severity } from '../../contracts/alarm-kinds';
import type { AlarmRuleRow } from '../../db/schema';
import type { RuleSpec } from '../../station/evaluate';

const iso = (ms: number) => new Date(ms).toISOString();
const isoOrNull = (ms: number | null) => (ms === null ? null : iso(ms));

/** Where a value rule clears: back past its threshold by the deadband. */
export function clearLevel(rule: Pick<AlarmRuleRow, 'kind' | 'threshold' | 'deadband'>): number | null {
  if (rule.threshold === null) return null;
  if (rule.kind === 'above') return rule.threshold - rule.deadband;
  if (rule.kind === 'below' || rule.kind === 'low_voltage') return rule.threshold + rule.deadband;
  return null;
}

export const toAlarmRule = (r: AlarmRuleRow, uniqueId: string): AlarmRule => ({
  id: r.id,
  item_id: r.itemId,
  unique_id: uniqueId,
  name: r.name,
  kind: r.kind,
  reading: r.reading,
  threshold: r.threshold,
  deadband: r.deadband,
  window_minutes: r.windowMinutes,
  silence_minutes: r.silenceMinutes,
  hold_minutes: r.holdMinutes,
  severity: r.severity,
  clear_level: clearLevel(r),
  created_at: iso(r.createdAt),
  updated_at: iso(r.updatedAt),
});

/** A stored rule as its station's object evaluates it. */
export const toRuleSpec = (r: Pick<AlarmRuleRow, 'id' | 'kind' | 'reading' | 'threshold' | 'deadband' | 'windowMinutes' | 'silenceMinutes' | 'holdMinutes' | 'createdAt'>): RuleSpec => ({
  id: r.id,
  kind: r.kind,
  reading: r.reading,
  threshold: r.threshold,
  deadband: r.deadband,
  windowMinutes: r.windowMinutes,
  silenceMinutes: r.silenceMinutes,
  holdMinutes: r.holdMinutes,
  createdAt: r.createdAt,
});

/** An alarm row joined with its station, rule and acknowledger, as `alarmSelect` reads it. */
export interface AlarmJoined extends Record<string, unknown> {
  id: number;
  rule_id: number;
  item_id: number;
  unique_id: string;
  station_name: string;
  rule_name: string | null;
  kind: RuleKind;
  reading: string | null;
  severity: Severity;
  threshold: number | null;
  state: AlarmState;
  started_at: number;
  fired_at: number;
  value: number | null;
  acknowledged_at: number | null;
  acknowledged_by: number | null;
  acknowledged_name: string | null;
  note: string | null;
  cleared_at: number | null;
  clear_value: number | null;
  cleared_reason: Alarm['cleared_reason'];
}

/** Alarms with what the API shows beside them; append WHERE/ORDER clauses on `a` (alarms), `i` (items), `r` (rules). */
export const alarmSelect = `SELECT a.id, a.rule_id, a.item_id, i.unique_id, i.name AS station_name, r.name AS rule_name, a.kind, a.reading,
  a.severity, a.threshold, a.state, a.started_at, a.fired_at, a.value, a.acknowledged_at, a.acknowledged_by,
  s.first_name || ' ' || s.second_name AS acknowledged_name, a.note, a.cleared_at, a.clear_value, a.cleared_reason
  FROM alarms a JOIN items i ON i.id = a.item_id JOIN alarm_rules r ON r.id = a.rule_id LEFT JOIN subjects s ON s.id = a.acknowledged_by`;

export const toAlarm = (a: AlarmJoined): Alarm => ({
  id: a.id,
  rule_id: a.rule_id,
  item_id: a.item_id,
  unique_id: a.unique_id,
  station_name: a.station_name,
  rule_name: a.rule_name,
  kind: a.kind,
  reading: a.reading,
  severity: a.severity,
  threshold: a.threshold,
  state: a.state,
  started_at: iso(a.started_at),
  fired_at: iso(a.fired_at),
  value: a.value,
  acknowledged_at: isoOrNull(a.acknowledged_at),
  acknowledged_by: a.acknowledged_by === null ? null : { id: a.acknowledged_by, name: a.acknowledged_name ?? '' },
  note: a.note,
  cleared_at: isoOrNull(a.cleared_at),
  clear_value: a.clear_value,
  cleared_reason: a.cleared_reason,
});
