import { DurableObject } from 'cloudflare:workers';
import { contextOf, type Ctx } from '../context';
import type { LiveMessage } from '../contracts/live';
import { allReadingCodes } from '../contracts/readings';
import { isoInstant } from '../contracts/station-time';
import { sourceRows, type Reading } from '../contracts/telemetry';
import { applyTransition, sendNotice } from '../domain/alarms/transitions';
import { watcherOf } from '../live/directory';
import { shareLinkOf } from '../share/directory';
import { StationAlarms } from '../station/alarms';
import type { RuleSpec } from '../station/evaluate';
import { previewRule, type RulePreviewOutcome } from '../station/preview';
import { StationRollup, type FlushOutcome } from '../station/rollup';
import { figuresOf, migrate, newestTs, selectRange, type StationRef, type StorageFigures } from '../station/schema';
import { FlagCursor, reportsIn } from '../station/flags';
import { StationQuality, type Editor, type FlagEdit, type FlagEditOutcome } from '../station/quality';
import { rawSeries, SeriesBuilder, type ChartSeries, type SeriesOptions } from '../station/series';
import { storeReadings } from '../station/store';
import type { CheckSettings } from '../contracts/readings';
import type { FlaggedReading, LogEntry } from '../contracts/quality';
import { observationCount, observationPage, pendingCounts, type ObservationRow, type PendingCounts, type StreamQuery } from '../station/observations';

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
  /** Set when the batch was refused, stored nothing: the indexes of new readings in an approved stretch, with its end. */
  refused?: { index: number; approvedUntil: number }[];
  /** Rows the batch wrote: to the object's storage, and to D1 (the roll-up mark, when the object became dirty). */
  rowsWritten: number;
  d1RowsWritten: number;
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
 * One station's raw readings (its whole history), the duplicate check, the station-local days waiting for the
 * roll-up, its alarm rules with their state, and the live watchers to tell of new rows and alarm changes. Found
 * by the station's D1 id (`stationOf`), so stations write in parallel and none of them passes through a shared object.
 */
