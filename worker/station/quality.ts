/**
 * A station's data quality inside its object (DESIGN §8, decision 0016): the automatic checks on arriving readings,
 * people's flag edits, the approvals, and the append-only audit log that records every change and can rebuild the
 * flags of any past moment. Raw readings are never changed: flags live beside them (`flags`, one row per reading
 * that is not good).
 */
import {
  openEnd,
  openStart,
  flagNumber,
  flagOfNumber,
  type FlagChange,
  type FlagReason,
  type LogAction,
  type LogEntry,
  type QualityFlag,
} from '../contracts/quality';
import { readingInfo, type CheckSettings } from '../../shared/readings';
import { isoInstant } from '../../shared/station-time';
import type { Reading } from '../contracts/telemetry';
import { anyCheck, checkPoints, needsHistory, type Point, type Tail } from './checks';
import { StationApprovals, type Painting } from './approvals';
import { codeIndex, suspectFlag } from './flags';
import { column } from './schema';
import { daysOf } from './store';

/** Who made a change, as named at the time. */
export interface Editor {
  id: number;
  name: string;
}

export interface FlagEdit {
  code: string;
  from: number;
  /** Included. */
  to: number;
  flag: QualityFlag;
  note: string;
}

export type FlagEditOutcome =
  { ok: true; changed: FlagChange[]; days: string[]; entry: number | null } | { ok: false; approvedUntil: number };

/** What a batch's checks decided, applied to memory once its transaction has committed. */
export interface ArrivalOutcome {
  /** `${code}|${ts}` of the readings flagged suspect. */
  suspect: Set<string>;
  rowsWritten: number;
  tails: Map<string, Tail | undefined>;
}

interface LogRow extends Record<string, SqlStorageValue> {
  seq: number;
  at: number;
  action: LogAction;
  code: string | null;
  from_ts: number | null;
  to_ts: number | null;
  flag: string | null;
  reason: string | null;
  subject_id: number | null;
  subject_name: string | null;
  note: string | null;
  changes: string | null;
  times: string | null;
}

/** An entry's readings by time: [ts, flag number, reason] (automatic and arrival entries). */
type Timed = [number, number, FlagReason | null];

const correctionActions = new Set<LogAction>(['correct', 'uncorrect']);

const flagKey = (code: string, ts: number) => `${code}|${ts}`;

const insertEntry = `INSERT INTO quality_log (at, action, code, from_ts, to_ts, flag, reason, subject_id, subject_name, note, changes, times)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`;

/** Checks readings that all come after `tail`, and remembers where they end. */
function measureAfter(code: string, settings: CheckSettings, tail: Tail | null, points: Point[], outcome: ArrivalOutcome) {
  const result = checkPoints(settings, tail, points);
  outcome.tails.set(code, result.tail ?? undefined);
  return result.flagged;
}

export class StationQuality {
  private settings: Map<string, CheckSettings> | null = null;
  readonly approvals: StationApprovals;
  /** Per code, what the checks remember of its newest reading; undefined: not known in this instance (read when needed). */
  private readonly tails = new Map<string, Tail | undefined>();
  /** Per code, the latest instant a person's flag edit reached (readings arriving before it may land in an edited range). */
  private edited: Map<string, number> | null = null;

  constructor(private readonly storage: DurableObjectStorage) {
    this.approvals = new StationApprovals(storage);
  }

  private get sql() {
    return this.storage.sql;
  }

  // --- check settings -------------------------------------------------------------------------------------------

  /** The checks in force for a code: the station's own where it set them, else the catalogue's. */
  checksOf(code: string): CheckSettings {
    if (!this.settings) {
      const held = this.storage.kv.get<{ overrides: Record<string, CheckSettings> }>('checks');
      this.settings = new Map(Object.entries(held?.overrides ?? {}));
    }
    return this.settings.get(code) ?? readingInfo(code)!.checks;
  }

  /** Takes a newer revision of the station's check settings (an older one is ignored); returns the revision held. */
  replaceChecks(revision: number, overrides: Record<string, CheckSettings>): number {
    const held = this.storage.kv.get<{ revision: number }>('checks')?.revision ?? 0;
    if (revision <= held) return held;
    this.storage.kv.put('checks', { revision, overrides });
    this.settings = null;
    // The checks now measure differently; what they remember is read again.
    this.tails.clear();
    return revision;
  }

