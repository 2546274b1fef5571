import { DurableObject } from 'cloudflare:workers';
import type { LiveMessage } from '../contracts/live';
import type { RuleSpec } from '../domain/alarms/evaluate';
import { applyTransition, sendNotice } from '../domain/alarms/transitions';
import { allReadingCodes, type Source } from '../contracts/readings';
import { addDays, dayBounds, localDay } from '../contracts/station-time';
import { sourceRows, type Reading } from '../domain/telemetry/rows';
import { watcherOf } from '../live/directory';
import { shareLinkOf } from '../share/directory';
import { StationAlarms } from './alarms';
import { previewRule, type RulePreviewOutcome } from './preview';
import { statsOfDay } from './day-stats';
import { markStatement, rollupStatements } from './rollup-statements';
import { column, migrate, selectRange } from './schema';
import { rawSeries, SeriesBuilder, type ChartSeries, type CodeSeries, type SeriesOptions } from './series';
import { storeReadings, type StoreOutcome } from './store';

/** What a station object is told of its station with every call that needs it (D1 owns these facts). */
export interface StationRef {
  id: number;
  uniqueId: string;
  source: Source;
  timezone: string;
}

export interface IngestOutcome {
  accepted: number;
  duplicates: number;
  /** Rows the batch wrote: to the object's storage, and to D1 (the roll-up mark, when the object became dirty). */
  rowsWritten: number;
  d1RowsWritten: number;
}

export interface FlushOutcome {
  days: number;
  /** Rows the flush wrote to D1 (daily_stats and the roll-up mark). */
  d1RowsWritten: number;
  /** Rows the flush wrote to the object's own storage (the cleared day marks). */
  objectRowsWritten: number;
}

/** How far the copy of an older database's D1 readings got: the last (time, code) copied, and the counts. */
export interface LegacyCursor {
  ts: number;
  reading: string;
  accepted: number;
  duplicates: number;
  done: boolean;
}

export interface StorageFigures {
  /** Report rows (one per report time). */
  reports: number;
  /** Readings (one per code and time). */
  readings: number;
  bytes: number;
  firstTs: number | null;
  lastTs: number | null;
}

const countReadings = `SELECT count(*) AS reports, ${allReadingCodes.map((c) => `count(${column(c)})`).join(' + ')} AS readings,
  min(ts) AS firstTs, max(ts) AS lastTs FROM readings`;

/**
 * One station's raw readings (its whole history), the duplicate check, the station-local days waiting for the
 * roll-up, its alarm rules with their state, and the live watchers to tell of new rows and alarm changes. Found
 * by the station's D1 id (`stationOf`), so stations write in parallel and none of them passes through a shared object.
 */
