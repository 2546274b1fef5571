import { DurableObject } from 'cloudflare:workers';
import { contextOf, type Ctx } from '../context';
import type { LiveMessage } from '../contracts/live';
import { allReadingCodes } from '../contracts/readings';
import { isoInstant } from '../contracts/station-time';
import { sourceRows, type Columns, type Reading } from '../contracts/telemetry';
import { applyTransition, sendNotice } from '../domain/alarms/transitions';
import { watcherOf } from '../live/directory';
import { shareLinkOf } from '../share/directory';
import { StationAlarms } from '../station/alarms';
import type { RuleSpec } from '../station/evaluate';
import { previewRule, type RulePreviewOutcome } from '../station/preview';
import { StationRollup, type FlushOutcome } from '../station/rollup';
import { figuresOf, migrate, newestTs, selectRange, type StationRef, type StorageFigures } from '../station/schema';
import { rawSeries, SeriesBuilder, type ChartSeries, type SeriesOptions } from '../station/series';
import { storeReadings } from '../station/store';
import { observationCount, observationPage, pendingCounts, type ObservationRow, type PendingCounts, type StreamQuery } from '../station/observations';

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
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
  /** The delivery of alarm transitions to D1 under way; one at a time, so they arrive in order. */
  private delivering: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    migrate(ctx.storage);
    this.context = contextOf(env, (work) => this.ctx.waitUntil(work));
    this.rollup = new StationRollup(ctx.storage, this.context.db);
    this.alarms = new StationAlarms(ctx.storage);
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  /**
   * Stores a checked batch all-or-nothing in one transaction with the alarm rules' evaluation of its new
   * readings, tells the station's watchers of the new rows, delivers alarm transitions (if any) to D1, and
   * marks the station in D1 for the roll-up when it was clean: D1 is written once per roll-up period, not
   * once per batch.
   */
  async ingest(station: StationRef, readings: Reading[]): Promise<IngestOutcome> {
    this.rollup.remember(station.id, station.timezone);
    const now = Date.now();
    const { outcome, changes } = this.ctx.storage.transactionSync(() => {
      this.alarms.prime();
      const outcome = storeReadings(this.sql, readings, station.timezone);
      return { outcome, changes: this.alarms.evaluate(outcome.stored, now) };
    });
    this.alarms.commit(changes);
    const settled = this.rollup.settle(outcome.days);
    if (outcome.stored.length) this.publish(station, outcome.stored);
    if (this.alarms.pending) await this.deliverAlarms();
    const d1RowsWritten = await settled;
    const { accepted, duplicates, rowsWritten } = outcome;
    return { accepted, duplicates, rowsWritten, d1RowsWritten };
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

  private publish(station: StationRef, stored: Reading[]) {
    this.tell(station.id, () => ({
      type: 'readings',
      unique_id: station.uniqueId,
      source: station.source,
      last_update: isoInstant(newestTs(this.sql)!),
      rows: sourceRows(station.source, stored),
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
}