  // --- approvals ------------------------------------------------------------------------------------------------

  /**
   * Paints an approval range (or a withdrawal) over `codes`, logged as one entry when any code was painted (the
   * entry's `changes` name the codes and the level). Must run in a transaction. Answers the codes painted.
   */
  setApproval(painting: Painting): string[] {
    const painted = this.approvals.paint(painting);
    if (!painted.length) return painted;
    const { codes, from, to, level, who, note, now } = painting;
    const code = painted.length === 1 && codes.length === 1 ? painted[0] : null;
    const action = level === null ? 'withdraw' : 'approve';
    // RETURNING leaves the statement open until its row is read.
    this.sql
      .exec(insertEntry, now, action, code, from, to, null, null, who.id, who.name, note, JSON.stringify({ codes: painted, level }), null)
      .one();
    return painted;
  }

  /**
   * Logs a change made beside the flags (a correction added or removed): who, when, the code and range, the note, and
   * what changed (`detail`, JSON). Must run in the change's transaction. Answers the entry's seq.
   */
  logChange(change: {
    action: LogAction;
    code: string;
    from: number;
    to: number | null;
    who: Editor;
    note: string;
    detail: unknown;
    now: number;
  }): number {
    const { action, code, from, to, who, note, detail, now } = change;
    return this.sql
      .exec<{ seq: number }>(insertEntry, now, action, code, from, to, null, null, who.id, who.name, note, JSON.stringify(detail), null)
      .one().seq;
  }

  // --- automatic checks on arrival ----------------------------------------------------------------------------------

  /**
   * Runs the checks on a batch's newly stored readings, inside the batch's transaction: flags the suspect ones (one
   * row each) with one audit log entry per code that flagged something, and records readings that arrived into a
   * range a person flagged (so replaying the log rebuilds their flag too). A clean batch writes nothing. Readings in a
   * maintenance window (`maintained`) are flagged suspect with the reason `maintenance`. `appended`: the batch is newer
   * than every reading stored before it, so none of them lies between or after its readings.
   */
  arrive(
    stored: Reading[],
    now: number,
    { maintained = () => false, appended = false }: { maintained?: (ts: number) => boolean; appended?: boolean } = {},
  ): ArrivalOutcome {
    const outcome: ArrivalOutcome = { suspect: new Set(), rowsWritten: 0, tails: new Map() };
    const byCode = new Map<string, Point[]>();
    for (const { reading, ts, value } of stored) {
      let points = byCode.get(reading);
      if (!points) byCode.set(reading, (points = []));
      points.push({ ts, value });
    }
    for (const [code, points] of byCode) {
      points.sort((a, b) => a.ts - b.ts);
      const settings = this.checksOf(code);
      const checked = anyCheck(settings) ? this.check(code, settings, points, outcome, appended) : [];
      // Readings taken during a maintenance window are suspect whatever the checks say (the checks still see them).
      const maintenance = points.filter((p) => maintained(p.ts)).map((p) => ({ ts: p.ts, reason: 'maintenance' as const }));
      const skip = new Set(maintenance.map((f) => f.ts));
      const flagged = [...maintenance, ...checked.filter((f) => !skip.has(f.ts))].sort((a, b) => a.ts - b.ts);
      const timed: Timed[] = flagged.map((f) => [f.ts, suspectFlag, f.reason]);
      if (timed.length) {
        outcome.rowsWritten += this.record(code, 'auto', 'suspect', timed, now);
        for (const [ts] of timed) outcome.suspect.add(flagKey(code, ts));
      }
      const arrivals = this.intoEditedRanges(code, points, new Set(flagged.map((f) => f.ts)));
      if (arrivals.length) outcome.rowsWritten += this.record(code, 'arrival', 'good', arrivals, now);
    }
    return outcome;
  }

  /** Takes the checks' memory of a committed batch. */
  commit(outcome: ArrivalOutcome | null) {
    if (!outcome) return;
    for (const [code, tail] of outcome.tails) this.tails.set(code, tail);
  }

  /** Readings were stored without checks (a legacy copy): what the checks remember is read again when next needed. */
  forget() {
    this.tails.clear();
  }