export class StationCore extends DurableObject<Cloudflare.Env> {
  private lastRev = 0;
  /**
   * Whether D1 holds this station's roll-up mark, as far as this instance knows. A new instance assumes not
   * and marks again (harmless); a mark is never assumed that was not written or scheduled.
   */
  private marked = false;
  /** Days stored again while a flush is writing to D1: they stay dirty for the next one. */
  private flushing: { touched: Set<string>; done: Promise<FlushOutcome> } | null = null;
  private readonly alarms: StationAlarms;
  /** The delivery of alarm transitions to D1 under way; one at a time, so they arrive in order. */
  private delivering: Promise<void> | null = null;

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    migrate(ctx.storage);
    this.alarms = new StationAlarms(ctx.storage);
  }

  // Increasing within an instance, and ahead of an earlier instance's by the clock (no write per wake-up).
  private nextRev() {
    this.lastRev = Math.max(Date.now() * 1000, this.lastRev + 1);
    return this.lastRev;
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  private lastTs() {
    return this.sql.exec<{ ts: number | null }>('SELECT max(ts) AS ts FROM readings').one().ts;
  }

  /** The station-local day of the newest reading (null without readings). */
  private newestDay(timeZone: string) {
    const ts = this.lastTs();
    return ts === null ? null : localDay(ts, timeZone);
  }

  /**
   * Stores a checked batch all-or-nothing in one transaction with the alarm rules' evaluation of its new
   * readings, tells the station's watchers of the new rows, delivers alarm transitions (if any) to D1, and
   * marks the station in D1 for the roll-up when it was clean: D1 is written once per roll-up period, not
   * once per batch.
   */
  async ingest(station: StationRef, readings: Reading[]): Promise<IngestOutcome> {
    this.remember(station.id, station.timezone);
    const now = Date.now();
    const { outcome, changes } = this.ctx.storage.transactionSync(() => {
      this.alarms.prime();
      const outcome = storeReadings(this.sql, readings, station.timezone);
      return { outcome, changes: this.alarms.evaluate(outcome.stored, now) };
    });
    this.alarms.commit(changes);
    const settled = this.settle(outcome);
    if (outcome.stored.length) this.publish(station, outcome.stored);
    if (this.alarms.pending) await this.deliverAlarms();
    const d1RowsWritten = await settled;
    const { accepted, duplicates, rowsWritten } = outcome;
    return { accepted, duplicates, rowsWritten, d1RowsWritten };
  }

  /**
   * After a store, before any await (a flush ending meanwhile must count these days as stored during it, not clear
   * their marks): a clean station gets its roll-up mark.
   */
  private async settle(outcome: StoreOutcome): Promise<number> {
    for (const day of outcome.days) this.flushing?.touched.add(day);
    return outcome.days.length && !this.marked ? this.mark() : 0;
  }

  /**
   * Writes the roll-up mark (with last_update). If D1 fails, the mark is remembered as due and the object's alarm
   * writes it: the day marks cannot tell, since the newest day keeps its mark between flushes.
   */
  private async mark(): Promise<number> {
    this.marked = true;
    try {
      return await this.writeMark();
    } catch (err) {
      console.error('roll-up mark failed; retrying from the alarm', this.ctx.storage.kv.get<number>('item'), err);
      this.marked = false;
      this.ctx.storage.kv.put('mark-due', true);
      await this.ctx.storage.setAlarm(Date.now() + 30_000);
      return 0;
    }
  }

  private async writeMark(): Promise<number> {
    const result = await markStatement(this.env.DB, this.ctx.storage.kv.get<number>('item')!, this.nextRev(), this.lastTs()).run();
    if (this.ctx.storage.kv.get<boolean>('mark-due')) this.ctx.storage.kv.delete('mark-due');
    return result.meta.rows_written ?? 0;
  }

  /**
   * The object's one alarm serves every retry it owns: a roll-up mark that D1 refused, and alarm transitions not
   * yet delivered. One that throws is retried by the platform.
   */
  async alarm() {
    const delivered = this.alarms.pending ? this.deliverAlarms() : null;
    if (this.ctx.storage.kv.get<boolean>('mark-due')) {
      await this.writeMark();
      this.marked = true;
    }
    await delivered;
  }

  /**
   * Delivers stored alarm transitions to D1 in order (each with its mails and webhook deliveries, written once),
   * then tells the watchers and sends the notifications after the reply. What fails is retried from the alarm.
   */
  private deliverAlarms(): Promise<void> {
    const drain = async () => {
      const itemId = this.ctx.storage.kv.get<number>('item');
      if (itemId === undefined) return;
      for (let next = this.alarms.nextEvent(); next; next = this.alarms.nextEvent()) {
        const notice = await applyTransition(this.env, itemId, next.transition);
        this.alarms.delivered(next.seq);
        if (!notice) continue;
        this.announce(itemId, { type: 'alarm', unique_id: notice.alarm.unique_id, alarm: notice.alarm });
        this.ctx.waitUntil(sendNotice(this.env, notice).catch((err) => console.error('alarm notifications failed', itemId, err)));
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
    this.tell(station.id, () => {
      const lastTs = this.lastTs()!;
      return {
        type: 'readings',
        unique_id: station.uniqueId,
        source: station.source,
        last_update: new Date(lastTs).toISOString(),
        rows: sourceRows(station.source, stored),
      };
    });
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
  readings(start: number, end: number, limit: number): Record<string, CodeSeries> | null {
    return rawSeries(allReadingCodes, this.rowsIn(start, end), limit);
  }

  /**
   * Writes the statistics of every day that changed into D1 daily_stats and clears the station's roll-up mark,
   * in one D1 batch; the days are forgotten only once D1 has them.
   */
  async flush(itemId: number, timeZone: string): Promise<FlushOutcome> {
    if (this.flushing) return this.flushing.done;
    this.remember(itemId, timeZone);
    const days = this.sql.exec<{ day: string }>('SELECT day FROM dirty_days').toArray().map((r) => r.day);
    const replaceAll = this.ctx.storage.kv.get<boolean>('replace-all') === true;
    const rev = this.nextRev();
    const stats = days.flatMap((day) => statsOfDay(this.sql, day, timeZone));
    const touched = new Set<string>();
    const done = (async () => {
      const results = await this.env.DB.batch(rollupStatements(this.env.DB, itemId, stats, rev, replaceAll));
      // The newest day keeps its mark: the next report most likely lands in it, and finding the mark there costs
      // that report no write, nor this flush one to clear it. A later flush rolls it up again only if the station
      // is marked in D1 again, that is when something changed.
      const newest = this.newestDay(timeZone);
      const settled = days.filter((d) => !touched.has(d) && d !== newest);
      const cleared = this.sql.exec('DELETE FROM dirty_days WHERE day IN (SELECT value FROM json_each(?))', JSON.stringify(settled));
      if (replaceAll) this.ctx.storage.kv.delete('replace-all');
      let d1RowsWritten = results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);
      // Batches stored during the write found the station marked, but the batch above just cleared the mark.
      if (touched.size) d1RowsWritten += await this.mark();
      else this.marked = false;
      return { days: days.length, d1RowsWritten, objectRowsWritten: cleared.rowsWritten };
    })();
    this.flushing = { touched, done };
    try {
      return await done;
    } finally {
      this.flushing = null;
    }
  }

  /**
   * Keeps the station's D1 id (for the alarm) and the zone its days are reckoned in, which D1 owns. When the
   * zone changed, every local day with readings is reckoned anew and the next flush replaces all of the
   * station's daily_stats.
   */
  private remember(itemId: number, timeZone: string) {
    if (this.ctx.storage.kv.get<number>('item') !== itemId) this.ctx.storage.kv.put('item', itemId);
    const known = this.ctx.storage.kv.get<string>('zone');
    if (known === timeZone) return;
    this.ctx.storage.transactionSync(() => {
      if (known !== undefined) {
        const { firstTs, lastTs } = this.sql.exec<{ firstTs: number | null; lastTs: number | null }>('SELECT min(ts) AS firstTs, max(ts) AS lastTs FROM readings').one();
        this.sql.exec('DELETE FROM dirty_days');
        if (firstTs !== null && lastTs !== null) {
          const last = localDay(lastTs, timeZone);
          for (let day = localDay(firstTs, timeZone); day <= last; day = addDays(day, 1)) {
            const { start, end } = dayBounds(day, timeZone);
            if (this.sql.exec('SELECT 1 FROM readings WHERE ts >= ? AND ts < ? LIMIT 1', start, end).toArray().length) {
              this.sql.exec('INSERT INTO dirty_days (day) VALUES (?)', day);
            }
          }
        }
        this.ctx.storage.kv.put('replace-all', true);
      }
      this.ctx.storage.kv.put('zone', timeZone);
    });
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
    this.remember(station.id, station.timezone);
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
    await this.settle(outcome);
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
    this.remember(itemId, timeZone);
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
    const row = this.sql.exec<{ reports: number; readings: number; firstTs: number | null; lastTs: number | null }>(countReadings).one();
    return { ...row, bytes: this.sql.databaseSize };
  }
}
