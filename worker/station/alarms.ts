import { isRateKind } from '../contracts/alarm-kinds';
import {
  idleState,
  runRule,
  silenceDeadline,
  stepForecastRule,
  transitionTime,
  type ForecastStanding,
  type Point,
  type RuleSpec,
  type RuleState,
  type Transition,
} from './evaluate';
import type { Reading } from '../contracts/telemetry';
import { isDerived, readingInfo } from '../../shared/readings';
import { derivedReportsIn } from './corrections/derived';
import { stacksOf } from './corrections/kept';
import { pointsUpTo, suspectFlag } from './flags';
import { column } from './schema';

interface HeldRule {
  spec: RuleSpec;
  state: RuleState;
}

/** What one evaluation changed, applied to the object's memory once its transaction has committed. */
export interface AlarmChanges {
  states: Map<number, RuleState>;
  transitions: number;
  /** Newest reading time per code ('' for any code) after the batch. */
  newest: Map<string, number>;
}

interface RuleRow extends Record<string, SqlStorageValue> {
  spec: string;
  phase: RuleState['phase'];
  since: number | null;
  alarm_key: string | null;
}

const minute = 60_000;
const anyCode = '';
const newKey = () => crypto.randomUUID();

/** Whether a rule evaluates suspect readings (its `on_suspect` setting; rules pushed before it existed do). Rejected ones never. */
const takesSuspect = (spec: RuleSpec) => spec.onSuspect !== false;

/**
 * A station's alarm rules with where each stands, held in memory (read from the object's SQLite once per
 * instance) so that a batch with no transition costs no storage write. A rule evaluates only readings newer than
 * every reading of its code before the batch: the newest time per code is kept here too (read once per instance),
 * so duplicates and late readings fire and clear nothing. A reading stamped after the time it arrived (a fast logger
 * clock) is evaluated when it arrives but does not move that mark, so the current readings after it are evaluated
 * too: one far-future reading cannot silence the rules. Suspect readings are
 * evaluated only by rules that take them; rejected ones by none. Transitions go into `alarm_events` in the batch's
 * own transaction; the object delivers them to D1 afterwards.
 */
export class StationAlarms {
  private rules: HeldRule[] | null = null;
  private readonly newest = new Map<string, number | null>();
  private waiting: number | null = null;

  constructor(private readonly storage: DurableObjectStorage) {}

  private get sql() {
    return this.storage.sql;
  }

  private held(): HeldRule[] {
    this.rules ??= this.sql
      .exec<RuleRow>('SELECT spec, phase, since, alarm_key FROM alarm_rules')
      .toArray()
      .map((r) => ({ spec: JSON.parse(r.spec) as RuleSpec, state: { phase: r.phase, since: r.since, alarmKey: r.alarm_key } }));
    return this.rules;
  }

  /** Transitions stored but not yet delivered to D1. */
  get pending(): number {
    this.waiting ??= this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM alarm_events').one().n;
    return this.waiting;
  }

  /** The newest reading time of a code ('' any) not after `now`, read once per instance and then moved in memory. */
  private newestOf(code: string, now: number): number | null {
    if (!this.newest.has(code)) this.newest.set(code, newestUpTo(this.sql, code === anyCode ? null : code, now));
    return this.newest.get(code)!;
  }

  /** Reads the newest times the rules compare against; must run before a batch is stored (once per instance). */
  prime(now: number) {
    for (const { spec } of this.held()) this.newestOf(spec.reading === null ? anyCode : storedCodeOf(spec.reading), now);
  }

  /** Readings were stored without evaluation (a legacy copy): the newest times are read again when next needed. */
  forgetNewest() {
    this.newest.clear();
  }

