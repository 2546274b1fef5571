/**
 * A station's part in the roll-up, inside its Durable Object (docs/decisions/0015): the station-local days its
 * readings changed since they last reached D1 (`dirty_days`), when to flush them, the flush itself (one D1 batch,
 * one row per station-day), retries with back-off when D1 refuses, and the zone and source its rows follow.
 * Nothing is written to D1 on ingest; nothing is written to the object's storage per report beyond the reading (the
 * newest day keeps its mark, decision 0013; the alarm is set only when a flush must wait).
 */
import type { RollupSettings } from '../config';
import type { Source } from '../../shared/readings';
import { isCalendarDay } from '../../shared/calendar';
import { addDays, dayBounds, localDay } from '../../shared/station-time';
import type { AlarmClock } from './alarm-clock';
import { dischargeOfDay, figuresOfDay } from './day-stats';
import { markDays, markedDays, newestTs } from './schema';
import {
  dayKey,
  dischargeCodeOf,
  firstDayOf,
  firstMonthOfDays,
  lastDayOf,
  mergeFigures,
  monthKey,
  monthOf,
  withPeaks,
  type DischargeDay,
  type Figures,
  type RollupRow,
  type RollupWrite,
} from '../db/rollup-layout';

/** The roll-up's D1 statements (worker/db/daily-stats.ts), handed in by the object. */
export interface RollupSink {
  write(write: RollupWrite): Promise<number>;
  recordFailure(failure: { itemId: number; error: string; now: number }): Promise<unknown>;
}

/** What a station's rows follow: its D1 id, the zone its days are reckoned in and the source its slots hold. */
export interface RollupRef {
  id: number;
  timezone: string;
  source: Source;
}

export interface FlushOutcome {
  /** Station-days and folded months written (or deleted, when nothing was left of them). */
  days: number;
  months: number;
  /** Rows the flush wrote to D1. */
  d1RowsWritten: number;
  /** Rows it wrote to the object's own storage (day marks cleared). */
  objectRowsWritten: number;
}

/** What the object tells of its roll-up (for the health of one station, the benchmarks and the tests). */
export interface RollupState {
  /** Days marked for the next flush (the newest day keeps its mark). */
  marked: string[];
  /** Whether D1 holds everything this instance stored (false when unknown, as in a fresh instance). */
  clean: boolean;
  /** When the flush is due (its alarm), null when none waits. */
  dueAt: number | null;
  lastFlush: number | null;
  /** Consecutive failed flushes, as the object's storage holds them. */
  failures: number;
  /** Since this instance started: flushes and the rows they wrote. */
  flushes: number;
  d1RowsWritten: number;
  objectRowsWritten: number;
}

const emptyOutcome: FlushOutcome = { days: 0, months: 0, d1RowsWritten: 0, objectRowsWritten: 0 };

/** Waits before retrying a failed flush: 30 s doubling to an hour. */
export const retryDelayMs = (failures: number) => Math.min(3_600_000, 30_000 * 2 ** Math.max(0, failures - 1));

export class StationRollup {
  /** When this instance last flushed (0: not yet); the testing facet moves it back as time passing would. */
  lastFlush = 0;
  /** D1 holds every change this instance stored; a fresh instance does not know, so it flushes at its first chance. */
  private clean = false;
  private dueAt: number | null = null;
  private flushing: { touched: Set<string>; done: Promise<FlushOutcome> } | null = null;
  /**
   * The newest day, when this instance wrote it and nothing changed it since: it kept its mark (0013), and the first
   * flush after the station moves on to the next day clears that mark without writing the same row again.
   */
  private writtenNewest: string | null = null;
  /** A flush scheduled for right after the reply, not started yet. */
  private soon: Promise<unknown> | null = null;
  private failures: number | undefined;
  /** The station as its storage holds it, once `remember` has read or written it. */
  private held: RollupRef | null = null;
  private readonly totals = { flushes: 0, d1RowsWritten: 0, objectRowsWritten: 0 };

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly d1: RollupSink,
    private readonly clock: AlarmClock,
    private readonly settings: RollupSettings,
    /** Keeps work running after the reply (the object's `waitUntil`). */
    private readonly defer: (work: Promise<unknown>) => void,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** The station as the last call that brought it told; undefined before any did. */
  get ref(): RollupRef | undefined {
    const { kv } = this.storage;
    const id = kv.get<number>('item');
    const timezone = kv.get<string>('zone');
    const source = kv.get<Source>('source');
    return id === undefined || timezone === undefined || source === undefined ? undefined : { id, timezone, source };
  }

