import { DurableObject } from 'cloudflare:workers';
import { rollupSettings } from '../config';
import { contextOf, type Ctx } from '../context';
import { allReadingCodes } from '../contracts/readings';
import { isoInstant } from '../contracts/station-time';
import { sourceRows, type Reading } from '../contracts/telemetry';
import { AlarmDelivery } from '../domain/alarms/delivery';
import { firstMonthOfDays, type Figures } from '../rollup/layout';
import { StationRollup, type FlushOutcome, type RollupRef, type RollupState } from '../rollup/station';
import { AlarmClock } from '../station/alarm-clock';
import { batchOf, indexesOf, type ReadingBatch, type Refusal } from '../station/batch';
import { StationAlarms } from '../station/alarms';
import { FlagCursor, reportsIn } from '../station/flags';
import type { RuleSpec } from '../station/evaluate';
import {
  observationCount,
  observationPage,
  pendingCounts,
  type ObservationRow,
  type PendingCounts,
  type StreamQuery,
} from '../station/observations';
import { previewRule, type RulePreviewOutcome } from '../station/preview';
import { StationQuality, type Editor, type FlagEdit, type FlagEditOutcome } from '../station/quality';
import { figuresOf, migrate, newestTs, selectRange, type StationRef, type StorageFigures } from '../station/schema';
import { rawSeries, SeriesBuilder, type ChartSeries, type SeriesOptions } from '../station/series';
import { storeReadings } from '../station/store';
import { StationWatchers } from '../station/watchers';
import type { LiveMessage } from '../contracts/live';
import type { CheckSettings } from '../contracts/readings';
import type { FlaggedReading, LogEntry } from '../contracts/quality';

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
  /** Set when the batch was refused, stored nothing: its new readings in an approved stretch. */
  refused?: Refusal[];
  /** Rows the batch wrote to the object's storage (D1 is not written on ingest: the roll-up flushes later). */
  rowsWritten: number;
  /** Where the object's time went (ms): the store's transaction with the rules' evaluation, publishing, the rest. */
  timings: { store: number; publish: number; schedule: number };
}

/** How far the copy of an older database's D1 readings got: the last (time, code) copied, and the counts. */
export interface LegacyCursor {
  ts: number;
  reading: string;
  accepted: number;
  duplicates: number;
  done: boolean;
}

/**
 * One station (found by its D1 id, `stationOf`), so stations write in parallel and none passes through a shared
 * object. A thin shell over what runs inside it: the store (raw readings, duplicate check), the roll-up (changed
 * days to D1, worker/rollup/), the alarm rules and the delivery of their transitions, and the live watchers. Its one
 * Durable Object alarm serves the roll-up and the deliveries alike (`AlarmClock`).
 */
export class StationCore extends DurableObject<Cloudflare.Env> {
  private readonly context: Ctx;
  private readonly clock: AlarmClock;
  private readonly rollup: StationRollup;
  private readonly alarms: StationAlarms;
  private readonly delivery: AlarmDelivery;
  private readonly watchers: StationWatchers;
  private readonly quality: StationQuality;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    migrate(ctx.storage);
    this.context = contextOf(env, (work) => this.ctx.waitUntil(work));
    this.clock = new AlarmClock(ctx.storage);
    this.rollup = new StationRollup(ctx.storage, this.context.db, this.clock, rollupSettings(this.context.config), this.context.defer);
    this.alarms = new StationAlarms(ctx.storage);
    this.watchers = new StationWatchers(ctx.storage, env, this.context.defer);
    this.delivery = new AlarmDelivery(this.context, this.alarms, this.clock, (itemId, message) => this.announce(itemId, message));
    this.quality = new StationQuality(ctx.storage);
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  /**
   * Stores a checked batch all-or-nothing in one transaction with the automatic quality checks and the alarm rules'
   * evaluation of its new readings, tells the station's watchers of the new rows, delivers alarm transitions (if any)
   * to D1, and schedules the roll-up's flush (after the reply, or by the alarm when the last flush is less than a
   * period old). A batch with a new reading in an approved stretch is refused whole (approved data are locked).
   */
  async ingest(ref: StationRef, batch: ReadingBatch): Promise<IngestOutcome> {
    const now = Date.now();
    const station = { ...ref, ...this.rollup.remember(ref) };
    let refused: IngestOutcome['refused'];
    const done = this.transaction(() => {
      this.alarms.prime(now);
      const outcome = storeReadings(this.sql, batch, station.timezone);
      const locked = this.quality.inApproved(outcome.stored);
      if (locked.length) {
        refused = this.refusals(batch, locked);
        throw refusal;
      }
      const arrival = outcome.stored.length ? this.quality.arrive(outcome.stored, now) : null;
      return { outcome, arrival, changes: this.alarms.evaluate(outcome.stored, now, arrival?.suspect) };
    });
    if (!done)
      return { accepted: 0, duplicates: 0, rowsWritten: 0, refused, timings: { store: Date.now() - now, publish: 0, schedule: 0 } };
    const { outcome, arrival, changes } = done;
    this.quality.commit(arrival);
    this.alarms.commit(changes);
    this.rollup.changed(outcome.days);
    const stored = Date.now();
    if (outcome.stored.length) this.publish(station, outcome.stored, arrival?.suspect);
    const published = Date.now();
    await Promise.all([this.delivery.pending ? this.delivery.deliver(station.id) : null, this.rollup.schedule(now)]);
    const { accepted, duplicates } = outcome;
    const rowsWritten = outcome.rowsWritten + (arrival?.rowsWritten ?? 0);
    return {
      accepted,
      duplicates,
      rowsWritten,
      timings: { store: stored - now, publish: published - stored, schedule: Date.now() - published },
    };
  }