  /**
   * Evaluates the rules on a batch's newly stored readings in reading-time order, inside the batch's transaction,
   * writing only the rules whose state changed and the transitions. `now` is arrival time: no-data rules use it (a
   * report within their limit of now clears them), and the newest-reading marks never pass it. `suspect` holds the
   * `${code}|${ts}` of readings the checks flagged; `standings` where each reading with levels the batch brought stands
   * (forecast rules).
   */
  evaluate(
    stored: Reading[],
    now: number,
    suspect: ReadonlySet<string> = new Set(),
    standings: ReadonlyMap<string, ForecastStanding> = new Map(),
  ): AlarmChanges | null {
    const rules = this.held();
    if (!rules.length || !stored.length) return null;
    const byCode = new Map<string, (Point & { suspect: boolean })[]>();
    const newest = new Map<string, number>();
    for (const { reading, ts, value } of stored) {
      let points = byCode.get(reading);
      if (!points) byCode.set(reading, (points = []));
      points.push({ ts, value, suspect: suspect.size > 0 && suspect.has(`${reading}|${ts}`) });
      // A reading stamped after its arrival is evaluated, but it does not move the marks: the current readings after it still count.
      if (ts > now) continue;
      if (ts > (newest.get(reading) ?? -Infinity)) newest.set(reading, ts);
      if (ts > (newest.get(anyCode) ?? -Infinity)) newest.set(anyCode, ts);
    }
    const states = new Map<number, RuleState>();
    const transitions: Transition[] = [];
    let stacks: Map<string, unknown> | undefined;
    const corrected = (spec: RuleSpec) => readsCorrected(spec, () => (stacks ??= stacksOf(this.sql)));
    const reportsIn = keptReports(this.sql);
    for (const { spec, state } of rules) {
      if (spec.kind === 'no_data') {
        // Any report shows the station alive, one stamped ahead of the clock too (as of its arrival).
        const latest = Math.max(this.newestOf(anyCode, now) ?? -Infinity, newest.get(anyCode) ?? now);
        if (state.phase === 'firing' && now <= silenceDeadline(spec, latest)) {
          states.set(spec.id, idleState);
          transitions.push({ type: 'cleared', ruleId: spec.id, key: state.alarmKey!, clearedAt: latest, value: null });
        }
        continue;
      }
      if (spec.kind === 'forecast') {
        const standing = standings.get(spec.reading!);
        if (!standing) continue;
        const step = stepForecastRule(spec, state, standing, newKey);
        if (step.state !== state) states.set(spec.id, step.state);
        if (step.transition) transitions.push(step.transition);
        continue;
      }
      const code = storedCodeOf(spec.reading!);
      const after = this.newestOf(code, now) ?? -Infinity;
      const arrived = byCode.get(code);
      if (!arrived) continue;
      // The corrected series over the batch's span (its flags are stored by now); the raw readings as they came.
      const fresh = corrected(spec)
        ? rulePoints(this.sql, spec, ...spanOf(arrived), true, reportsIn).filter((p) => p.ts > after)
        : arrived.filter((p) => p.ts > after && (!p.suspect || takesSuspect(spec)));
      if (!fresh.length) continue;
      fresh.sort((a, b) => a.ts - b.ts);
      const history = isRateKind(spec.kind) ? this.history(spec, fresh, corrected(spec), reportsIn) : null;
      const result = runRule(spec, state, fresh, history, newKey);
      if (result.state !== state) states.set(spec.id, result.state);
      transitions.push(...result.transitions);
    }
    this.record(states, transitions);
    return { states, transitions: transitions.length, newest };
  }

  /** A rate rule's reading from two windows before its first new point through its last (one query per batch), as the rule sees it. */
  private history(spec: RuleSpec, fresh: Point[], corrected: boolean, reportsIn: ReportsIn): Point[] {
    return rulePoints(this.sql, spec, fresh[0].ts - 2 * spec.windowMinutes! * minute, fresh[fresh.length - 1].ts + 1, corrected, reportsIn);
  }

