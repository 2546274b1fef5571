/**
 * Precipitation totals count one SRA1H reading per clock hour, the last stamped in it (it covers the hour before
 * it): for stations reporting every hour, the rolling hour every 10 minutes, and irregularly, over DST days, in
 * the roll-up's day rows, the chart's totals and the dashboard's total and wettest day; rejected readings count nowhere.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { qualityCalls } from '../../worker/contracts/quality';
import { ChartColumns, Dashboard } from '../../worker/contracts/telemetry';
import { get } from '../support/api';
import { callSpec } from '../support/client';
import { make, type TestStation, type TestSubject } from '../support/make';
import { statsOf } from '../support/rollup';
import { ingest, settleRollup } from '../support/telemetry';

const zone = 'Europe/Prague';
const hour = 3_600_000;
// The test's own reckoning: Prague's local days, and its clock hours (whole-hour offsets: UTC hours).
const dayOf = (ts: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);
const days = ['2026-10-24', '2026-10-25', '2026-10-26'];
const from = Date.parse('2026-10-23T22:00:00Z');
const to = Date.parse('2026-10-26T23:00:00Z');

// What fell in each 10 minutes (mm), the same at every station: showers on and off.
const fell = (() => {
  let seed = 7;
  const out = new Map<number, number>();
  for (let ts = from; ts < to; ts += 600_000) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    out.set(ts, seed % 4 === 0 ? (seed % 23) / 10 : 0);
  }
  return out;
})();
/** What fell in (ts - 1 h, ts]: the hour a reading at `ts` reports. */
const hourUpTo = (ts: number) => [...fell].filter(([t]) => t > ts - hour && t <= ts).reduce((n, [, mm]) => n + mm, 0);
const round = (mm: number) => Math.round(mm * 100) / 100;

type Report = { ts: number; mm: number };
const hourly: Report[] = [];
const rolling: Report[] = [];
const irregular: Report[] = [];
for (let ts = from + hour; ts <= to; ts += hour) hourly.push({ ts, mm: round(hourUpTo(ts)) });
for (let ts = from + 600_000; ts < to; ts += 600_000) rolling.push({ ts, mm: round(hourUpTo(ts)) });
{
  // A logger that wakes when it likes: one to four reports an hour at odd minutes, some hours none.
  let seed = 11;
  for (let h = from; h < to; h += hour) {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const count = seed % 5;
    for (let i = 0; i < count; i++) {
      const ts = h + Math.floor(((i + 1) * hour) / (count + 1)) + (seed % 7) * 1000;
      irregular.push({ ts, mm: round(hourUpTo(ts)) });
    }
  }
}

/** Per local day: the last reading of each clock hour, added up. */
function expectedDays(reports: Report[]) {
  const lastOfHour = new Map<number, Report>();
  for (const r of reports) lastOfHour.set(Math.floor(r.ts / hour), r);
  const out = new Map<string, number>(days.map((d) => [d, 0]));
  for (const r of lastOfHour.values()) if (out.has(dayOf(r.ts))) out.set(dayOf(r.ts), out.get(dayOf(r.ts))! + r.mm);
  return out;
}

let viewer: TestSubject;
const stations: Record<'hourly' | 'rolling' | 'irregular', TestStation> = {} as never;
const reportsOf = { hourly, rolling, irregular };

beforeAll(async () => {
  viewer = await make.subject();
  const token = await make.importerToken();
  for (const kind of ['hourly', 'rolling', 'irregular'] as const) {
    stations[kind] = await make.station({ timezone: zone, viewers: [viewer] });
    const rows = reportsOf[kind].map((r) => ({ data_name: 'SRA1H', data_value: r.mm, date: new Date(r.ts).toISOString() }));
    const res = await ingest('danes', token, { unique_id: stations[kind].uniqueId, rows });
    expect(res.status, res.text).toBe(200);
    await settleRollup(stations[kind].id);
  }
});