  /**
   * Which readings of a batch `ingest` would refuse now: new ones in an approved stretch (batch indexes). Stores
   * nothing; a request for several stations asks each first, so that it stores at all only if none refuses.
   */
  approvalConflicts(ref: StationRef, batch: ReadingBatch): Refusal[] {
    const approved = (i: number) => batch.ts[i] < (this.quality.approvedUntil(batch.codes[batch.code[i]]) ?? -Infinity);
    if (!batch.ts.some((_, i) => approved(i))) return [];
    let conflicts: Refusal[] = [];
    // Stored and undone: the same rule as `ingest`, duplicates and all.
    this.transaction(() => {
      conflicts = this.refusals(batch, this.quality.inApproved(storeReadings(this.sql, batch, ref.timezone).stored));
      throw refusal;
    });
    return conflicts;
  }

  private refusals(batch: ReadingBatch, locked: Reading[]): Refusal[] {
    return indexesOf(batch, locked).map((index) => ({ index, approvedUntil: this.quality.approvedUntil(batch.codes[batch.code[index]])! }));
  }

  /** Runs `work` in one transaction; null when it threw `refusal` (everything it did is undone). */
  private transaction<T>(work: () => T): T | null {
    try {
      return this.ctx.storage.transactionSync(work);
    } catch (err) {
      if (err === refusal) return null;
      throw err;
    }
  }

  /** The object's one alarm: every duty that waits for it (a flush, alarm transitions to deliver) runs. */
  async alarm() {
    this.clock.rang();
    await Promise.all([this.delivery.onAlarm(this.rollup.ref?.id), this.rollup.onAlarm()]);
  }

  private publish(station: StationRef, stored: Reading[], suspect?: ReadonlySet<string>) {
    this.watchers.tell(station.id, () => ({
      type: 'readings',
      unique_id: station.uniqueId,
      source: station.source,
      last_update: isoInstant(newestTs(this.sql)!),
      // Rows as the chart's, a suspect one marked with `flag` (the page draws it apart).
      rows: sourceRows(station.source, stored).map((row, i): Record<string, string | number> =>
        suspect?.has(`${stored[i].reading}|${stored[i].ts}`) ? { ...row, flag: 'suspect' } : row,
      ),
    }));
  }

  /** Tells the station's live watchers of an alarm change made elsewhere (an acknowledgement, a deleted rule). */
  announce(itemId: number, message: LiveMessage) {
    this.watchers.tell(itemId, () => message);
  }

  /** Registers a subject's live watcher for this station's new rows. */
  watch(subjectId: number) {
    this.watchers.watch(subjectId);
  }

  /** Registers a share link's object (by its secret's hash) for this station's new readings. */
  watchLink(link: string) {
    this.watchers.watchLink(link);
  }