  private check(code: string, settings: CheckSettings, points: Point[], outcome: ArrivalOutcome, appended: boolean) {
    if (!needsHistory(settings)) return checkPoints(settings, null, points).flagged;
    const tail = this.tails.get(code);
    // Readings newer than the newest one checked before (nearly every batch): measured from memory, no query.
    if (tail && points[0].ts > tail.ts) return measureAfter(code, settings, tail, points, outcome);
    // A batch newer than everything stored, on an object that has forgotten where the series ends (its first batch,
    // and each of a station reporting every few minutes, as its object goes away in between): measured from the few
    // readings stored before it, as nothing lies among or after its own.
    if (appended) return measureAfter(code, settings, this.storedTail(code, settings, points[0].ts), points, outcome);
    return this.checkAgainstStored(code, settings, points, outcome);
  }

  /** What the checks remember of a code's readings before `first`, read from the few stored last before it. */
  private storedTail(code: string, settings: CheckSettings, first: number) {
    const col = column(code);
    const before = this.sql
      .exec<{ ts: number; value: number }>(
        `SELECT ts, ${col} AS value FROM readings WHERE ts < ? AND ${col} IS NOT NULL ORDER BY ts DESC LIMIT 4`,
        first,
      )
      .toArray()
      .reverse();
    const tail = checkPoints(settings, null, before, () => false).tail;
    if (!tail || settings.flatMinutes === null) return tail;
    // The run of equal values may reach further back than the few readings read.
    const differs = this.sql
      .exec<{ ts: number | null }>(
        `SELECT max(ts) AS ts FROM readings WHERE ts < ? AND ${col} IS NOT NULL AND ${col} <> ?`,
        tail.ts,
        tail.value,
      )
      .one().ts;
    const since = this.sql
      .exec<{ ts: number | null }>(
        `SELECT min(ts) AS ts FROM readings WHERE ts > ? AND ts <= ? AND ${col} IS NOT NULL`,
        differs ?? -1e15,
        tail.ts,
      )
      .one().ts;
    return { ...tail, flatSince: since ?? tail.ts };
  }

  /**
   * A backfill: the readings are checked in the order of everything stored around them (they are stored already),
   * from the few readings before the first of them.
   */
  private checkAgainstStored(code: string, settings: CheckSettings, points: Point[], outcome: ArrivalOutcome) {
    const col = column(code);
    const first = points[0].ts;
    const last = points[points.length - 1].ts;
    const tail = this.storedTail(code, settings, first);
    const span = this.sql
      .exec<{ ts: number; value: number }>(
        `SELECT ts, ${col} AS value FROM readings WHERE ts >= ? AND ts <= ? AND ${col} IS NOT NULL ORDER BY ts`,
        first,
        last,
      )
      .toArray();
    const fresh = new Set(points.map((p) => p.ts));
    const result = checkPoints(settings, tail, span, (p) => fresh.has(p.ts));
    const known = this.tails.get(code);
    if (!known || known.ts <= last) {
      const later = this.sql.exec(`SELECT 1 FROM readings WHERE ts > ? AND ${col} IS NOT NULL LIMIT 1`, last).toArray().length > 0;
      outcome.tails.set(code, later ? undefined : (result.tail ?? undefined));
    }
    return result.flagged;
  }

  private editedUntil(code: string): number {
    this.edited ??= new Map(
      this.sql
        .exec<{ code: string; until: number }>("SELECT code, max(to_ts) AS until FROM quality_log WHERE action = 'flag' GROUP BY code")
        .toArray()
        .map((r) => [r.code, r.until]),
    );
    return this.edited.get(code) ?? -Infinity;
  }

  /** New readings that landed in a range a person flagged before, with the flag they arrived with (good unless the checks said otherwise). */
  private intoEditedRanges(code: string, points: Point[], flagged: Set<number>): Timed[] {
    if (points[0].ts > this.editedUntil(code)) return [];
    const ranges = this.sql
      .exec<{ from_ts: number; to_ts: number }>(
        "SELECT from_ts, to_ts FROM quality_log WHERE action = 'flag' AND code = ? AND from_ts <= ? AND to_ts >= ?",
        code,
        points[points.length - 1].ts,
        points[0].ts,
      )
      .toArray();
    return points
      .filter((p) => !flagged.has(p.ts) && ranges.some((r) => p.ts >= r.from_ts && p.ts <= r.to_ts))
      .map((p): Timed => [p.ts, 0, null]);
  }