describe('precipitation totals, one reading per clock hour', () => {
  for (const kind of ['hourly', 'rolling', 'irregular'] as const) {
    it(`add up right for a station reporting ${kind === 'hourly' ? 'every hour' : kind === 'rolling' ? 'the rolling hour every 10 minutes' : 'irregularly'}, the 25-hour day included`, async () => {
      const station = stations[kind];
      const expected = expectedDays(reportsOf[kind]);
      const stats = (await statsOf(station.id)).filter((s) => s.reading === 'SRA1H' && days.includes(s.day));
      expect(stats.map((s) => s.day)).toEqual(days);
      for (const s of stats) expect(s.sum, `${kind} ${s.day}`).toBeCloseTo(expected.get(s.day) ?? 0, 6);
      // Every reading is counted as received, whichever it counts in the total.
      expect(stats.reduce((n, s) => n + s.count, 0)).toBe(reportsOf[kind].filter((r) => days.includes(dayOf(r.ts))).length);
      if (kind === 'hourly') expect(stats.find((s) => s.day === '2026-10-25')!.count).toBe(25);

      const chart = await get(`/rest/api/item?id=${station.uniqueId}&from=2026-10-24&to=2026-10-26&points=1200&format=columns`, {
        token: viewer.token,
        reply: ChartColumns,
      });
      const rain = chart.data.totals.SRA1H;
      expect(rain.period).toBe('hour');
      const perDay = new Map<string, number>();
      rain.t.forEach((start, i) => perDay.set(dayOf(start), (perDay.get(dayOf(start)) ?? 0) + rain.v[i]));
      for (const day of days) expect(perDay.get(day) ?? 0, `${kind} ${day}`).toBeCloseTo(expected.get(day)!, 6);
      expect(rain.sum).toBeCloseTo(
        [...expected.values()].reduce((a, b) => a + b, 0),
        6,
      );

      const daily = await get(`/rest/api/item?id=${station.uniqueId}&from=2026-10-24&to=2026-10-26&points=50&format=columns`, {
        token: viewer.token,
        reply: ChartColumns,
      });
      expect(daily.data.totals.SRA1H.v.map((v) => round(v))).toEqual(days.map((d) => round(expected.get(d)!)));

      const dashboard = await get('/rest/api?from=2026-10-24&to=2026-10-26', { token: viewer.token, reply: Dashboard });
      const summary = dashboard.data.danes[station.uniqueId];
      const wettest = days.reduce((a, b) => (expected.get(b)! > expected.get(a)! ? b : a));
      expect(summary.sum!.SRA1H).toBeCloseTo(
        [...expected.values()].reduce((a, b) => a + b, 0),
        6,
      );
      expect(summary.peak_day!.SRA1H).toEqual({ day: wettest, sum: expect.closeTo(expected.get(wettest)!, 6) });
      expect(rain.peak_day).toEqual({ day: wettest, sum: expect.closeTo(expected.get(wettest)!, 6) });
    });
  }

  it('count an hour by its last reading that is not rejected', async () => {
    const admin = await make.admin();
    const station = stations.rolling;
    // The wettest 10-minute rolling report of 25 October at :50, rejected: its hour falls back on the :40 report.
    const candidates = rolling.filter((r) => dayOf(r.ts) === '2026-10-25' && new Date(r.ts).getUTCMinutes() === 50);
    const target = candidates.reduce((a, b) => (b.mm > a.mm ? b : a));
    const before = rolling.find((r) => r.ts === target.ts - 600_000)!;
    const at = new Date(target.ts).toISOString();
    const res = await callSpec(qualityCalls.flag, {
      query: { id: station.id },
      body: { reading: 'SRA1H', from: at, to: at, flag: 'rejected', note: 'Gauge blocked.' },
      token: admin.token,
    });
    expect(res.status, res.text).toBe(200);
    await settleRollup(station.id);
    const day = (await statsOf(station.id)).find((s) => s.reading === 'SRA1H' && s.day === '2026-10-25')!;
    expect(day.sum).toBeCloseTo(expectedDays(rolling).get('2026-10-25')! - target.mm + before.mm, 6);
    expect(day.count).toBe(rolling.filter((r) => dayOf(r.ts) === '2026-10-25').length - 1);
  });
});