  private rowsIn(start: number, end: number) {
    return this.sql.exec(selectRange, start, end).raw<(number | null)[]>();
  }

  /**
   * The station's readings in [start, end), read in one pass with their flags: downsampled here when a reading has more
   * points than asked, readings that add up totalled per period when asked, rejected readings left out (and, when
   * asked, the flagged ones sent apart with how far each reading is approved).
   */
  series(start: number, end: number, options: SeriesOptions = {}): ChartSeries & { approved?: Record<string, string> } {
    const builder = new SeriesBuilder(allReadingCodes, start, end, options);
    for (const { row, flags } of reportsIn(this.sql, start, end)) builder.add(row, flags);
    const result = builder.result();
    return options.flagged ? { ...result, approved: this.approved(options.codes ?? allReadingCodes) } : result;
  }

  /** Every raw reading in [start, end) per code with its flag (rejected ones left out if asked), or null when there are more than `limit`. */
  readings(start: number, end: number, limit: number, withoutRejected = false) {
    const cursor = new FlagCursor(this.sql, start, end);
    const data = rawSeries(allReadingCodes, this.rowsIn(start, end), limit, {
      flagsAt: cursor.empty ? undefined : (ts) => cursor.at(ts),
      withoutRejected,
    });
    return data && { data, approved: this.approved(allReadingCodes) };
  }

  /** Per code with an approval, the instant (ISO) up to which its data are approved. */
  private approved(codes: readonly string[]): Record<string, string> {
    return Object.fromEntries(this.quality.approvalsOf(codes).flatMap((a) => (a.approved_until ? [[a.reading, a.approved_until]] : [])));
  }

  // The roll-up (worker/rollup/station.ts).

  /** Flushes the changed days now (the cron's retry of a failing station); null when it failed (recorded, retried). */
  flush(station: RollupRef): Promise<FlushOutcome | null> {
    return this.rollup.flushSafely(station, true);
  }

  /**
   * Marks station-local days for re-roll (their statistics changed without new readings: quality flags, say) and
   * schedules a flush as new readings do.
   */
  touch(days: string[]): Promise<void> {
    return this.rollup.touch(days);
  }

  /** Tells the object of a station edit (a new zone or source reckons every day anew at the next flush). */
  async rezone(station: RollupRef) {
    this.rollup.remember(station, true);
    await this.rollup.schedule();
  }

  /** The daily reconciliation: flushes if D1's newest day (`known`) lacks anything this object holds. */
  reconcile(station: RollupRef, known: { day: string | null; count: number }): Promise<FlushOutcome | null> {
    return this.rollup.reconcile(station, known);
  }

  /** Where the roll-up stands, once a flush under way has ended. */
  rollupState(): Promise<RollupState> {
    return this.rollup.state();
  }

  /**
   * Figures of local days `from`..`to` from raw readings, with the wettest day of codes that add up: the part of a
   * folded month a range covers (D1 holds the month whole).
   */
  rangeFigures(from: string, to: string): Figures {
    return this.rollup.rangeFigures(from, to);
  }

  /** Where the copy of legacy D1 readings stands (see `copyLegacyStep`). */
  legacyCursor(): LegacyCursor {
    return this.ctx.storage.kv.get<LegacyCursor>('legacy') ?? { ts: -1, reading: '', accepted: 0, duplicates: 0, done: false };
  }

  /**
   * Stores a slice of legacy readings (in (time, code) order) and moves the copy's cursor in the same
   * transaction, so repeating a step stores nothing twice and skipping one is impossible.
   */
  async importLegacy(ref: StationRef, readings: Reading[], last: boolean) {
    const station = { ...ref, ...this.rollup.remember(ref) };
    const outcome = this.ctx.storage.transactionSync(() => {
      const cursor = this.legacyCursor();
      const stored = storeReadings(this.sql, batchOf(readings), station.timezone);
      const end = readings.at(-1);
      this.ctx.storage.kv.put('legacy', {
        ts: end?.ts ?? cursor.ts,
        reading: end?.reading ?? cursor.reading,
        accepted: cursor.accepted + stored.accepted,
        duplicates: cursor.duplicates + stored.duplicates,
        done: last,
      } satisfies LegacyCursor);
      return stored;
    });
    this.alarms.forgetNewest();
    this.quality.forget();
    this.rollup.changed(outcome.days);
    await this.rollup.schedule();
  }

