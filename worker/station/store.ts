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

// A Durable Object binds at most 100 parameters per statement: a report row binds its time and a value per code.
const maxParameters = 100;
const insertTexts = new Map<string, string>();

/** The INSERT of `rows` report rows of `codes`; a value already stored is kept (coalesce: its first arrival wins). */
function insertText(codes: string[], rows: number) {
  const key = `${rows}|${codes.join('|')}`;
  let text = insertTexts.get(key);
  if (!text) {
    const columns = codes.map(column);
    const row = `(${new Array(codes.length + 1).fill('?').join(', ')})`;
    text = `INSERT INTO readings (ts, ${columns.join(', ')}) VALUES ${new Array(rows).fill(row).join(', ')}
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
 * asks for no stored rows; the rows go in with as few statements as the parameter limit allows.
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
  if (newest !== null && earliest <= newest) {
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
  if (!fresh.length) return { accepted: 0, duplicates, stored, days: [], rowsWritten: 0 };

  let rowsWritten = 0;
  const perStatement = Math.floor(maxParameters / (width + 1));
  for (let first = 0; first < fresh.length; first += perStatement) {
    const chunk = fresh.slice(first, first + perStatement);
    const values: (number | null)[] = [];
    for (const row of chunk) {
      values.push(times[row]);
      for (let c = 0; c < width; c++) {
        const value = cells[row * width + c];
        values.push(Number.isNaN(value) ? null : value);
      }
    }
    rowsWritten += sql.exec(insertText(batch.codes, chunk.length), ...values).rowsWritten;
  }
  const days = daysOf(
    fresh.map((row) => times[row]),
    timeZone,
  );
  rowsWritten += markDays(sql, days);
  return { accepted: stored.length, duplicates, stored, days, rowsWritten };
}
