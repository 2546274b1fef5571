import { isRateKind, type RuleKind } from '../contracts/alarm-kinds';
import type { AlarmRuleRow } from '../db/schema';
import type { LevelForecast } from './time-to-level';

/**
 * A rule as its station's object keeps and evaluates it: the columns of its D1 row that evaluation reads
 * (`createdAt`: a no-data rule of a station that never reported counts its silence from there; `onSuspect`: whether
 * it evaluates suspect readings, absent in rules pushed before it existed, which do; `series`: corrected or raw,
 * absent in rules pushed before it existed, which follow D1's default, corrected).
 */
export type RuleSpec = Pick<
  AlarmRuleRow,
  'id' | 'reading' | 'threshold' | 'deadband' | 'windowMinutes' | 'silenceMinutes' | 'holdMinutes' | 'createdAt'
> & { kind: RuleKind } & Partial<Pick<AlarmRuleRow, 'onSuspect' | 'series'>>;

/** Where a rule stands: quiet, past its threshold but not yet for its hold, or firing (with its open alarm's key). */
export interface RuleState {
  phase: 'idle' | 'pending' | 'firing';
  /** Reading time the condition began (pending and firing). */
  since: number | null;
  alarmKey: string | null;
}
export const idleState: RuleState = { phase: 'idle', since: null, alarmKey: null };

export type Transition =
  | { type: 'fired'; ruleId: number; key: string; startedAt: number; firedAt: number; value: number | null }
  | { type: 'cleared'; ruleId: number; key: string; clearedAt: number; value: number | null };

export const transitionTime = (t: Transition) => (t.type === 'fired' ? t.firedAt : t.clearedAt);

export interface Point {
  ts: number;
  value: number;
}

const minute = 60_000;
const hour = 3_600_000;

/** How far a measure is past the rule's threshold in the direction that fires it (> 0: past it). */
function excess(rule: RuleSpec, measure: number): number {
  const threshold = rule.threshold!;
  switch (rule.kind) {
    case 'above':
    case 'rise':
      return measure - threshold;
    case 'below':
    case 'low_voltage':
      return threshold - measure;
    case 'fall':
      return -measure - threshold;
    case 'no_data':
    case 'forecast':
      throw new Error(`a ${rule.kind} rule has no measure`);
  }
}

/**
 * Moves a value or rate rule by one measure at reading time `ts`: it fires once the measure has been past the
 * threshold for the hold, and clears only once it is back past the threshold by the deadband.
 */
function stepRule(
  rule: RuleSpec,
  state: RuleState,
  ts: number,
  measure: number,
  newKey: () => string,
): { state: RuleState; transition: Transition | null } {
  const past = excess(rule, measure);
  if (state.phase === 'firing') {
    if (past > -rule.deadband) return { state, transition: null };
    return { state: idleState, transition: { type: 'cleared', ruleId: rule.id, key: state.alarmKey!, clearedAt: ts, value: measure } };
  }
  if (past <= 0) return { state: state.phase === 'idle' ? state : idleState, transition: null };
  const since = state.phase === 'pending' ? state.since! : ts;
  if (ts - since < rule.holdMinutes * minute)
    return { state: state.phase === 'pending' ? state : { phase: 'pending', since, alarmKey: null }, transition: null };
  const key = newKey();
  return {
    state: { phase: 'firing', since, alarmKey: key },
    transition: { type: 'fired', ruleId: rule.id, key, startedAt: since, firedAt: ts, value: measure },
  };
}

/**
 * Change per hour of a series over a window: from the newest point at least `windowMs` before, to the point.
 * No rate where the series does not reach that far back, or where that point is more than two windows old (a gap).
 */
export class RateWindow {
  constructor(
    private readonly series: Point[],
    private readonly windowMs: number,
  ) {}