  private get failing(): number {
    this.failures ??= this.storage.kv.get<number>('rollup-failing') ?? 0;
    return this.failures;
  }

  /**
   * Keeps the station's D1 id, zone and source, and answers the zone and source its days and rows follow. A new zone
   * or source is taken only from D1 itself (`authoritative`: a station edit, the cron): a caller that trusted a
   * cached station (ingest, for a minute) must not flip them back. When they change, every local day with readings
   * is reckoned anew and the next flush replaces all of the station's rows.
   */
  remember(ref: RollupRef, authoritative = false): RollupRef {
    // The station as stored, once read here: a batch that brings the same costs no storage read.
    const held = this.held;
    if (held && held.id === ref.id && held.timezone === ref.timezone && held.source === ref.source) return ref;
    const { kv } = this.storage;
    if (kv.get<number>('item') !== ref.id) kv.put('item', ref.id);
    const zone = kv.get<string>('zone');
    const source = kv.get<Source>('source');
    if (zone === ref.timezone && source === ref.source) {
      this.held = ref;
      return ref;
    }
    if (zone !== undefined && source !== undefined && !authoritative) return { id: ref.id, timezone: zone, source };
    this.storage.transactionSync(() => {
      // An object of before migration 0007 knew its zone but not its source: nothing to reckon anew for that.
      if (zone !== undefined && (zone !== ref.timezone || (source !== undefined && source !== ref.source))) {
        this.markEveryDay(ref.timezone);
        kv.put('replace-all', true);
        this.clean = false;
      }
      kv.put('zone', ref.timezone);
      kv.put('source', ref.source);
    });
    this.held = ref;
    return ref;
  }

  private markEveryDay(timeZone: string) {
    const { firstTs, lastTs } = this.sql
      .exec<{ firstTs: number | null; lastTs: number | null }>('SELECT min(ts) AS firstTs, max(ts) AS lastTs FROM readings')
      .one();
    this.sql.exec('DELETE FROM dirty_days');
    this.writtenNewest = null;
    if (firstTs === null || lastTs === null) return;
    const last = localDay(lastTs, timeZone);
    for (let day = localDay(firstTs, timeZone); day <= last; day = addDays(day, 1)) {
      const { start, end } = dayBounds(day, timeZone);
      if (this.sql.exec('SELECT 1 FROM readings WHERE ts >= ? AND ts < ? LIMIT 1', start, end).toArray().length) {
        this.sql.exec('INSERT INTO dirty_days (day) VALUES (?)', day);
      }
    }
  }

  /**
   * After a store, before any await (a flush ending meanwhile must count these days as changed during it, not clear
   * their marks). The marks themselves were written with the readings.
   */
  changed(days: string[]) {
    if (!days.length) return;
    for (const day of days) this.flushing?.touched.add(day);
    if (this.writtenNewest !== null && days.includes(this.writtenNewest)) this.writtenNewest = null;
    this.clean = false;
  }

  /** Marks days for a flush (their statistics changed without new readings, e.g. quality flags) and schedules it. */
  async touch(days: string[]) {
    if (!days.length) return;
    markDays(this.sql, days);
    this.changed(days);
    await this.schedule();
  }

  /**
   * Schedules the flush of what changed: right after the reply when the last flush is at least a period old, else
   * by the object's alarm at the last flush + the period (coalescing the reports in between). A failing station
   * waits for its back-off.
   */
  async schedule(now = Date.now()) {
    if (this.clean) return;
    const due = this.flushing ? now : this.lastFlush + this.settings.periodMs;
    const retryAt = this.failing ? this.lastFlush + retryDelayMs(this.failing) : 0;
    if (!this.flushing && now >= due && now >= retryAt) {
      if (this.soon) return;
      // After the reply: the flush starts once the call that stored has answered.
      const soon: Promise<unknown> = new Promise((resolve) => setTimeout(resolve, 0))
        .then(() => this.flushSafely())
        .finally(() => {
          if (this.soon === soon) this.soon = null;
        });
      this.soon = soon;
      this.defer(soon);
      return;
    }
    await this.arm(Math.max(this.lastFlush + this.settings.periodMs, retryAt));
  }

