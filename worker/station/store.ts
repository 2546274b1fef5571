import { localDay } from '../../shared/station-time';
import type { Reading } from '../contracts/telemetry';
import { column, markDays } from './schema';

export interface StoreOutcome {
  accepted: number;
  duplicates: number;
  /** The readings that were new, in the order they were posted, for the live channel and alarm rules. */
  stored: Reading[];
  /** Station-local days that gained readings. */
  days: string[];
  /** Rows this batch wrote to the object's storage (what Cloudflare bills). */
  rowsWritten: number;
}

/** The station-local days of some instants. A local day only changes on a quarter-hour boundary in every real time zone, so one lookup per slot suffices. */
export function daysOf(times: Iterable<number>, timeZone: string): string[] {
  const bySlot = new Map<number, string>();
  for (const ts of times) {
    const slot = Math.floor(ts / 900_000);
    if (!bySlot.has(slot)) bySlot.set(slot, localDay(ts, timeZone));
  }
  return [...new Set(bySlot.values())];
}

/**
 * Stores one batch: a (time, code) already present, or repeated within the batch, is a duplicate and keeps
 * its first value. New values of an existing report time fill that row's empty columns. Must run inside one
 * transaction, so the batch is stored whole or not at all.
 */
export function storeReadings(sql: SqlStorage, readings: Reading[], timeZone: string): StoreOutcome {
  const byTime = new Map<number, Map<string, number>>();
  let duplicates = 0;
  for (const { ts, reading, value } of readings) {
    let codes = byTime.get(ts);
    if (!codes) byTime.set(ts, (codes = new Map()));
    if (codes.has(reading)) duplicates++;
    else codes.set(reading, value);
  }
  const codes = [...new Set(readings.map((r) => r.reading))];
  const columns = codes.map(column);

  const existing = new Map<number, (number | null)[]>();
  const times = JSON.stringify([...byTime.keys()]);
  for (const [ts, ...values] of sql
    .exec(`SELECT ts, ${columns.join(', ')} FROM readings WHERE ts IN (SELECT value FROM json_each(?))`, times)
    .raw<[number, ...(number | null)[]]>()) {
    existing.set(ts, values);
  }

  const stored: Reading[] = [];
  const rows: (number | null)[][] = [];
  for (const [ts, values] of byTime) {
    const before = existing.get(ts);
    const row: (number | null)[] = [ts];
    let fresh = false;
    codes.forEach((code, i) => {
      const value = values.get(code);
      if (value === undefined || (before && before[i] !== null)) {
        if (value !== undefined) duplicates++;
        row.push(null);
        return;
      }
      row.push(value);
      fresh = true;
      stored.push({ reading: code, ts, value });
    });
    if (fresh) rows.push(row);
  }
  if (!rows.length) return { accepted: 0, duplicates, stored, days: [], rowsWritten: 0 };

  // One statement for the whole batch; coalesce keeps a value already stored (its first arrival wins).
  const written = sql.exec(
    `INSERT INTO readings (ts, ${columns.join(', ')})
     SELECT ${['ts', ...codes].map((_, i) => `value ->> ${i}`).join(', ')} FROM json_each(?) WHERE true
     ON CONFLICT (ts) DO UPDATE SET ${columns.map((c) => `${c} = coalesce(${c}, excluded.${c})`).join(', ')}`,
    JSON.stringify(rows),
  );
  const days = daysOf(
    rows.map((r) => r[0] as number),
    timeZone,
  );
  return { accepted: stored.length, duplicates, stored, days, rowsWritten: written.rowsWritten + markDays(sql, days) };
}
