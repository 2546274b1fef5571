import { beforeAll, describe, expect, it } from 'vitest';
import { ChartColumns, Dashboard, telemetryCalls } from '../../worker/contracts/telemetry';
import { get } from '../support/api';
import { callSpec } from '../support/client';
import { make, type TestStation, type TestSubject } from '../support/make';
import { statsOf } from '../support/rollup';
import { ingest, runCron } from '../support/telemetry';

const zone = 'Europe/Prague';
// Read independently of the app's own station-time helpers: the local calendar day of an instant.
const dayOf = (ts: number) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(ts);

// Reports every 10 minutes around both DST changes of 2026 (29 March: 23 hours, 25 October: 25 hours): `rain` is what
// fell in the 10 minutes up to a report (in tenths of a mm); the station posts SRA1H as the rolling hour (`posted`, the
// rain of its last six reports), which the totals count once per clock hour.
const reports = (() => {
  let seed = 3;
  const out: { ts: number; rain: number; posted: number; level: number }[] = [];
  for (const [from, to] of [
    ['2026-03-27T23:00:00Z', '2026-03-30T22:00:00Z'],
    ['2026-10-23T22:00:00Z', '2026-10-26T23:00:00Z'],
  ]) {
    const start = out.length;
    for (let ts = Date.parse(from); ts < Date.parse(to); ts += 600_000) {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const rain = seed % 5 === 0 ? (seed % 37) / 10 : 0;
      const posted = out.slice(Math.max(start, out.length - 5)).reduce((n, r) => n + r.rain, rain);
      out.push({ ts, rain, posted, level: 2 + (seed % 100) / 1000 });
    }
  }
  return out;
})();

/** The raw readings' sum per station-local day, as a hydrologist would add them up. */
const expectedDays = (() => {
  const days = new Map<string, number>();
  for (const r of reports) days.set(dayOf(r.ts), (days.get(dayOf(r.ts)) ?? 0) + r.rain);
  return days;
})();

let station: TestStation;
let viewer: TestSubject;

beforeAll(async () => {
  viewer = await make.subject();
  station = await make.station({ timezone: zone, viewers: [viewer] });
  const token = await make.importerToken();
  const rows = reports.flatMap((r) => {
    const date = new Date(r.ts).toISOString();
    return [
      { data_name: 'SRA1H', data_value: r.posted, date },
      { data_name: 'H1', data_value: r.level, date },
    ];
  });
  for (let i = 0; i < rows.length; i += 5000) {
    expect((await ingest('danes', token, { unique_id: station.uniqueId, rows: rows.slice(i, i + 5000) })).status).toBe(200);
  }
  await runCron();
});

const columns = async (range: string, points: number) => {
  const res = await get(`/rest/api/item?id=${station.uniqueId}&${range}&points=${points}&format=columns`, {
    token: viewer.token,
    reply: ChartColumns,
  });
  expect(res.status).toBe(200);
  return res.data;
};