  private async arm(at: number) {
    if (this.dueAt !== null && this.dueAt <= at) return;
    this.dueAt = at;
    await this.clock.wake(at);
  }

  /**
   * The object's alarm rang (for this duty or another: one alarm serves them all): flushes what waits. Ringing
   * early for another duty only brings a flush forward.
   */
  async onAlarm() {
    this.dueAt = null;
    while (this.flushing) await this.flushing.done.catch(() => undefined);
    if (this.clean) return;
    await this.flushSafely();
  }

  /**
   * A flush whose failure is recorded (in D1, best effort, for the health call and the cron) and retried from the
   * object's alarm with back-off; it never throws, so one station's failure touches nobody else.
   */
  async flushSafely(ref = this.ref, listed = false): Promise<FlushOutcome | null> {
    try {
      return await this.flush(ref, listed);
    } catch (err) {
      const failures = this.failing + 1;
      this.failures = failures;
      this.storage.kv.put('rollup-failing', failures);
      const error = err instanceof Error ? err.message : String(err);
      console.error('roll-up of station failed; retrying from its alarm', ref?.id, error);
      if (ref) await this.d1.recordFailure({ itemId: ref.id, error, now: Date.now() }).catch(() => undefined);
      await this.arm(this.lastFlush + retryDelayMs(failures)).catch(() => undefined);
      return null;
    }
  }

  /**
   * Writes the statistics of every day that changed into D1 in one batch (a folded month's as its month row, a day
   * left without readings deleted); the marks are cleared only once D1 has them, but for the newest day's.
   */
  async flush(ref = this.ref, listed = false): Promise<FlushOutcome> {
    // One at a time: a flush asked for meanwhile waits for it and then writes what changed during it.
    while (this.flushing) {
      await this.flushing.done.catch(() => undefined);
      if (this.clean) return emptyOutcome;
    }
    if (!ref) return emptyOutcome;
    ref = this.remember(ref, true);
    const now = Date.now();
    this.lastFlush = now;
    const { timezone: timeZone } = ref;
    const replaceAll = this.storage.kv.get<boolean>('replace-all') === true;
    const days = markedDays(this.sql);
    const notADay = days.find((day) => !isCalendarDay(day));
    if (notADay !== undefined) throw new Error(`a marked day is no calendar day: ${JSON.stringify(notADay)}`);
    const daysFrom = firstMonthOfDays(now, this.settings.foldAfterDays);
    const dayRows: RollupRow[] = [];
    const emptyDays: number[] = [];
    const months = new Set<string>();
    // Discharge has day rows of its own, folded month or not (docs/ratings.md).
    const dischargeCode = dischargeCodeOf(ref.source);
    const discharge: DischargeDay[] = [];
    const noDischarge: number[] = [];
    const keepDischarge = (day: string, figures: Figures) => {
      const key = dayKey(ref.id, day);
      const f = dischargeOfDay(figures, dischargeCode, day, timeZone);
      if (f) discharge.push({ key, figures: f });
      else noDischarge.push(key);
    };
    for (const day of days) {
      if (monthOf(day) < daysFrom) {
        months.add(monthOf(day));
        keepDischarge(day, figuresOfDay(this.sql, day, timeZone));
      } else if (day === this.writtenNewest && !replaceAll) continue;
      else {
        const figures = figuresOfDay(this.sql, day, timeZone);
        keepDischarge(day, figures);
        if (Object.keys(figures).length) dayRows.push({ key: dayKey(ref.id, day), codes: figures });
        else emptyDays.push(dayKey(ref.id, day));
      }
    }
    const monthRows: RollupRow[] = [];
    const emptyMonths: string[] = [];
    for (const month of months) {
      const figures = this.figuresOver(firstDayOf(month), lastDayOf(month), timeZone);
      if (Object.keys(figures).length) monthRows.push({ key: monthKey(ref.id, month), codes: figures });
      else emptyMonths.push(month);
    }
    // A station on D1's list of failing roll-ups (its own failure, or the cron's retry of one listed) leaves it.
    const failing = this.failing > 0 || listed;
    const touched = new Set<string>();
    const done = (async (): Promise<FlushOutcome> => {
      const d1RowsWritten = await this.d1.write({
        itemId: ref.id,
        source: ref.source,
        days: dayRows,
        months: monthRows,
        emptyDays,
        emptyMonths,
        discharge,
        noDischarge,
        replaceAll,
        clearFailure: failing,
      });
      // The newest day keeps its mark: the next report most likely lands in it, and finding the mark there costs
      // that report no write, nor this flush one to clear it (decision 0013).
      const newest = newestTs(this.sql);
      const newestDay = newest === null ? null : localDay(newest, timeZone);
      const settled = days.filter((d) => !touched.has(d) && d !== newestDay);
      this.writtenNewest = newestDay !== null && !touched.has(newestDay) ? newestDay : null;
      const cleared = settled.length ? markDays(this.sql, settled, false) : 0;
      if (replaceAll) this.storage.kv.delete('replace-all');
      if (this.failing > 0) {
        this.storage.kv.delete('rollup-failing');
        this.failures = 0;
      }
      return {
        days: dayRows.length + emptyDays.length,
        months: monthRows.length + emptyMonths.length,
        d1RowsWritten,
        objectRowsWritten: cleared,
      };
    })();
    this.flushing = { touched, done };
    try {
      const outcome = await done;
      this.totals.flushes++;
      this.totals.d1RowsWritten += outcome.d1RowsWritten;
      this.totals.objectRowsWritten += outcome.objectRowsWritten;
      this.clean = touched.size === 0;
      if (this.clean) this.dueAt = null;
      return outcome;
    } finally {
      this.flushing = null;
      // Days stored while D1 was being written wait for the next period.
      if (touched.size) await this.schedule().catch(() => undefined);
    }
  }

