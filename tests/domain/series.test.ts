import { describe, expect, it } from 'vitest';
import { dayBounds } from '../../shared/station-time';
import { bucketWidth, rawSeries, SeriesBuilder, totalsPeriod, type SeriesOptions } from '../../worker/station/series';

const build = (rows: (number | null)[][], options: SeriesOptions, end = 100, codes = ['H1', 'KCM']) => {
  const builder = new SeriesBuilder(codes, 0, end, options);
  rows.forEach((row) => builder.add(row));
  return builder.result();
};

const hour = 3_600_000;
const day = 24 * hour;

describe('chart series from one pass over a station', () => {
  it('splits a range into at most the asked number of buckets', () => {
    const width = bucketWidth(0, 365 * day, 1000);
    expect(Math.ceil((365 * day) / width)).toBeLessThanOrEqual(1000);
    expect(bucketWidth(0, 10, 1000)).toBe(1);
  });

  it('returns raw points per reading while each stays within the budget, with exact extremes', () => {
    const result = build(
      [
        [10, 1, null],
        [20, 3, 7],
        [30, -2, null],
      ],
      { points: 4 },
    );
    expect(result).toEqual({
      data: { H1: { t: [10, 20, 30], v: [1, 3, -2] }, KCM: { t: [20], v: [7] } },
      totals: {},
      min: { H1: -2, KCM: 7 },
      max: { H1: 3, KCM: 7 },
      downsampled: false,
      bucket_ms: null,
    });
  });

  it("keeps each bucket's earliest minimum and maximum in time order, a point that is both only once", () => {
    // A budget of 4 points is 2 buckets of width 50: [0, 50) holds 10..40, [50, 100) holds 60 and 70.
    const rows = [
      [10, 5, 1],
      [20, 0, 1],
      [30, 9, 1],
      [40, 0, 1],
      [60, 4, 1],
      [70, 4, null],
    ];
    const result = build(rows, { points: 4 });
    expect(result.downsampled).toBe(true);
    expect(result.bucket_ms).toBe(50);
    expect(result.data.H1).toEqual({ t: [20, 30, 60], v: [0, 9, 4] });
    // A flat bucket keeps one point.
    expect(result.data.KCM).toEqual({ t: [10, 60], v: [1, 1] });
    expect(result.min).toEqual({ H1: 0, KCM: 1 });
    expect(result.max).toEqual({ H1: 9, KCM: 1 });
  });

  it('downsamples only the readings that exceed the budget', () => {
    const rows = Array.from({ length: 50 }, (_, i) => [i * 2, i % 7, i === 10 ? 3 : null]);
    const result = build(rows, { points: 10 });
    expect(result.data.KCM).toEqual({ t: [20], v: [3] });
    expect(result.data.H1.t.length).toBeLessThanOrEqual(10);
  });

  it('never sends more points per reading than asked, and keeps every bucket’s extremes', () => {
    let seed = 11;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const end = 30 * day;
    const rows = Array.from({ length: 4320 }, (_, i) => [i * 600_000, Math.round(random() * 1000) / 100, null]);
    for (const points of [600, 1200, 2400]) {
      const result = build(rows, { points }, end);
      const { t, v } = result.data.H1;
      expect(t.length).toBeLessThanOrEqual(points);
      const width = result.bucket_ms!;
      const kept = new Map<number, number[]>();
      t.forEach((ts, i) => kept.set(Math.floor(ts / width), [...(kept.get(Math.floor(ts / width)) ?? []), v[i]]));
      const raw = new Map<number, number[]>();
      for (const [ts, value] of rows) raw.set(Math.floor(ts! / width), [...(raw.get(Math.floor(ts! / width)) ?? []), value!]);
      for (const [b, values] of raw) {
        expect(kept.get(b)).toContain(Math.min(...values));
        expect(kept.get(b)).toContain(Math.max(...values));
      }
    }
  });
});

