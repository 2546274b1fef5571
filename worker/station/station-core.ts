import { DurableObject } from 'cloudflare:workers';
import type { LiveMessage } from '../contracts/live';
import { allReadingCodes, type Source } from '../contracts/readings';
import { addDays, dayBounds, localDay } from '../contracts/station-time';
import { sourceRows, type Reading } from '../domain/telemetry/rows';
import { watcherOf } from '../live/directory';
import { statsOfDay } from './day-stats';
import { markStatement, rollupStatements } from './rollup-statements';
import { column, migrate } from './schema';
import { SeriesBuilder, type ChartSeries, type SeriesOptions } from './series';
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
 * roll-up, and the live watchers to tell of new rows. Found by the station's D1 id (`stationOf`), so stations
 * write in parallel and none of them passes through a shared object.
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

  constructor(ctx: DurableObjectState, env: Cloudflare.Env) {
    super(ctx, env);
    migrate(ctx.storage);
  }

  // Increasing within an instance, and ahead of an earlier instance's by the clock (no write per wake-up).
  private nextRev() {
    this.lastRev = Math.max(Date.now() * 1000, this.lastRev + 1);
    return this.lastRev;
  }

  private get sql() {
    return this.ctx.storage.sql;
  }

  /**
   * Stores a checked batch all-or-nothing in one transaction, tells the station's watchers of the new rows,
   * and marks the station in D1 for the roll-up when it was clean: D1 is written once per roll-up period, not
   * once per batch.
   */
  async ingest(station: StationRef, readings: Reading[]): Promise<IngestOutcome> {
    this.remember(station.id, station.timezone);
    const outcome = this.ctx.storage.transactionSync(() => storeReadings(this.sql, readings, station.timezone));
    if (outcome.stored.length) this.publish(station, outcome.stored);
    const d1RowsWritten = await this.settle(outcome);
    const { accepted, duplicates, rowsWritten } = outcome;
    return { accepted, duplicates, rowsWritten, d1RowsWritten };
  }

  /** After a store: days stored while a flush writes stay dirty, and a clean station gets its roll-up mark. */
  private async settle(outcome: StoreOutcome): Promise<number> {
    for (const day of outcome.days) this.flushing?.touched.add(day);
    return outcome.days.length && !this.marked ? this.mark() : 0;
  }

  /** Writes the roll-up mark (with last_update); if D1 fails, the object's alarm tries again. */
  private async mark(): Promise<number> {
    this.marked = true;
    const itemId = this.ctx.storage.kv.get<number>('item')!;
    const lastTs = this.sql.exec<{ ts: number | null }>('SELECT max(ts) AS ts FROM readings').one().ts;
    try {
      const result = await markStatement(this.env.DB, itemId, this.nextRev(), lastTs).run();
      return result.meta.rows_written ?? 0;
    } catch (err) {
      console.error('roll-up mark failed; retrying from the alarm', itemId, err);
      await this.ctx.storage.setAlarm(Date.now() + 30_000);
      return 0;
    }
  }

  /** Retries a roll-up mark that D1 refused; an alarm that throws is retried by the platform. */
  async alarm() {
    if (this.sql.exec('SELECT 1 FROM dirty_days LIMIT 1').toArray().length) {
      const itemId = this.ctx.storage.kv.get<number>('item')!;
      const lastTs = this.sql.exec<{ ts: number | null }>('SELECT max(ts) AS ts FROM readings').one().ts;
      await markStatement(this.env.DB, itemId, this.nextRev(), lastTs).run();
      this.marked = true;
    }
  }

  private publish(station: StationRef, stored: Reading[]) {
    const watchers = this.sql.exec<{ subject_id: number; since: number }>('SELECT subject_id, since FROM watchers').toArray();
    if (!watchers.length) return;
    const lastTs = this.sql.exec<{ ts: number }>('SELECT max(ts) AS ts FROM readings').one().ts;
    const message: LiveMessage = {
      type: 'readings',
      unique_id: station.uniqueId,
      source: station.source,
      last_update: new Date(lastTs).toISOString(),
      rows: sourceRows(station.source, stored),
    };
    // The batch is stored and answered; pages hear of it right after, and a dead watcher unsubscribes itself.
    this.ctx.waitUntil(
      Promise.all(
        watchers.map(async ({ subject_id, since }) => {
          const wanted = await watcherOf(this.env, subject_id)
            .deliver(station.id, message)
            .catch(() => true);
          if (!wanted) this.sql.exec('DELETE FROM watchers WHERE subject_id = ? AND since = ?', subject_id, since);
        }),
      ),
    );
  }

  /** Registers a subject's live watcher for this station's new rows. */
  watch(subjectId: number) {
    const since = Math.floor(Math.random() * Number.MAX_SAFE_INTEGER);
    this.sql.exec('INSERT INTO watchers (subject_id, since) VALUES (?, ?) ON CONFLICT (subject_id) DO UPDATE SET since = excluded.since', subjectId, since);
  }

  /** The station's readings in [start, end), downsampled here when a reading has too many points to draw. */
  series(start: number, end: number, options: SeriesOptions = {}): ChartSeries {
    const builder = new SeriesBuilder(allReadingCodes, start, end, options);
    const rows = this.sql.exec(`SELECT ts, ${allReadingCodes.map(column).join(', ')} FROM readings WHERE ts >= ? AND ts < ? ORDER BY ts`, start, end);
    for (const row of rows.raw<(number | null)[]>()) builder.add(row);
    return builder.result();
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
      const settled = days.filter((d) => !touched.has(d));
      this.sql.exec('DELETE FROM dirty_days WHERE day IN (SELECT value FROM json_each(?))', JSON.stringify(settled));
      if (replaceAll) this.ctx.storage.kv.delete('replace-all');
      let d1RowsWritten = results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);
      // Batches stored during the write found the station marked, but the batch above just cleared the mark.
      const remaining = this.sql.exec('SELECT 1 FROM dirty_days LIMIT 1').toArray().length > 0;
      if (remaining) d1RowsWritten += await this.mark();
      else this.marked = false;
      return { days: days.length, d1RowsWritten };
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
    await this.settle(outcome);
  }

  /** How much the station holds: reports, readings, bytes on disk and its time span. */
  figures(): StorageFigures {
    const row = this.sql.exec<{ reports: number; readings: number; firstTs: number | null; lastTs: number | null }>(countReadings).one();
    return { ...row, bytes: this.sql.databaseSize };
  }
}