export class StationCore extends DurableObject<Cloudflare.Env> {
  private readonly context: Ctx;
  private readonly rollup: StationRollup;
  private readonly alarms: StationAlarms;
  private readonly quality: StationQuality;
  /** The delivery of alarm transitions to D1 under way; one at a time, so they arrive in order. */
  private delivering: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    migrate(ctx.storage);
    this.context = contextOf(env, (work) => this.ctx.waitUntil(work));
    this.rollup = new StationRollup(ctx.storage, this.context.db);
    this.alarms = new StationAlarms(ctx.storage);
    this.quality = new StationQuality(ctx.storage);
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  /**
   * Stores a checked batch all-or-nothing in one transaction with the automatic quality checks and the alarm rules'
   * evaluation of its new readings, tells the station's watchers of the new rows, delivers alarm transitions (if any)
   * to D1, and marks the station in D1 for the roll-up when it was clean: D1 is written once per roll-up period, not
   * once per batch. A batch with a new reading in an approved stretch is refused whole (approved data are locked).
   */
  async ingest(station: StationRef, readings: Reading[]): Promise<IngestOutcome> {
    this.rollup.remember(station.id, station.timezone);
    const now = Date.now();
    let refused: IngestOutcome['refused'];
    const done = this.transaction(() => {
      this.alarms.prime(now);
      const outcome = storeReadings(this.sql, readings, station.timezone);
      const locked = this.quality.inApproved(outcome.stored);
      if (locked.length) {
        const keys = new Set(locked.map((r) => `${r.reading}|${r.ts}`));
        refused = readings.flatMap((r, index) => (keys.has(`${r.reading}|${r.ts}`) ? [{ index, approvedUntil: this.quality.approvedUntil(r.reading)! }] : []));
        throw refusal;
      }
      const arrival = outcome.stored.length ? this.quality.arrive(outcome.stored, now) : null;
      return { outcome, arrival, changes: this.alarms.evaluate(outcome.stored, now, arrival?.suspect) };
    });
    if (!done) return { accepted: 0, duplicates: 0, rowsWritten: 0, d1RowsWritten: 0, refused };
    const { outcome, arrival, changes } = done;
    this.quality.commit(arrival);
    this.alarms.commit(changes);
    const settled = this.rollup.settle(outcome.days);
    if (outcome.stored.length) this.publish(station, outcome.stored, arrival?.suspect);
    if (this.alarms.pending) await this.deliverAlarms();
    const d1RowsWritten = await settled;
    const { accepted, duplicates } = outcome;
    return { accepted, duplicates, rowsWritten: outcome.rowsWritten + (arrival?.rowsWritten ?? 0), d1RowsWritten };
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

  /**
   * The object's one alarm serves every retry it owns: a roll-up mark that D1 refused, and alarm transitions not
   * yet delivered. One that throws is retried by the platform.
   */
  async alarm() {
    const delivered = this.alarms.pending ? this.deliverAlarms() : null;
    await this.rollup.retryMark();
    await delivered;
  }

  /**
   * Delivers stored alarm transitions to D1 in order (each with its mails and webhook deliveries, written once),
   * then tells the watchers and sends the notifications after the reply. What fails is retried from the alarm.
   */
  private deliverAlarms(): Promise<void> {
    const drain = async () => {
      const itemId = this.rollup.itemId;
      if (itemId === undefined) return;
      for (let next = this.alarms.nextEvent(); next; next = this.alarms.nextEvent()) {
        const notice = await applyTransition(this.context, { itemId, transition: next.transition });
        this.alarms.delivered(next.seq);
        if (!notice) continue;
        this.announce(itemId, { type: 'alarm', unique_id: notice.alarm.unique_id, alarm: notice.alarm });
        this.context.defer(sendNotice(this.context, notice).catch((err) => console.error('alarm notifications failed', itemId, err)));
      }
    };
    const run = (this.delivering ?? Promise.resolve()).then(drain).catch(async (err) => {
      console.error('alarm transitions not delivered; retrying from the alarm', err);
      await this.ctx.storage.setAlarm(Date.now() + 30_000);
    });
    this.delivering = run;
    return run.finally(() => {
      if (this.delivering === run) this.delivering = null;
    });
  }

  private publish(station: StationRef, stored: Reading[], suspect?: ReadonlySet<string>) {
    this.tell(station.id, () => ({
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
    this.tell(itemId, () => message);
  }

  private tell(itemId: number, build: () => LiveMessage) {
    const watchers = this.sql.exec<{ subject_id: number; since: number }>('SELECT subject_id, since FROM watchers').toArray();
    const links = this.sql.exec<{ link: string; since: number }>('SELECT link, since FROM link_watchers').toArray();
    if (!watchers.length && !links.length) return;
    const message = build();
    // The batch is stored and answered; pages hear of it right after, and a dead watcher unsubscribes itself.
    this.ctx.waitUntil(
      Promise.all([
        ...watchers.map(async ({ subject_id, since }) => {
          const wanted = await watcherOf(this.env, subject_id)
            .deliver(itemId, message)
            .catch(() => true);
          if (!wanted) this.sql.exec('DELETE FROM watchers WHERE subject_id = ? AND since = ?', subject_id, since);
        }),
        // Share links pass on readings only (never alarms): one call per link, however many viewers it has.
        ...(message.type === 'readings' ? links : []).map(async ({ link, since }) => {
          const wanted = await shareLinkOf(this.env, link)
            .deliver(itemId, message)
            .catch(() => true);
          if (!wanted) this.sql.exec('DELETE FROM link_watchers WHERE link = ? AND since = ?', link, since);
        }),
      ]),
    );
  }

  /** Registers a subject's live watcher for this station's new rows. */
  watch(subjectId: number) {
    const since = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
    this.sql.exec('INSERT INTO watchers (subject_id, since) VALUES (?, ?) ON CONFLICT (subject_id) DO UPDATE SET since = excluded.since', subjectId, since);
  }

  /** Registers a share link's object (by its secret's hash) for this station's new readings. */
  watchLink(link: string) {
    const since = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
    this.sql.exec('INSERT INTO link_watchers (link, since) VALUES (?, ?) ON CONFLICT (link) DO UPDATE SET since = excluded.since', link, since);
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
    const data = rawSeries(allReadingCodes, this.rowsIn(start, end), limit, { flagsAt: cursor.empty ? undefined : (ts) => cursor.at(ts), withoutRejected });
    return data && { data, approved: this.approved(allReadingCodes) };
  }

  /** Per code with an approval, the instant (ISO) up to which its data are approved. */
  private approved(codes: readonly string[]): Record<string, string> {
    return Object.fromEntries(this.quality.approvalsOf(codes).flatMap((a) => (a.approved_until ? [[a.reading, a.approved_until]] : [])));
  }

  /** The cron's roll-up of the days that changed (see StationRollup). */
  flush(itemId: number, timeZone: string): Promise<FlushOutcome> {
    return this.rollup.flush(itemId, timeZone);
  }

  /** Where the copy of legacy D1 readings stands (see `copyLegacyStep`). */
  legacyCursor(): LegacyCursor {
    return this.ctx.storage.kv.get<LegacyCursor>('legacy') ?? { ts: -1, reading: '', accepted: 0, duplicates: 0, done: false };
  }

  /**
   * Stores a slice of legacy readings (in (time, code) order) and moves the copy's cursor in the same
   * transaction, so repeating a step stores nothing twice and skipping one is impossible.
   */
  async importLegacy(station: StationRef, readings: Reading[], last: boolean) {
    this.rollup.remember(station.id, station.timezone);
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
    this.quality.forget();
    await this.rollup.settle(outcome.days);
  }

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
  async checkSilence(itemId: number, timeZone: string, now: number): Promise<number> {
    this.rollup.remember(itemId, timeZone);
    const fired = this.alarms.checkSilence(now);
    if (this.alarms.pending) await this.deliverAlarms();
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

  /** The readings per code of the days D1's roll-up may not hold yet, so a count can be exact. */
  pendingObservations(): PendingCounts {
    const { kv } = this.ctx.storage;
    return pendingCounts(this.sql, kv.get<string>('zone'), kv.get<boolean>('replace-all') === true);
  }

  // Data quality (worker/station/quality.ts, decision 0016): thin calls into the station's StationQuality.

  /** Takes a revision of the station's automatic check settings (an older one is ignored); returns the revision held. */
  setQualityChecks(revision: number, overrides: Record<string, CheckSettings>): number {
    return this.quality.replaceChecks(revision, overrides);
  }

  /** A person's flag edit of one code over a range; the days it touched are marked for the roll-up. */
  async flagRange(station: Pick<StationRef, 'id' | 'timezone'>, edit: FlagEdit, who: Editor): Promise<FlagEditOutcome> {
    this.rollup.remember(station.id, station.timezone);
    const outcome = this.quality.flagRange(edit, who, Date.now(), station.timezone);
    if (outcome.ok) await this.rollup.settle(outcome.days);
    return outcome;
  }

  /** Approves (up to `until`) or withdraws (back to `until`, or entirely with null) the approval of `codes`. */
  setApproval(change: { codes: readonly string[]; until: number | null; action: 'approve' | 'withdraw'; who: Editor; note: string | null }) {
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
