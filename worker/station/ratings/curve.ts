/**
 * A rating curve as pure arithmetic (docs/ratings.md): a table of (stage, discharge) points, each point saying how
 * the segment from it to the next is interpolated. Nothing stored, nothing dated: `rater.ts` puts curves in time.
 */

/** How a segment goes from its point to the next one. */
import { powerLaw } from '../../../shared/power-law';
export type Segment =
  | { kind: 'linear' }
  /** log(Q) linear in log(h − offset): the offset is the stage of zero flow. */
  | { kind: 'log'; offset: number }
  /** Q = coefficient · (h − offset)^exponent over the segment, whatever the table's discharges there say. */
  | { kind: 'power'; offset: number; coefficient: number; exponent: number };

export interface RatingPoint {
  stage: number;
  discharge: number;
  /** The segment from this point to the next (the last point's is used only to extrapolate above the table). */
  segment: Segment;
}

/** Outside the table's stages: no value, or the end segment extended and the value flagged suspect. */
export type OutOfRange = 'none' | 'extrapolate';

export interface Curve {
  points: readonly RatingPoint[];
  outOfRange: OutOfRange;
}

/** A discharge and whether it was extrapolated beyond the table (suspect). */
export interface Rated {
  value: number;
  extrapolated: boolean;
}

/** The index of the segment holding `stage` (the first for a stage below the table, the last above it). */
export function segmentIndex(points: readonly RatingPoint[], stage: number): number {
  let lo = 0;
  let hi = points.length - 2;
  while (lo < hi) {
    const mid = (lo + hi + 1) >>> 1;
    if (points[mid].stage <= stage) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/** The discharge of segment `i` at `stage` (also beyond its ends, for extrapolation). */
export function segmentValue(points: readonly RatingPoint[], i: number, stage: number): number {
  const a = points[i];
  const b = points[i + 1];
  const { segment } = a;
  switch (segment.kind) {
    case 'linear':
      return Math.max(0, a.discharge + ((b.discharge - a.discharge) * (stage - a.stage)) / (b.stage - a.stage));
    case 'log': {
      const depth = stage - segment.offset;
      if (depth <= 0) return 0;
      const exponent = Math.log(b.discharge / a.discharge) / Math.log((b.stage - segment.offset) / (a.stage - segment.offset));
      return a.discharge * Math.pow(depth / (a.stage - segment.offset), exponent);
    }
    case 'power':
      return powerLaw(segment, stage);
  }
}

const lowest = (c: Curve) => c.points[0].stage;
const highest = (c: Curve) => c.points[c.points.length - 1].stage;

/** The discharge at `stage`, or null outside the table when the curve does not extrapolate. */
export function rate(curve: Curve, stage: number): Rated | null {
  const outside = stage < lowest(curve) || stage > highest(curve);
  if (outside && curve.outOfRange === 'none') return null;
  return { value: segmentValue(curve.points, segmentIndex(curve.points, stage), stage), extrapolated: outside };
}

/** The stages a curve answers for: its table, or everything when it extrapolates. */
export function stageRange(curve: Curve): [number, number] {
  return curve.outOfRange === 'extrapolate' ? [-Infinity, Infinity] : [lowest(curve), highest(curve)];
}

/**
 * The lowest stage in [lo, hi] at which a non-decreasing `f` reaches `target`, by bisection to a micrometre of stage
 * (at most 60 steps, whatever the table); null when it does not reach it there.
 */
export function invert(f: (stage: number) => number, target: number, lo: number, hi: number): number | null {
  if (!(f(hi) >= target)) return null;
  const low = f(lo);
  if (low >= target) return low === target ? lo : null;
  for (let i = 0; i < 60 && hi - lo > 1e-6; i++) {
    const mid = (lo + hi) / 2;
    if (f(mid) >= target) hi = mid;
    else lo = mid;
  }
  return hi;
}