  // Alarm rules.

  /**
   * Takes a revision of the station's alarm rules (pushed by the API after a change, or by the cron when a push
   * failed); an older revision than the one held is ignored. Returns the revision held.
   */
  setAlarmRules(revision: number, specs: RuleSpec[]): number {
    return this.alarms.replace(revision, specs);
  }

  /**
   * The cron's no-data check: fires the no-data rules whose silence passed before `now` and delivers what fired.
   * Returns how many fired.
   */
  async checkSilence(station: RollupRef, now: number): Promise<number> {
    this.rollup.remember(station, true);
    const fired = this.alarms.checkSilence(now);
    if (this.delivery.pending) await this.delivery.deliver(station.id);
    return fired;
  }

  /** How a rule would have fired over [from, to) of this station's readings (the rules tab's preview). */
  previewRule(spec: RuleSpec, from: number, to: number): RulePreviewOutcome {
    return previewRule(this.sql, spec, from, to);
  }

  /** How much the station holds: reports, readings, bytes on disk and its time span. */
  figures(): StorageFigures {
    return figuresOf(this.sql);
  }

  // The SensorThings API's reads (worker/sta/, station/observations.ts): pages and counts of the readings, no writes.

  /** A page of observations per query, each continuing from its cursor (keyset), so a deep page costs what the first does. */
  observationPages(queries: StreamQuery[]): ObservationRow[][] {
    return queries.map((query) => observationPage(this.sql, query));
  }

  /** How many observations match each query's filter. */
  observationCounts(queries: Pick<StreamQuery, 'station' | 'codes' | 'filter'>[]): number[] {
    return queries.map((query) => observationCount(this.sql, query));
  }

  /** The readings per code of the days (and folded months) D1's roll-up may not hold yet, so a count can be exact. */
  pendingObservations(): PendingCounts {
    const { kv } = this.ctx.storage;
    const monthsBefore = firstMonthOfDays(Date.now(), this.context.config.ROLLUP_FOLD_AFTER_DAYS);
    return pendingCounts(this.sql, kv.get<string>('zone'), kv.get<boolean>('replace-all') === true, monthsBefore);
  }

  // Data quality (worker/station/quality.ts, decision 0016): thin calls into the station's StationQuality.

  /** Takes a revision of the station's automatic check settings (an older one is ignored); returns the revision held. */
  setQualityChecks(revision: number, overrides: Record<string, CheckSettings>): number {
    return this.quality.replaceChecks(revision, overrides);
  }

  /** A person's flag edit of one code over a range; the days whose statistics it changed are re-rolled. */
  async flagRange(ref: StationRef, edit: FlagEdit, who: Editor): Promise<FlagEditOutcome> {
    const station = this.rollup.remember(ref);
    const outcome = this.quality.flagRange(edit, who, Date.now(), station.timezone);
    if (outcome.ok) await this.rollup.touch(outcome.days);
    return outcome;
  }

  /** Approves (up to `until`) or withdraws (back to `until`, or entirely with null) the approval of `codes`. */
  setApproval(change: {
    codes: readonly string[];
    until: number | null;
    action: 'approve' | 'withdraw';
    who: Editor;
    note: string | null;
  }) {
    this.ctx.storage.transactionSync(() => this.quality.setApproval({ ...change, now: Date.now() }));
    return this.quality.approvalsOf(change.codes);
  }

  /** How far each of `codes` is approved. */
  approvals(codes: readonly string[]) {
    return this.quality.approvalsOf(codes);
  }

  /** The audit log, newest first. */
  qualityLog(before: number | undefined, limit: number): LogEntry[] {
    return this.quality.log(before, limit);
  }

  /** A code's readings in [from, to] that are not good, now or as they stood at `at` (replayed from the audit log). */
  qualityFlags(code: string, from: number, to: number, at?: number): FlaggedReading[] {
    return (at === undefined ? this.quality.flagsNow(code, from, to) : this.quality.flagsAt(code, from, to, at)).filter(
      (f): f is FlaggedReading => f.flag !== 'good',
    );
  }
}

/** Thrown inside an ingest transaction to undo a refused batch. */
const refusal = new Error('batch refused');
