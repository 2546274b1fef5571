import { describe, expect, it } from 'vitest';
import { bucketWidth, SeriesBuilder } from '../../worker/station/series';

const build = (rows: (number | null)[][], options: { rawLimit: number; buckets: number }, end = 100) => {
  const builder = new SeriesBuilder(['H1', 'KCM'], 0, end, options);
  rows.forEach((row) => builder.add(row));
  return builder.result();
};

describe('chart series from one pass over a station', () => {
  it('splits a range into at most the asked number of buckets', () => {
    const width = bucketWidth(0, 365 * 86_400_000, 1000);
    expect(Math.ceil((365 * 86_400_000) / width)).toBeLessThanOrEqual(1000);
    expect(bucketWidth(0, 10, 1000)).toBe(1);
  });

  it('returns raw points per reading while each stays within the limit, with exact extremes', () => {
    const result = build([[10, 1, null], [20, 3, 7], [30, -2, null]], { rawLimit: 3, buckets: 2 });
    expect(result).toEqual({
      series: { H1: { t: [10, 20, 30], v: [1, 3, -2] }, KCM: { t: [20], v: [7] } },
      min: { H1: -2, KCM: 7 },
      max: { H1: 3, KCM: 7 },
      downsampled: false,
    });
  });

  it("keeps each bucket's earliest minimum and maximum in time order, a point that is both only once", () => {
    // Buckets of width 50: [0, 50) holds 10..40, [50, 100) holds 60 and 70.
    const rows = [[10, 5, 1], [20, 0, 1], [30, 9, 1], [40, 0, 1], [60, 4, null], [70, 4, null]];
    const result = build(rows, { rawLimit: 3, buckets: 2 });
    expect(result.downsampled).toBe(true);
    expect(result.series.H1).toEqual({ t: [20, 30, 60], v: [0, 9, 4] });
    // A flat bucket keeps one point.
    expect(result.series.KCM).toEqual({ t: [10], v: [1] });
    expect(result.min).toEqual({ H1: 0, KCM: 1 });
    expect(result.max).toEqual({ H1: 9, KCM: 1 });
  });
});