  at(point: Point): number | null {
    const limit = point.ts - this.windowMs;
    let lo = 0;
    let hi = this.series.length - 1;
    let ref = -1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (this.series[mid].ts <= limit) {
        ref = mid;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    if (ref < 0) return null;
    const from = this.series[ref];
    if (point.ts - from.ts > 2 * this.windowMs) return null;
    return ((point.value - from.value) / (point.ts - from.ts)) * hour;
  }
}

/**
 * Runs a value or rate rule over new points in time order. `history` (rate kinds) holds the reading's points
 * from at least two windows before the first new point through the last.
 */
export function runRule(rule: RuleSpec, state: RuleState, points: Point[], history: Point[] | null, newKey: () => string) {
  const rates = isRateKind(rule.kind) ? new RateWindow(history ?? points, rule.windowMinutes! * minute) : null;
  const transitions: Transition[] = [];
  for (const point of points) {
    const measure = rates ? rates.at(point) : point.value;
    if (measure === null) continue;
    const step = stepRule(rule, state, point.ts, measure, newKey);
    state = step.state;
    if (step.transition) transitions.push(step.transition);
  }
  return { state, transitions };
}

/**
 * Where a reading with warning levels stands after a batch that brought a new reading of it: the level it is at, its
 * time-to-level forecast (null: none) and its newest reading, the time and value a forecast rule's change takes.
 */
export interface ForecastStanding {
  level: number;
  forecast: LevelForecast | null;
  ts: number;
  value: number;
}

/**
 * Moves a forecast rule (decision 0043): it fires while its level is forecast within its window of the newest reading
 * (a forecast that has not moved draws nearer with every reading) or already reached, and clears once neither holds.
 * No hold and no deadband: the forecast itself only moves past its own tolerance (`forecastMoved`).
 */
export function stepForecastRule(
  rule: RuleSpec,
  state: RuleState,
  { level, forecast, ts, value }: ForecastStanding,
  newKey: () => string,
): { state: RuleState; transition: Transition | null } {
  const target = rule.threshold!;
  const holds =
    level >= target || (forecast !== null && forecast.level >= target && forecast.expectedAt - ts <= rule.windowMinutes! * minute);
  if (holds === (state.phase === 'firing')) return { state, transition: null };
  if (!holds) return { state: idleState, transition: { type: 'cleared', ruleId: rule.id, key: state.alarmKey!, clearedAt: ts, value } };
  const key = newKey();
  return {
    state: { phase: 'firing', since: ts, alarmKey: key },
    transition: { type: 'fired', ruleId: rule.id, key, startedAt: ts, firedAt: ts, value },
  };
}

/** When a no-data rule's silence runs out, counted from the newest reading (or the rule's creation, before any). */
export const silenceDeadline = (rule: RuleSpec, newestTs: number | null) => (newestTs ?? rule.createdAt) + rule.silenceMinutes! * minute;

/** One time a rule fired over a stretch of history; `clearedAt` null: still firing at its end. */
export interface Episode {
  startedAt: number;
  firedAt: number;
  clearedAt: number | null;
  value: number | null;
}

/** Pairs a rule's transitions into episodes. */
export function episodesOf(transitions: Transition[]): Episode[] {
  const episodes: Episode[] = [];
  for (const t of transitions) {
    if (t.type === 'fired') episodes.push({ startedAt: t.startedAt, firedAt: t.firedAt, clearedAt: null, value: t.value });
    else if (episodes.length) episodes[episodes.length - 1].clearedAt = t.clearedAt;
  }
  return episodes;
}

/**
 * The silences of a no-data rule over report times in order (`before`: the newest report before them, if any):
 * each fires at its deadline and clears with the next report; one still running at `end` stays open.
 */
export function silencesOf(rule: RuleSpec, before: number | null, times: number[], end: number): Episode[] {
  const episodes: Episode[] = [];
  let last = before;
  for (const ts of [...times, null]) {
    if (last !== null) {
      const deadline = silenceDeadline(rule, last);
      const next = ts ?? end;
      if (next > deadline && deadline < end) episodes.push({ startedAt: deadline, firedAt: deadline, clearedAt: ts, value: null });
    }
    if (ts !== null) last = ts;
  }
  return episodes;
}
