import { addDays, dayBounds, localDay } from '../contracts/station-time';
import type { Db } from '../db/client';
import { markForRollup, writeRollup } from '../db/daily-stats';
import { statsOfDay } from './day-stats';
import { newestTs } from './schema';

export interface FlushOutcome {
  days: number;
  /** Rows the flush wrote to D1 (daily_stats and the roll-up mark). */
  d1RowsWritten: number;
  /** Rows the flush wrote to the object's own storage (the cleared day marks). */
  objectRowsWritten: number;
}

/**
 * A station's part in the roll-up: the station-local days its object changed since they last reached D1's
 * daily_stats (`dirty_days`), the mark in D1 that lists the station for the cron, and the zone its days are
 * reckoned in. D1 owns the station's id and zone: every call that needs them brings them.
 */
export class StationRollup {
  private lastRev = 0;
  /**
   * Whether D1 holds this station's roll-up mark, as far as this instance knows. A new instance assumes not
   * and marks again (harmless); a mark is never assumed that was not written or scheduled.
   */
  private marked = false;
  /** Days stored again while a flush is writing to D1: they stay dirty for the next one. */
  private flushing: { touched: Set<string>; done: Promise<FlushOutcome> } | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly db: Db,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** The station's D1 id, as the last call that brought it told (for the object's alarm). */
  get itemId() {
    return this.storage.kv.get<number>('item');
  }

  // Increasing within an instance, and ahead of an earlier instance's by the clock (no write per wake-up).
  private nextRev() {
    this.lastRev = Math.max(Date.now() * 1000, this.lastRev + 1);
    return this.lastRev;
  }

  /**
   * After a store, before any await (a flush ending meanwhile must count these days as stored during it, not clear
   * their marks): a clean station gets its roll-up mark. Returns the rows D1 wrote.
   */
  async settle(days: string[]): Promise<number> {
    for (const day of days) this.flushing?.touched.add(day);
    return days.length && !this.marked ? this.mark() : 0;
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
      console.error('roll-up mark failed; retrying from the alarm', this.itemId, err);
      this.marked = false;
      this.storage.kv.put('mark-due', true);
      await this.storage.setAlarm(Date.now() + 30_000);
      return 0;
    }
  }

  private async writeMark(): Promise<number> {
    const written = await markForRollup(this.db, { itemId: this.itemId!, rev: this.nextRev(), lastTs: newestTs(this.sql) });
    if (this.storage.kv.get<boolean>('mark-due')) this.storage.kv.delete('mark-due');
    return written;
  }

  /** The object's alarm: writes a mark that D1 refused before. */
  async retryMark() {
    if (!this.storage.kv.get<boolean>('mark-due')) return;
    await this.writeMark();
    this.marked = true;
  }

  /**
   * Writes the statistics of every day that changed into D1 daily_stats and clears the station's roll-up mark,
   * in one D1 batch; the days are forgotten only once D1 has them.
   */
  async flush(itemId: number, timeZone: string): Promise<FlushOutcome> {
    if (this.flushing) return this.flushing.done;
    this.remember(itemId, timeZone);
    const days = this.sql.exec<{ day: string }>('SELECT day FROM dirty_days').toArray().map((r) => r.day);
    const replaceAll = this.storage.kv.get<boolean>('replace-all') === true;
    const rev = this.nextRev();
    const stats = days.flatMap((day) => statsOfDay(this.sql, day, timeZone));
    const touched = new Set<string>();
    const done = (async () => {
      let d1RowsWritten = await writeRollup(this.db, { itemId, days, stats, rev, replaceAll });
      // The newest day keeps its mark: the next report most likely lands in it, and finding the mark there costs
      // that report no write, nor this flush one to clear it. A later flush rolls it up again only if the station
      // is marked in D1 again, that is when something changed.
      const newest = newestTs(this.sql);
      const newestDay = newest === null ? null : localDay(newest, timeZone);
      const settled = days.filter((d) => !touched.has(d) && d !== newestDay);
      const cleared = this.sql.exec('DELETE FROM dirty_days WHERE day IN (SELECT value FROM json_each(?))', JSON.stringify(settled));
      if (replaceAll) this.storage.kv.delete('replace-all');
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
   * Keeps the station's D1 id (for the alarm) and the zone its days are reckoned in. When the zone changed, every
   * local day with readings is reckoned anew and the next flush replaces all of the station's daily_stats.
   */
  remember(itemId: number, timeZone: string) {
    if (this.itemId !== itemId) this.storage.kv.put('item', itemId);
    const known = this.storage.kv.get<string>('zone');
    if (known === timeZone) return;
    this.storage.transactionSync(() => {
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
        this.storage.kv.put('replace-all', true);
      }
      this.storage.kv.put('zone', timeZone);
    });
  }
}