describe('precipitation totals', () => {
  it('equal the sum of the raw readings per station-local day, in the chart, in daily_stats and on the dashboard', async () => {
    expect([...expectedDays.keys()]).toEqual(['2026-03-28', '2026-03-29', '2026-03-30', '2026-10-24', '2026-10-25', '2026-10-26']);
    const stats = (await statsOf(station.id)).filter((s) => s.reading === 'SRA1H');
    expect(stats.map((s) => s.day)).toEqual([...expectedDays.keys()]);
    // The DST days hold 23 and 25 hours of reports.
    expect(stats.find((s) => s.day === '2026-03-29')!.count).toBe(23 * 6);
    expect(stats.find((s) => s.day === '2026-10-25')!.count).toBe(25 * 6);
    for (const s of stats) expect(s.sum, s.day).toBeCloseTo(expectedDays.get(s.day)!, 9);

    for (const range of ['from=2026-03-28&to=2026-03-30', 'from=2026-10-24&to=2026-10-26']) {
      const chart = await columns(range, 50);
      const rain = chart.totals.SRA1H;
      expect(rain.period).toBe('day');
      expect(chart.data).not.toHaveProperty('SRA1H');
      expect(chart.data.H1.t.length).toBeGreaterThan(0);
      rain.t.forEach((start, i) => expect(rain.v[i], dayOf(start)).toBeCloseTo(expectedDays.get(dayOf(start))!, 9));
      expect(rain.t.map(dayOf)).toEqual(stats.filter((s) => range.includes(s.day.slice(0, 7))).map((s) => s.day));
    }

    const dashboard = await get('/rest/api?from=2026-10-24&to=2026-10-26', { token: viewer.token, reply: Dashboard });
    const summary = dashboard.data.danes[station.uniqueId];
    const october = ['2026-10-24', '2026-10-25', '2026-10-26'];
    const wettest = october.reduce((a, b) => (expectedDays.get(b)! > expectedDays.get(a)! ? b : a));
    expect(summary.sum!.SRA1H).toBeCloseTo(
      october.reduce((n, d) => n + expectedDays.get(d)!, 0),
      9,
    );
    expect(summary.peak_day!.SRA1H.day).toBe(wettest);
    expect(summary.peak_day!.SRA1H.sum).toBeCloseTo(expectedDays.get(wettest)!, 9);
    expect(summary.sum).not.toHaveProperty('H1');
  });

  it('come per hour for short ranges, two hours at 02:00 in the night the clocks go back, adding up to the same days', async () => {
    const chart = await columns('from=2026-10-24&to=2026-10-26', 1200);
    const rain = chart.totals.SRA1H;
    expect(rain.period).toBe('hour');
    expect(rain.t.length).toBe(24 + 25 + 24);
    const perDay = new Map<string, number>();
    rain.t.forEach((start, i) => perDay.set(dayOf(start), (perDay.get(dayOf(start)) ?? 0) + rain.v[i]));
    for (const [day, sum] of perDay) expect(sum, day).toBeCloseTo(expectedDays.get(day)!, 9);
    const wettest = [...perDay].reduce((a, b) => (b[1] > a[1] ? b : a));
    expect(rain.peak_day).toEqual({ day: wettest[0], sum: expect.closeTo(wettest[1], 9) });
    expect(rain.sum).toBeCloseTo(
      [...perDay.values()].reduce((a, b) => a + b, 0),
      9,
    );
  });

  it('are the tenths of a millimetre they add up to, without floating-point noise, in the chart and on the dashboard', async () => {
    const tenths = (n: number) => Math.round(n * 10) / 10;
    const october = ['2026-10-24', '2026-10-25', '2026-10-26'];
    const days = (await columns('from=2026-10-24&to=2026-10-26', 50)).totals.SRA1H;
    const hours = (await columns('from=2026-10-24&to=2026-10-26', 1200)).totals.SRA1H;
    for (const rain of [days, hours]) {
      for (const v of rain.v) expect(v).toBe(tenths(v));
      expect(rain.sum).toBe(tenths(october.reduce((n, d) => n + expectedDays.get(d)!, 0)));
      expect(rain.peak_day!.sum).toBe(tenths(expectedDays.get(rain.peak_day!.day)!));
    }
    expect(days.v).toEqual(october.map((d) => tenths(expectedDays.get(d)!)));
    const summary = (await get('/rest/api?from=2026-10-24&to=2026-10-26', { token: viewer.token, reply: Dashboard })).data.danes[
      station.uniqueId
    ];
    expect(summary.sum!.SRA1H).toBe(days.sum);
    expect(summary.peak_day!.SRA1H.sum).toBe(days.peak_day!.sum);
  });

  it('leave the raw export untouched: every rain reading as it was posted', async () => {
    const res = await callSpec(telemetryCalls.readings, {
      query: { id: station.uniqueId, from: '2026-10-24', to: '2026-10-26' },
      token: viewer.token,
    });
    expect(res.status).toBe(200);
    const october = reports.filter((r) => r.ts >= Date.parse('2026-10-23T22:00:00Z'));
    expect(res.data.data.SRA1H).toEqual({ t: october.map((r) => r.ts), v: october.map((r) => r.posted) });
  });
});
