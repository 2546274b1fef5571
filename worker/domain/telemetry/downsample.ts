import type { Reading } from './rows';

/** Above this many points of one reading a chart range is downsampled. */
export const maxPointsPerReading = 4000;
/** Buckets per reading when downsampling; each keeps its minimum and maximum, so at most twice this many points. */
export const bucketsPerReading = 1000;

/** Width in ms of the time buckets that split [start, end) into `buckets` parts. */
export const bucketWidth = (start: number, end: number, buckets = bucketsPerReading) => Math.max(1, Math.ceil((end - start) / buckets));

const byTimeThenReading = (a: Reading, b: Reading) => a.ts - b.ts || (a.reading < b.reading ? -1 : a.reading > b.reading ? 1 : 0);

/**
 * Joins each bucket's minimum and maximum points into one series in time order; a point that is both
 * (a flat bucket, or one holding a single reading) appears once. Peaks and dips therefore survive.
 */
export function mergeExtremes(points: Reading[]): Reading[] {
  const seen = new Set<string>();
  const merged = points.filter((p) => {
    const key = `${p.reading}\u0000${p.ts}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return merged.sort(byTimeThenReading);
}

/** The smallest and largest value of each reading. */
export function extremesByReading(points: Reading[]) {
  const min: Record<string, number> = {};
  const max: Record<string, number> = {};
  for (const { reading, value } of points) {
    if (!(reading in min) || value < min[reading]) min[reading] = value;
    if (!(reading in max) || value > max[reading]) max[reading] = value;
  }
  return { min, max };
}
