import { describe, expect, it } from 'vitest';
import { createStation, importerToken, ingest, rawAll, runCron } from '../support/telemetry';

interface Stat {
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

async function statsOf(itemId: number): Promise<Stat[]> {
  return rawAll<Stat>(
    'SELECT reading, day, count, min, max, sum, first_ts, last_ts, last_value FROM daily_stats WHERE item_id = ? ORDER BY day, reading',
    itemId,
  );
}

async function recomputeFromRaw(itemId: number, timeZone: string): Promise<Stat[]> {
  const raw = await rawAll<{ reading: string; ts: number; value: number }>(
    'SELECT reading, ts, value FROM readings WHERE item_id = ? ORDER BY ts',
    itemId,
  );
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

function expectSameStats(actual: Stat[], expected: Stat[]) {
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
const uniwanCodes = ['pressure', 'humidity', 'hladina'];

/** Random readings over whole days around `aroundUtc`, plus one at each edge of every UTC-offset boundary hour. */
function randomRows(source: 'DANES' | 'UNIWAN', aroundUtc: string, seed: number) {
  const next = random(seed);
  const codes = source === 'DANES' ? danesCodes : uniwanCodes;
  const start = Date.parse(aroundUtc) - 2 * 86_400_000;
  const times = Array.from({ length: 600 }, () => start + Math.floor(next() * 4 * 86_400_000));
  for (let h = 0; h < 96; h++) times.push(start + h * 3_600_000, start + h * 3_600_000 - 1);
  return times.map((ts) => {
    const code = codes[Math.floor(next() * codes.length)];
    const value = Math.round((next() * 200 - 100) * 1000) / 1000;
    const time = new Date(ts).toISOString();
    return source === 'DANES' ? { data_name: code, data_value: value, date: time } : { value_id: code, value, timestamp: time };
  });
}

describe('roll-up', () => {
  const cases = [
    { name: 'Prague, spring DST day (23 h)', source: 'DANES', zone: 'Europe/Prague', around: '2026-03-29T12:00:00Z' },
    { name: 'Prague, autumn DST day (25 h)', source: 'UNIWAN', zone: 'Europe/Prague', around: '2026-10-25T12:00:00Z' },
    { name: 'New York, its own spring DST day', source: 'DANES', zone: 'America/New_York', around: '2026-03-08T12:00:00Z' },
    { name: 'Kolkata (UTC+05:30)', source: 'UNIWAN', zone: 'Asia/Kolkata', around: '2026-06-15T12:00:00Z' },
  ] as const;

  it('equals a recompute from raw readings for every station, local day and code', async () => {
    const token = await importerToken();
    const stations = [];
    for (const [i, c] of cases.entries()) {
      const station = await createStation(c.source, c.zone);
      const res = await ingest(c.source === 'DANES' ? 'danes' : 'uniwan', token, {
        unique_id: station.uniqueId,
        rows: randomRows(c.source, c.around, i + 1),
      });
      expect(res.status, c.name).toBe(200);
      stations.push({ station, ...c });
    }
    await runCron();
    for (const { station, zone, name } of stations) {
      const expected = await recomputeFromRaw(station.id, zone);
      expect(expected.length, name).toBeGreaterThan(10);
      expectSameStats(await statsOf(station.id), expected);
    }
    expect(await rawAll('SELECT * FROM dirty_days')).toEqual([]);
  });

  it('counts 23 and 25 hours of readings on the Prague DST days', async () => {
    const station = await createStation('DANES', 'Europe/Prague');
    const token = await importerToken();
    for (const [from, hours] of [['2026-03-28T23:00:00Z', 23], ['2026-10-24T22:00:00Z', 25]] as const) {
      const rows = Array.from({ length: hours * 6 }, (_, i) => ({
        data_name: 'H1',
        data_value: i,
        date: new Date(Date.parse(from) + i * 600_000).toISOString(),
      }));
      expect((await ingest('danes', token, { unique_id: station.uniqueId, rows })).status).toBe(200);
    }
    await runCron();
    const stats = await statsOf(station.id);
    expect(stats.map((s) => [s.day, s.count])).toEqual([
      ['2026-03-29', 138],
      ['2026-10-25', 150],
    ]);
  });

  it('gives identical rows when run twice, and heals a day a failed run left dirty', async () => {
    const station = await createStation('DANES', 'Europe/Prague');
    const token = await importerToken();
    await ingest('danes', token, { unique_id: station.uniqueId, rows: randomRows('DANES', '2026-05-10T12:00:00Z', 99) });
    await runCron();
    const first = await statsOf(station.id);

    await rawAll('INSERT INTO dirty_days (item_id, day) SELECT DISTINCT item_id, day FROM daily_stats WHERE item_id = ?', station.id);
    await runCron();
    expect(await statsOf(station.id)).toEqual(first);

    // What an interrupted run leaves behind: a stale aggregate and its day still marked dirty.
    await rawAll("UPDATE daily_stats SET count = 1, max = 1e9 WHERE item_id = ? AND day = '2026-05-10'", station.id);
    await rawAll("INSERT INTO dirty_days (item_id, day) VALUES (?, '2026-05-10')", station.id);
    await runCron();
    expect(await statsOf(station.id)).toEqual(first);
  });
});
