/** The roll-up's yardstick: its rows as stored (per code and day), and the same figures recomputed from a station's raw readings. */
import { expect } from 'vitest';
import { isSummed, readingsOf, type Source } from '../../shared/readings';
import { sourceRow } from '../../worker/contracts/telemetry';
import { rawAll, storedOf, testingOf } from './telemetry';

export interface Stat {
  reading: string;
  day: string;
  count: number;
  min: number;
  max: number;
  sum: number;
  first_ts: number;
  last_ts: number;
  last_value: number;
}

// The test's own reckoning of local days, independent of the Worker's.
const localDayIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('sv-SE', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return (ts: number) => format.format(ts);
};
const localHourIn = (timeZone: string) => {
  const format = new Intl.DateTimeFormat('sv-SE', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    timeZoneName: 'short',
  });
  return (ts: number) => format.format(ts);
};

/** Keys of a station's roll-up rows: item × 100,000 + days (or months) since 1970. */
export const keySpan = 100_000;
const dayOfKey = (key: number) => new Date((key % keySpan) * 86_400_000).toISOString().slice(0, 10);
const monthOfKey = (key: number) => `${1970 + Math.floor((key % keySpan) / 12)}-${String(((key % keySpan) % 12) + 1).padStart(2, '0')}`;

/** A station's folded months (`day` holds the month, YYYY-MM) as one stat per code and month. */
export const monthStatsOf = (itemId: number) => statsOf(itemId, 'station_months');

/**
 * A station's day rows as one stat per code and day (the layout of before migration 0007, which the tests compare):
 * slot i of a row is the i-th code of the station's source.
 */
export async function statsOf(itemId: number, table: 'station_days' | 'station_months' = 'station_days'): Promise<Stat[]> {
  const [{ source }] = await rawAll<{ source: Source }>('SELECT name_for_api AS source FROM items WHERE id = ?', itemId);
  const codes = readingsOf(source).map((r) => r.code);
  const rows = await rawAll<Record<string, number | null>>(
    `SELECT * FROM ${table} WHERE id BETWEEN ? AND ? ORDER BY id`,
    itemId * keySpan,
    itemId * keySpan + keySpan - 1,
  );
  const periodOf = table === 'station_days' ? dayOfKey : monthOfKey;
  const stats = rows.flatMap((row) =>
    codes.flatMap((reading, s) =>
      row[`n${s}`] === null
        ? []
        : [
            {
              reading,
              day: periodOf(row.id!),
              count: row[`n${s}`]!,
              min: row[`lo${s}`]!,
              max: row[`hi${s}`]!,
              sum: row[`sm${s}`]!,
              first_ts: row[`f${s}`]!,
              last_ts: row[`l${s}`]!,
              last_value: row[`v${s}`]!,
            },
          ],
    ),
  );
  return stats.sort((a, b) => a.day.localeCompare(b.day) || (a.reading < b.reading ? -1 : a.reading > b.reading ? 1 : 0));
}

/** The station-local days a station's day rows hold. */
export const daysOf = async (itemId: number) => [...new Set((await statsOf(itemId)).map((s) => s.day))];

/**
 * A station's figures per code and local day from its raw readings. Amounts per hour (precipitation) add one
 * reading per local clock hour, the last stamped in it.
 */
export async function recomputeFromRaw(itemId: number, timeZone: string): Promise<Stat[]> {
  const raw = await storedOf(itemId);
  const dayOf = localDayIn(timeZone);
  const hourOf = localHourIn(timeZone);
  const stats = new Map<string, Stat>();
  const lastOfHour = new Map<string, Map<string, { ts: number; value: number }>>();
  for (const r of raw) {
    const day = dayOf(r.ts);
    const key = `${day}|${r.reading}`;
    if (isSummed(r.reading)) {
      const hours = lastOfHour.get(key) ?? new Map<string, { ts: number; value: number }>();
      lastOfHour.set(key, hours);
      const hour = hourOf(r.ts);
      if ((hours.get(hour)?.ts ?? -Infinity) < r.ts) hours.set(hour, { ts: r.ts, value: r.value });
    }
    const s = stats.get(key);
    if (!s) {
      stats.set(key, {
        reading: r.reading,
        day,
        count: 1,
        min: r.value,
        max: r.value,
        sum: r.value,
        first_ts: r.ts,
        last_ts: r.ts,
        last_value: r.value,
      });
      continue;
    }
    s.count++;
    s.min = Math.min(s.min, r.value);
    s.max = Math.max(s.max, r.value);
    s.sum += r.value;
    s.last_ts = r.ts;
    s.last_value = r.value;
  }
  for (const [key, hours] of lastOfHour) stats.get(key)!.sum = [...hours.values()].reduce((sum, h) => sum + h.value, 0);
  return [...stats.values()].sort((a, b) => a.day.localeCompare(b.day) || (a.reading < b.reading ? -1 : 1));
}

export function expectSameStats(actual: Stat[], expected: Stat[]) {
  expect(actual.map(({ sum: _, ...rest }) => rest)).toEqual(expected.map(({ sum: _, ...rest }) => rest));
  actual.forEach((s, i) => expect(s.sum).toBeCloseTo(expected[i].sum, 6));
}

// A deterministic generator, so a failure can be replayed.
function random(seed: number) {
  return () => {
    seed = (seed * 1664525 + 1013904223) % 4294967296;
    return seed / 4294967296;
  };
}

const danesCodes = ['H1', 'KCM', '_T', 'POWER'];
const plausible: Record<string, [number, number]> = {
  H1: [-100, 100],
  KCM: [0, 100],
  _T: [-50, 50],
  POWER: [0, 50],
  pressure: [900, 1100],
  humidity: [0, 100],
  hladina: [-100, 100],
};
const uniwanCodes = ['pressure', 'humidity', 'hladina'];

/** Random readings over whole days around `aroundUtc`, plus one at each edge of every UTC-offset boundary hour. */
export function randomRows(source: 'DANES' | 'UNIWAN', aroundUtc: string, seed: number) {
  const next = random(seed);
  const codes = source === 'DANES' ? danesCodes : uniwanCodes;
  const start = Date.parse(aroundUtc) - 2 * 86_400_000;
  const times = Array.from({ length: 600 }, () => start + Math.floor(next() * 4 * 86_400_000));
  for (let h = 0; h < 96; h++) times.push(start + h * 3_600_000, start + h * 3_600_000 - 1);
  // Values anywhere within each code's physical limits (ingest refuses the rest), three decimals.
  return times.map((ts) => {
    const reading = codes[Math.floor(next() * codes.length)];
    const [lo, hi] = plausible[reading];
    return sourceRow(source, { reading, ts, value: Math.round((lo + next() * (hi - lo)) * 1000) / 1000 });
  });
}

/**
 * What a failed flush leaves behind: days still marked in the station's object, and the station on D1's list of
 * failing roll-ups (as long ago as the cron's retry waits for a station's own alarm).
 */
export async function markDirty(itemId: number, days: string[]) {
  await testingOf(itemId).mark(days);
  await rawAll(
    "INSERT INTO rollup_failures (item_id, since, attempts, error, last_attempt) VALUES (?, 0, 1, 'test', 0) ON CONFLICT (item_id) DO UPDATE SET last_attempt = 0",
    itemId,
  );
}