  /**
   * The daily reconciliation: flushes now when D1 may lack something this object holds (a flush waiting for its
   * period, a day marked other than the newest, a zone change, or a newest day whose readings D1 counts
   * differently, as after a restart between a store and its flush). `known` is D1's newest day row.
   */
  async reconcile(ref: RollupRef, known: { day: string | null; count: number }): Promise<FlushOutcome | null> {
    ref = this.remember(ref, true);
    await this.soon;
    while (this.flushing) await this.flushing.done.catch(() => undefined);
    const newest = newestTs(this.sql);
    if (newest === null) return null;
    const newestDay = localDay(newest, ref.timezone);
    const marked = markedDays(this.sql);
    const folded = monthOf(newestDay) < firstMonthOfDays(Date.now(), this.settings.foldAfterDays);
    const behind =
      this.dueAt !== null ||
      // A fresh instance does not know why its alarm is set: a flush may wait for it.
      (!this.lastFlush && (await this.storage.getAlarm()) !== null) ||
      this.storage.kv.get<boolean>('replace-all') === true ||
      marked.some((day) => day !== newestDay) ||
      (!folded &&
        (known.day !== newestDay ||
          Object.values(figuresOfDay(this.sql, newestDay, ref.timezone)).reduce((n, f) => n + f.count, 0) !== known.count));
    if (!behind) {
      this.clean = true;
      return null;
    }
    // D1 may lack what this instance believes it wrote: the reconciliation writes the newest day again.
    this.writtenNewest = null;
    const outcome = await this.flushSafely(ref);
    if (!outcome) throw new Error('roll-up failed (recorded; retried from the alarm)');
    return outcome;
  }

  /**
   * Figures of local days `from`..`to` from raw readings, with the wettest day of codes that add up: a folded month,
   * or the part of one a range covers (D1 holds the month whole). Empty before any call told the station's zone.
   */
  rangeFigures(from: string, to: string): Figures {
    const timeZone = this.ref?.timezone;
    return timeZone ? this.figuresOver(from, to, timeZone) : {};
  }

  private figuresOver(from: string, to: string, timeZone: string): Figures {
    const figures: Figures = {};
    for (let day = from; day <= to; day = addDays(day, 1)) mergeFigures(figures, withPeaks(day, figuresOfDay(this.sql, day, timeZone)));
    return figures;
  }

  /** Waits for a flush under way; then tells where the roll-up stands. */
  async state(): Promise<RollupState> {
    await this.soon;
    await this.flushing?.done.catch(() => undefined);
    return {
      marked: markedDays(this.sql),
      clean: this.clean,
      dueAt: this.dueAt,
      lastFlush: this.lastFlush || null,
      failures: this.storage.kv.get<number>('rollup-failing') ?? 0,
      ...this.totals,
    };
  }
}