  /** Writes an automatic or arrival entry and the flags it sets; returns the rows written. */
  private record(code: string, action: 'auto' | 'arrival', flag: QualityFlag, timed: Timed[], now: number): number {
    const times = timed.map((t) => t[0]);
    const reasons = new Set(timed.map((t) => t[2]));
    const reason = reasons.size === 1 ? timed[0][2] : null;
    const entry = this.sql
      .exec<{ seq: number }>(
        insertEntry,
        now,
        action,
        code,
        Math.min(...times),
        Math.max(...times),
        flag,
        reason,
        null,
        null,
        null,
        null,
        JSON.stringify(timed),
      )
      .one().seq;
    const suspects = timed.filter((t) => t[1] !== 0);
    if (!suspects.length) return 1;
    const written = this.sql.exec(
      'INSERT INTO flags (ts, code, flag, reason, entry) SELECT value ->> 0, ?, value ->> 1, value ->> 2, ? FROM json_each(?) WHERE true ON CONFLICT DO NOTHING',
      codeIndex(code),
      entry,
      JSON.stringify(suspects),
    ).rowsWritten;
    return 1 + written;
  }

  // --- people's flag edits ---------------------------------------------------------------------------------------

  /**
   * Flags every reading of one code in [from, to] as `flag` with a note, in one transaction with its audit log entry;
   * refused when any of it is approved. Answers the local days whose statistics changed, for the roll-up to mark (in
   * the same synchronous step, so the object's write coalescing commits them with the edit).
   */
  flagRange(edit: FlagEdit, who: Editor, now: number, timeZone: string): FlagEditOutcome {
    const locked = this.approvals.lockIn(edit.code, edit.from, edit.to);
    if (locked) return { ok: false, approvedUntil: locked.to };
    const col = column(edit.code);
    const index = codeIndex(edit.code);
    const target = flagNumber[edit.flag];
    return this.storage.transactionSync((): FlagEditOutcome => {
      const readings = this.sql
        .exec<{ ts: number; flag: number }>(
          `SELECT r.ts, coalesce(f.flag, 0) AS flag FROM readings r LEFT JOIN flags f ON f.ts = r.ts AND f.code = ?
           WHERE r.ts >= ? AND r.ts <= ? AND r.${col} IS NOT NULL`,
          index,
          edit.from,
          edit.to,
        )
        .toArray();
      const counts = new Map<number, number>();
      for (const r of readings) counts.set(r.flag, (counts.get(r.flag) ?? 0) + 1);
      const changed = [...counts]
        .filter(([flag]) => flag !== target)
        .sort((a, b) => a[0] - b[0])
        .map(([flag, count]): FlagChange => ({ from: flagOfNumber(flag), count }));
      if (!readings.length) return { ok: true, changed: [], days: [], entry: null };
      const entry = this.sql
        .exec<{ seq: number }>(
          insertEntry,
          now,
          'flag',
          edit.code,
          edit.from,
          edit.to,
          edit.flag,
          'manual',
          who.id,
          who.name,
          edit.note,
          JSON.stringify(changed),
          null,
        )
        .one().seq;
      if (target === 0) this.sql.exec('DELETE FROM flags WHERE code = ? AND ts >= ? AND ts <= ?', index, edit.from, edit.to);
      else {
        this.sql.exec(
          `INSERT INTO flags (ts, code, flag, reason, entry)
           SELECT ts, ?, ?, 'manual', ? FROM readings WHERE ts >= ? AND ts <= ? AND ${col} IS NOT NULL
           ON CONFLICT (ts, code) DO UPDATE SET flag = excluded.flag, reason = excluded.reason, entry = excluded.entry`,
          index,
          target,
          entry,
          edit.from,
          edit.to,
        );
      }
      this.edited?.set(edit.code, Math.max(this.editedUntil(edit.code), edit.to));
      const touched = readings.filter((r) => r.flag !== target).map((r) => r.ts);
      const days = daysOf(touched, timeZone);
      return { ok: true, changed, days, entry };
    });
  }

  // --- reading the flags and the log --------------------------------------------------------------------------------

