import { describe, expect, it } from 'vitest';
import { bucketWidth, extremesByReading, mergeExtremes } from '../../worker/domain/telemetry/downsample';

describe('downsampling helpers', () => {
  it('splits a range into at most the asked number of buckets', () => {
    const width = bucketWidth(0, 365 * 86_400_000, 1000);
    expect(Math.ceil((365 * 86_400_000) / width)).toBeLessThanOrEqual(1000);
    expect(bucketWidth(0, 10, 1000)).toBe(1);
  });

  it('merges bucket minima and maxima into one time-ordered series without repeating a point', () => {
    const minima = [
      { reading: 'H1', ts: 30, value: 1 },
      { reading: 'H1', ts: 10, value: 0 },
    ];
    const maxima = [
      { reading: 'H1', ts: 20, value: 5 },
      { reading: 'H1', ts: 10, value: 0 },
      { reading: 'KCM', ts: 10, value: 2 },
    ];
    expect(mergeExtremes([...minima, ...maxima])).toEqual([
      { reading: 'H1', ts: 10, value: 0 },
      { reading: 'KCM', ts: 10, value: 2 },
      { reading: 'H1', ts: 20, value: 5 },
      { reading: 'H1', ts: 30, value: 1 },
    ]);
  });

  it('finds each reading’s extremes', () => {
    expect(
      extremesByReading([
        { reading: 'H1', ts: 1, value: 3 },
        { reading: 'H1', ts: 2, value: -1 },
        { reading: 'KCM', ts: 2, value: 7 },
      ]),
    ).toEqual({ min: { H1: -1, KCM: 7 }, max: { H1: 3, KCM: 7 } });
  });
});
