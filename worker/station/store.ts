import { dayBounds, localDay } from '../../shared/station-time';
import type { Reading } from '../contracts/telemetry';
import type { ReadingBatch } from './batch';
import { column, markDays } from './schema';

export interface StoreOutcome {
  accepted: number;
  duplicates: number;
  /** The readings that were new, report by report in the order they were posted, for the live channel and alarm rules. */
  stored: Reading[];
  /** Station-local days that gained readings. */
  days: string[];
  /** Rows this batch wrote to the object's storage (what Cloudflare bills). */
  rowsWritten: number;
  /** Whether every report of the batch is newer than every report stored before it (nearly every live batch). */
  appended: boolean;
}

/**
 * The station-local days of some instants. Times in a day already seen cost a comparison (a batch is nearly always
 * in time order); others one lookup per quarter-hour slot, as a local day only changes on a quarter-hour boundary in
 * every real time zone.
 */
export function daysOf(times: Iterable<number>, timeZone: string): string[] {
  const bySlot = new Map<number, string>();
  const days = new Set<string>();
  let [start, end] = [Infinity, -Infinity];
  for (const ts of times) {
    if (ts >= start && ts < end) continue;
    const slot = Math.floor(ts / 900_000);
    let day = bySlot.get(slot);
    if (day === undefined) bySlot.set(slot, (day = localDay(ts, timeZone)));
    days.add(day);
    ({ start, end } = dayBounds(day, timeZone));
  }
  return [...days];
}

// A Durable Object binds at most 100 parameters per statement, so rows go in as one JSON parameter (SQLite reads its
// numbers back exactly): one statement per batch where twelve-row chunks took twelve, about half the insert's time
// (measured roughly on a shared machine). A chunk stays well below the 2 MB a string parameter may hold.
const rowsPerStatement = 1000;
const insertTexts = new Map<string, string>();

/** The INSERT of report rows of `codes` (a JSON array of `[ts, value or null per code]`); a value already stored is kept (coalesce: its first arrival wins). */
function insertText(codes: string[]) {
  const key = codes.join('|');
  let text = insertTexts.get(key);
  if (!text) {
    const columns = codes.map(column);
    const values = codes.map((_, c) => `value ->> ${c + 1}`);
    // `WHERE true` tells SQLite's parser that ON CONFLICT belongs to the INSERT, not to a join.
    text = `INSERT INTO readings (ts, ${columns.join(', ')}) SELECT value ->> 0, ${values.join(', ')} FROM json_each(?) WHERE true
      ON CONFLICT (ts) DO UPDATE SET ${columns.map((c) => `${c} = coalesce(${c}, excluded.${c})`).join(', ')}`;
    if (insertTexts.size >= 1000) insertTexts.clear();
    insertTexts.set(key, text);
  }
  return text;
}

/**
 * Stores one batch: a (time, code) already present, or repeated within the batch, is a duplicate and keeps
 * its first value. New values of an existing report time fill that row's empty columns. Must run inside one
 * transaction, so the batch is stored whole or not at all. A batch newer than every stored report (nearly every one)
 * asks for no stored rows; the rows go in with one statement.
 */
export function storeReadings(sql: SqlStorage, batch: ReadingBatch, timeZone: string): StoreOutcome {
  const width = batch.codes.length;
  // Report rows in the order their times first appear; a cell is NaN until a value is posted (values are finite).
  const rowOf = new Map<number, number>();
  const times: number[] = [];
  const cells: number[] = [];
  let duplicates = 0;
  let [lastTs, lastRow, earliest] = [NaN, -1, Infinity];
  for (let i = 0; i < batch.ts.length; i++) {
    const ts = batch.ts[i];
    let row = ts === lastTs ? lastRow : rowOf.get(ts);
    if (row === undefined) {
      row = times.push(ts) - 1;
      rowOf.set(ts, row);
      if (ts < earliest) earliest = ts;
      for (let c = 0; c < width; c++) cells.push(NaN);
    }
    [lastTs, lastRow] = [ts, row];
    const cell = row * width + batch.code[i];
    if (Number.isNaN(cells[cell])) cells[cell] = batch.value[i];
    else duplicates++;
  }

  const newest = sql.exec<{ ts: number | null }>('SELECT max(ts) AS ts FROM readings').one().ts;
  const appended = newest === null || earliest > newest;
  if (!appended) {
    const columns = batch.codes.map(column);
    for (const [ts, ...values] of sql
      .exec(`SELECT ts, ${columns.join(', ')} FROM readings WHERE ts IN (SELECT value FROM json_each(?))`, JSON.stringify(times))
      .raw<[number, ...(number | null)[]]>()) {
      const row = rowOf.get(ts)!;
      values.forEach((value, c) => {
        if (value === null || Number.isNaN(cells[row * width + c])) return;
        cells[row * width + c] = NaN;
        duplicates++;
      });
    }
  }

  const stored: Reading[] = [];
  const fresh: number[] = [];
  for (let row = 0; row < times.length; row++) {
    let any = false;
    for (let c = 0; c < width; c++) {
      const value = cells[row * width + c];
      if (Number.isNaN(value)) continue;
      stored.push({ reading: batch.codes[c], ts: times[row], value });
      any = true;
    }
    if (any) fresh.push(row);
  }
  if (!fresh.length) return { accepted: 0, duplicates, stored, days: [], rowsWritten: 0, appended };

  let rowsWritten = 0;
  for (let first = 0; first < fresh.length; first += rowsPerStatement) {
    const rows = fresh.slice(first, first + rowsPerStatement).map((row) => {
      const values: (number | null)[] = [times[row]];
      for (let c = 0; c < width; c++) {
        const value = cells[row * width + c];
        values.push(Number.isNaN(value) ? null : value);
      }
      return values;
    });
    rowsWritten += sql.exec(insertText(batch.codes), JSON.stringify(rows)).rowsWritten;
  }
  const days = daysOf(
    fresh.map((row) => times[row]),
    timeZone,
  );
  rowsWritten += markDays(sql, days);
  return { accepted: stored.length, duplicates, stored, days, rowsWritten, appended };
}
