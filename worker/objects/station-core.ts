import { DurableObject } from 'cloudflare:workers';
import { rollupSettings } from '../config';
import { contextOf, type Ctx } from '../context';
import { allReadingCodes } from '../contracts/readings';
import { addDays, isoInstant } from '../contracts/station-time';
import { sourceRows, type Columns, type Reading } from '../contracts/telemetry';
import { AlarmDelivery } from '../domain/alarms/delivery';
import { firstMonthOfDays, mergeFigures, withPeaks, type Figures } from '../rollup/layout';
import { StationRollup, type FlushOutcome, type RollupRef, type RollupState } from '../rollup/station';
import { AlarmClock } from '../station/alarm-clock';
import { StationAlarms } from '../station/alarms';
import { statsOfDay } from '../station/day-stats';
import type { RuleSpec } from '../station/evaluate';
import { observationCount, observationPage, pendingCounts, type ObservationRow, type PendingCounts, type StreamQuery } from '../station/observations';
import { previewRule, type RulePreviewOutcome } from '../station/preview';
import { figuresOf, migrate, newestTs, selectRange, type StationRef, type StorageFigures } from '../station/schema';
import { rawSeries, SeriesBuilder, type ChartSeries, type SeriesOptions } from '../station/series';
import { storeReadings } from '../station/store';
import { StationWatchers } from '../station/watchers';
import type { LiveMessage } from '../contracts/live';

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
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

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    migrate(ctx.storage);
    this.context = contextOf(env, (work) => this.ctx.waitUntil(work));
    this.clock = new AlarmClock(ctx.storage);
    this.rollup = new StationRollup(ctx.storage, this.context.db, this.clock, rollupSettings(this.context.config), this.context.defer);
    this.alarms = new StationAlarms(ctx.storage);
    this.watchers = new StationWatchers(ctx.storage, env, this.context.defer);
    this.delivery = new AlarmDelivery(this.context, this.alarms, this.clock, (itemId, message) => this.announce(itemId, message));
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  /**
   * Stores a checked batch all-or-nothing in one transaction with the alarm rules' evaluation of its new readings,
   * tells the station's watchers of the new rows, delivers alarm transitions (if any) to D1, and schedules the
   * roll-up's flush (after the reply, or by the alarm when the last flush is less than a period old).
   */
  async ingest(ref: StationRef, readings: Reading[]): Promise<IngestOutcome> {
    const now = Date.now();
    const station = { ...ref, ...this.rollup.remember(ref) };
    const { outcome, changes } = this.ctx.storage.transactionSync(() => {
      this.alarms.prime();
      const outcome = storeReadings(this.sql, readings, station.timezone);
      return { outcome, changes: this.alarms.evaluate(outcome.stored, now) };
    });
    this.alarms.commit(changes);
    this.rollup.changed(outcome.days);
    const stored = Date.now();
    if (outcome.stored.length) this.publish(station, outcome.stored);
    const published = Date.now();
    await Promise.all([this.delivery.pending ? this.delivery.deliver(station.id) : null, this.rollup.schedule(now)]);
    const { accepted, duplicates, rowsWritten } = outcome;
    return { accepted, duplicates, rowsWritten, timings: { store: stored - now, publish: published - stored, schedule: Date.now() - published } };
  }

  /** The object's one alarm: every duty that waits for it (a flush, alarm transitions to deliver) runs. */
  async alarm() {
    this.clock.rang();
    await Promise.all([this.delivery.onAlarm(this.rollup.ref?.id), this.rollup.onAlarm()]);
  }

  private publish(station: StationRef, stored: Reading[]) {
    this.watchers.tell(station.id, () => ({
      type: 'readings',
      unique_id: station.uniqueId,
      source: station.source,
      last_update: isoInstant(newestTs(this.sql)!),
      rows: sourceRows(station.source, stored),
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
   * The station's readings in [start, end), read in one pass: downsampled here when a reading has more points than
   * asked, readings that add up totalled per period when asked.
   */
  series(start: number, end: number, options: SeriesOptions = {}): ChartSeries {
    const builder = new SeriesBuilder(allReadingCodes, start, end, options);
    for (const row of this.rowsIn(start, end)) builder.add(row);
    return builder.result();
  }

  /** Every raw reading in [start, end) per code, or null when there are more than `limit`. */
  readings(start: number, end: number, limit: number): Record<string, Columns> | null {
    return rawSeries(allReadingCodes, this.rowsIn(start, end), limit);
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
    const timeZone = this.rollup.ref?.timezone;
    const figures: Figures = {};
    if (!timeZone) return figures;
    for (let day = from; day <= to; day = addDays(day, 1)) {
      const stats = statsOfDay(this.sql, day, timeZone);
      mergeFigures(figures, withPeaks(day, Object.fromEntries(stats.map(({ reading, day: _, ...f }) => [reading, f]))));
    }
    return figures;
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
      const stored = storeReadings(this.sql, readings, station.timezone);
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
}