  /** The readings of a code in [from, to] that are not good, now. */
  flagsNow(code: string, from: number, to: number): { t: number; flag: QualityFlag; reason: FlagReason }[] {
    return this.sql
      .exec<{ ts: number; flag: number; reason: FlagReason }>(
        'SELECT ts, flag, reason FROM flags WHERE ts >= ? AND ts <= ? AND code = ? ORDER BY ts',
        from,
        to,
        codeIndex(code),
      )
      .toArray()
      .map((r) => ({ t: r.ts, flag: flagOfNumber(r.flag), reason: r.reason }));
  }

  /**
   * The flags of a code's readings in [from, to] as they stood at `at`, rebuilt by replaying the audit log up to then:
   * a person's edit sets every reading of its range, an automatic or arrival entry the readings it lists. A reading an
   * entry after `at` lists had not arrived yet and is left out (a reading that arrived flagged, or into an edited
   * range, always has such an entry; any other one arrived good and outside every edit, so no replay flags it wrongly).
   */
  flagsAt(code: string, from: number, to: number, at: number): { t: number; flag: QualityFlag; reason: FlagReason }[] {
    const col = column(code);
    const state = new Map<number, { flag: number; reason: FlagReason }>();
    const entries = this.sql
      .exec<LogRow>(
        "SELECT * FROM quality_log WHERE code = ? AND action IN ('flag', 'auto', 'arrival') AND at <= ? AND from_ts <= ? AND to_ts >= ? ORDER BY seq",
        code,
        at,
        to,
        from,
      )
      .toArray();
    for (const e of entries) {
      if (e.action === 'flag') {
        const flag = flagNumber[e.flag as QualityFlag];
        const start = Math.max(from, e.from_ts!);
        const end = Math.min(to, e.to_ts!);
        for (const { ts } of this.sql.exec<{ ts: number }>(
          `SELECT ts FROM readings WHERE ts >= ? AND ts <= ? AND ${col} IS NOT NULL`,
          start,
          end,
        )) {
          if (flag === 0) state.delete(ts);
          else state.set(ts, { flag, reason: 'manual' });
        }
        continue;
      }
      for (const [ts, flag, reason] of JSON.parse(e.times!) as Timed[]) {
        if (ts < from || ts > to) continue;
        if (flag === 0) state.delete(ts);
        else state.set(ts, { flag, reason: reason! });
      }
    }
    const later = this.sql
      .exec<{ times: string }>(
        "SELECT times FROM quality_log WHERE code = ? AND action IN ('auto', 'arrival') AND at > ? AND from_ts <= ? AND to_ts >= ?",
        code,
        at,
        to,
        from,
      )
      .toArray();
    for (const { times } of later) for (const [ts] of JSON.parse(times) as Timed[]) state.delete(ts);
    return [...state].sort((a, b) => a[0] - b[0]).map(([t, { flag, reason }]) => ({ t, flag: flagOfNumber(flag), reason }));
  }

  /** The audit log, newest first, after `before` (a seq) when given. */
  log(before: number | undefined, limit: number): LogEntry[] {
    return this.sql
      .exec<LogRow>('SELECT * FROM quality_log WHERE seq < ? ORDER BY seq DESC LIMIT ?', before ?? Number.MAX_SAFE_INTEGER, limit)
      .toArray()
      .map(toLogEntry);
  }
}

function toLogEntry(r: LogRow): LogEntry {
  const approval = r.action === 'approve' || r.action === 'withdraw';
  const times = r.times ? (JSON.parse(r.times) as Timed[]) : [];
  const changed = r.action === 'flag' && r.changes ? (JSON.parse(r.changes) as FlagChange[]) : [];
  return {
    seq: r.seq,
    at: isoInstant(r.at),
    action: r.action,
    reading: r.code,
    from: isoInstant(r.from_ts === null || r.from_ts <= openStart ? null : r.from_ts),
    to: isoInstant(r.to_ts === null || r.to_ts >= openEnd ? null : r.to_ts),
    flag: r.flag as QualityFlag | null,
    reason: r.reason as FlagReason | null,
    by: r.subject_id === null ? null : { id: r.subject_id, name: r.subject_name ?? '' },
    note: r.note,
    changed,
    count: r.action === 'flag' ? changed.reduce((n, c) => n + c.count, 0) : approval ? 0 : times.length,
    ...(correctionActions.has(r.action) && r.changes ? { correction: (JSON.parse(r.changes) as { id: number }).id } : {}),
  };
}