  private record(states: Map<number, RuleState>, transitions: Transition[]) {
    for (const [id, s] of states)
      this.sql.exec('UPDATE alarm_rules SET phase = ?, since = ?, alarm_key = ? WHERE id = ?', s.phase, s.since, s.alarmKey, id);
    transitions.sort((a, b) => transitionTime(a) - transitionTime(b));
    for (const t of transitions) this.sql.exec('INSERT INTO alarm_events (event) VALUES (?)', JSON.stringify(t));
  }

  /** Takes what a committed evaluation changed into memory. */
  commit(changes: AlarmChanges | null) {
    if (!changes) return;
    for (const rule of this.held()) rule.state = changes.states.get(rule.spec.id) ?? rule.state;
    for (const [code, ts] of changes.newest) {
      const known = this.newest.get(code);
      if (known !== undefined) this.newest.set(code, known === null ? ts : Math.max(known, ts));
    }
    if (this.waiting !== null) this.waiting += changes.transitions;
  }

  /**
   * Fires every quiet no-data rule whose silence ran out before `now` (the cron's time); the alarm starts at the
   * deadline. Returns how many fired.
   */
  checkSilence(now: number): number {
    const silent = this.held().filter(({ spec, state }) => spec.kind === 'no_data' && state.phase !== 'firing');
    if (!silent.length) return 0;
    // A reading stamped after `now` (a fast clock) does not hide a silence since the last real one.
    const latest = newestUpTo(this.sql, null, now);
    const states = new Map<number, RuleState>();
    const transitions: Transition[] = [];
    for (const { spec } of silent) {
      const deadline = silenceDeadline(spec, latest);
      if (now <= deadline) continue;
      const key = newKey();
      states.set(spec.id, { phase: 'firing', since: deadline, alarmKey: key });
      transitions.push({ type: 'fired', ruleId: spec.id, key, startedAt: deadline, firedAt: now, value: null });
    }
    return this.settle(states, transitions);
  }

  /**
   * Clears, as of `now`, the firing forecast rules of readings that no longer have warning levels (`leveled`: the
   * readings that do): no level can be forecast or reached there, and no batch would clear them. Returns how many.
   */
  clearUnleveled(leveled: readonly string[], now: number): number {
    const states = new Map<number, RuleState>();
    const transitions: Transition[] = [];
    for (const { spec, state } of this.held()) {
      if (spec.kind !== 'forecast' || state.phase !== 'firing' || leveled.includes(spec.reading!)) continue;
      states.set(spec.id, idleState);
      transitions.push({ type: 'cleared', ruleId: spec.id, key: state.alarmKey!, clearedAt: now, value: null });
    }
    return this.settle(states, transitions);
  }

  /** Records transitions made outside a batch in a transaction of their own and takes them into memory; how many. */
  private settle(states: Map<number, RuleState>, transitions: Transition[]): number {
    if (!transitions.length) return 0;
    this.storage.transactionSync(() => this.record(states, transitions));
    this.commit({ states, transitions: transitions.length, newest: new Map() });
    return transitions.length;
  }

  /**
   * Replaces the rules with a newer revision of the station's rule set; an older one (a push overtaken by a later
   * one) is ignored. A kept rule keeps where it stands. Returns the revision held.
   */
  replace(revision: number, specs: RuleSpec[]): number {
    const held = this.storage.kv.get<number>('rules-revision') ?? 0;
    if (revision <= held) return held;
    this.storage.transactionSync(() => {
      this.sql.exec('DELETE FROM alarm_rules WHERE id NOT IN (SELECT value FROM json_each(?))', JSON.stringify(specs.map((s) => s.id)));
      for (const spec of specs) {
        this.sql.exec(
          'INSERT INTO alarm_rules (id, spec) VALUES (?, ?) ON CONFLICT (id) DO UPDATE SET spec = excluded.spec',
          spec.id,
          JSON.stringify(spec),
        );
      }
      this.storage.kv.put('rules-revision', revision);
    });
    // Reloaded when next needed; the newest times too, as batches stored while no rule was held did not move them.
    this.rules = null;
    this.newest.clear();
    return revision;
  }