describe('totals of readings that add up', () => {
  const prague = 'Europe/Prague';
  const totalsOf = (rows: (number | null)[][], start: number, end: number, points = 1200) => {
    const builder = new SeriesBuilder(['H1', 'SRA1H'], start, end, { points, totalsIn: prague });
    rows.forEach((row) => builder.add(row));
    return builder.result();
  };

  it('sums rain per station-local day, 23- and 25-hour days included, with the total and the wettest day', () => {
    const start = dayBounds('2026-10-24', prague).start;
    const end = dayBounds('2026-10-26', prague).end;
    // Every 10 minutes for three days it rains 0.1 mm, 1 mm in the 10 minutes to 23:50 local on the 25th (the 25-hour
    // day's last report). SRA1H is the rolling hour, as such a station reports it: what fell in the hour up to each report.
    const fell: [number, number][] = [];
    for (let ts = start; ts < end; ts += 600_000) fell.push([ts, ts === dayBounds('2026-10-25', prague).end - 600_000 ? 1 : 0.1]);
    const rows = fell.map(([ts], i) => [ts, 1, fell.slice(Math.max(0, i - 5), i + 1).reduce((n, [, mm]) => n + mm, 0)]);
    const { totals, data: series } = totalsOf(rows, start, end);
    expect(Object.keys(series)).toEqual(['H1']);
    const rain = totals.SRA1H;
    expect(rain.period).toBe('hour');
    const daily = new SeriesBuilder(['SRA1H'], start, end, { points: 10, totalsIn: prague });
    rows.forEach(([ts, , v]) => daily.add([ts, v]));
    const days = daily.result().totals.SRA1H;
    expect(days.period).toBe('day');
    expect(days.t).toEqual(['2026-10-24', '2026-10-25', '2026-10-26'].map((d) => dayBounds(d, prague).start));
    // 144, 150 and 144 reports: the 25-hour day has six more.
    expect(days.v[0]).toBeCloseTo(14.4, 9);
    expect(days.v[1]).toBeCloseTo(149 * 0.1 + 1, 9);
    expect(days.v[2]).toBeCloseTo(14.4, 9);
    expect(days.sum).toBeCloseTo(14.4 + 15.9 + 14.4, 9);
    expect(days.peak_day!.day).toBe('2026-10-25');
    expect(days.peak_day!.sum).toBeCloseTo(15.9, 9);
    // Hourly totals of the same readings add up to the same days; the night the clocks go back has two 02:00 hours.
    expect(rain.t.length).toBe(24 + 25 + 24);
    expect(rain.sum).toBeCloseTo(days.sum, 9);
    expect(rain.peak_day).toEqual(days.peak_day);
  });

  it('chooses hours for up to eight days (the 7-day preset), else the finest of days, months and years that fits the budget', () => {
    expect(totalsPeriod(0, 8 * day + hour, 1200)).toBe('hour');
    expect(totalsPeriod(0, 9 * day, 1200)).toBe('day');
    expect(totalsPeriod(0, 8 * day, 100)).toBe('day');
    expect(totalsPeriod(0, 366 * day, 600)).toBe('day');
    expect(totalsPeriod(0, 3653 * day, 2400)).toBe('month');
    expect(totalsPeriod(0, 3653 * day, 100)).toBe('year');
  });

  it('name no wettest day when nothing fell', () => {
    const { totals } = totalsOf(
      [
        [0, 1, 0],
        [600_000, 1, 0],
      ],
      0,
      86_400_000,
    );
    expect(totals.SRA1H).toMatchObject({ v: [0], sum: 0, peak_day: null });
  });
});

describe('raw export of a station', () => {
  it('returns every reading per code, or nothing past the limit', () => {
    const rows = [
      [10, 1, null],
      [20, 2, 5],
      [30, null, 6],
    ];
    expect(rawSeries(['H1', 'KCM', 'RV'], rows, 4)).toEqual({ H1: { t: [10, 20], v: [1, 2] }, KCM: { t: [20, 30], v: [5, 6] } });
    expect(rawSeries(['H1', 'KCM'], rows, 3)).toBeNull();
  });
});
