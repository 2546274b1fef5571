/** The roll-up's yardstick: daily_stats as stored, and the same figures recomputed from a station's raw readings. */
import { expect } from 'vitest';
import { sourceRow } from '../../worker/contracts/telemetry';
import { inStation, rawAll, storedOf } from './telemetry';

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

export async function statsOf(itemId: number): Promise<Stat[]> {
  return rawAll<Stat>(
    'SELECT reading, day, count, min, max, sum, first_ts, last_ts, last_value FROM daily_stats WHERE item_id = ? ORDER BY day, reading',
    itemId,
  );
}

export async function recomputeFromRaw(itemId: number, timeZone: string): Promise<Stat[]> {
  const raw = await storedOf(itemId);
  const dayOf = localDayIn(timeZone);
  const stats = new Map<string, Stat>();
  for (const r of raw) {
    const day = dayOf(r.ts);
    const key = `${day}|${r.reading}`;
    const s = stats.get(key);
    if (!s) {
      stats.set(key, { reading: r.reading, day, count: 1, min: r.value, max: r.value, sum: r.value, first_ts: r.ts, last_ts: r.ts, last_value: r.value });
      continue;
    }
    s.count++;
    s.min = Math.min(s.min, r.value);
    s.max = Math.max(s.max, r.value);
    s.sum += r.value;
    s.last_ts = r.ts;
    s.last_value = r.value;
  }
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

/** What an interrupted run leaves behind: days still dirty in the station's object, and the station still marked. */
export async function markDirty(itemId: number, days: string[]) {
  for (const day of days) await inStation(itemId, 'INSERT OR IGNORE INTO dirty_days (day) VALUES (?)', day);
  await rawAll('UPDATE items SET rollup_rev = 1 WHERE id = ?', itemId);
}