  /** The oldest transition not yet delivered. */
  nextEvent(): { seq: number; transition: Transition } | null {
    const row = this.sql.exec<{ seq: number; event: string }>('SELECT seq, event FROM alarm_events ORDER BY seq LIMIT 1').toArray()[0];
    return row ? { seq: row.seq, transition: JSON.parse(row.event) as Transition } : null;
  }

  /** Forgets a transition once D1 has it. */
  delivered(seq: number) {
    this.sql.exec('DELETE FROM alarm_events WHERE seq = ?', seq);
    if (this.waiting !== null) this.waiting = Math.max(0, this.waiting - 1);
  }
}

/** The newest reading time of `code` (null: of any code) not after `now`, or null. */
function newestUpTo(sql: SqlStorage, code: string | null, now: number): number | null {
  const where = code === null ? '' : `AND ${column(code)} IS NOT NULL`;
  return sql.exec<{ ts: number }>(`SELECT ts FROM readings WHERE ts <= ? ${where} ORDER BY ts DESC LIMIT 1`, now).toArray()[0]?.ts ?? null;
}

/** The highest flag a rule evaluates: suspect readings if it takes them, never rejected ones. */
export const ruleFlagLimit = (spec: RuleSpec) => (takesSuspect(spec) ? suspectFlag : 0);

/** [first, last + 1) of points in any order. */
function spanOf(points: readonly Point[]): [number, number] {
  let first = Infinity;
  let last = -Infinity;
  for (const { ts } of points) {
    if (ts < first) first = ts;
    if (ts > last) last = ts;
  }
  return [first, last + 1];
}

/** The stored code a code's readings come from: a derived code's level, else itself. */
const storedCodeOf = (code: string) => {
  const info = readingInfo(code);
  return info && 'derived' in info ? info.derived.from : code;
};

/**
 * Whether a rule reads the corrected series where it differs from the raw readings: a derived code, or (unless the
 * rule asks for raw) a code with corrections. `stacks` is asked only when it matters.
 */
export const readsCorrected = (spec: RuleSpec, stacks: () => Map<string, unknown>) =>
  isDerived(spec.reading!) || (spec.series !== 'raw' && stacks().has(spec.reading!));

type ReportsIn = (start: number, end: number) => ReturnType<typeof derivedReportsIn>;

/**
 * The corrected reports of a span read once for every rule of a batch that reads it (the stack runs over all codes,
 * so rules on several codes of one batch would each run it again).
 */
function keptReports(sql: SqlStorage): ReportsIn {
  const kept = new Map<string, ReturnType<typeof derivedReportsIn>>();
  return (start, end) => {
    const key = `${start}:${end}`;
    let found = kept.get(key);
    if (!found) {
      const { codes, reports } = derivedReportsIn(sql, start, end);
      kept.set(key, (found = { codes, reports: [...reports] }));
    }
    return found;
  };
}

/**
 * A value or rate rule's reading over [start, end) as the rule sees it: the raw readings, or with `corrected` the
 * series as corrected with the derived codes (docs/corrections.md); flagged readings past what the rule takes left out.
 */
export function rulePoints(
  sql: SqlStorage,
  spec: RuleSpec,
  start: number,
  end: number,
  corrected: boolean,
  reportsIn: ReportsIn = (s, e) => derivedReportsIn(sql, s, e),
): Point[] {
  const maxFlag = ruleFlagLimit(spec);
  if (!corrected) return pointsUpTo(sql, spec.reading!, start, end, maxFlag);
  const { codes, reports } = reportsIn(start, end);
  const i = codes.indexOf(spec.reading!);
  const points: Point[] = [];
  if (i < 0) return points;
  for (const { row, flags } of reports) {
    const value = row[i + 1];
    if (value !== null && value !== undefined && flags[i] <= maxFlag) points.push({ ts: row[0] as number, value });
  }
  return points;
}
