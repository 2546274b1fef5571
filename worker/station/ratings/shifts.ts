/**
 * USGS-style variable shifts (docs/ratings.md): a shift is a curve of (stage, shift) points with the instant it takes
 * effect; the rating is read at the stage plus the shift, Q = rating(h + shift(h)). Between one shift and the next of
 * the same rating version the shift is prorated linearly in time (unless the earlier one says it holds as a step).
 */

export interface ShiftPoint {
  stage: number;
  shift: number;
}

export interface Shift {
  id: number;
  /** The instant it takes full effect. */
  ts: number;
  /** In stage order; one point is a constant shift. */
  points: readonly ShiftPoint[];
  /** Prorated into the next shift over the time between them (true), or held until the next one (false). */
  prorate: boolean;
}

/** A shift curve's value at `stage`: linear between its points, the end values beyond them. */
export function shiftValue(points: readonly ShiftPoint[], stage: number): number {
  if (stage <= points[0].stage) return points[0].shift;
  const last = points[points.length - 1];
  if (stage >= last.stage) return last.shift;
  let i = 0;
  while (points[i + 1].stage < stage) i++;
  const a = points[i];
  const b = points[i + 1];
  return a.shift + ((b.shift - a.shift) * (stage - a.stage)) / (b.stage - a.stage);
}

/** The index of the last shift in effect at `ts` (shifts in time order), or -1 before the first. */
function shiftIndex(shifts: readonly Shift[], ts: number): number {
  let lo = 0;
  let hi = shifts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (shifts[mid].ts <= ts) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/** The shifts that make the shift at `ts` with their weights (summing to 1); none before the first shift. */
export function shiftsAt(shifts: readonly Shift[], ts: number): { shift: Shift; weight: number }[] {
  const i = shiftIndex(shifts, ts);
  if (i < 0) return [];
  const now = shifts[i];
  const next = shifts[i + 1];
  if (!next || !now.prorate || ts === now.ts) return [{ shift: now, weight: 1 }];
  const w = (ts - now.ts) / (next.ts - now.ts);
  return [
    { shift: now, weight: 1 - w },
    { shift: next, weight: w },
  ];
}

/** The shift at `ts` and `stage` (0 before the first shift); allocates nothing, as it runs once per rated value. */
export function shiftAt(shifts: readonly Shift[], ts: number, stage: number): number {
  const i = shiftIndex(shifts, ts);
  if (i < 0) return 0;
  const now = shifts[i];
  const next = shifts[i + 1];
  const value = shiftValue(now.points, stage);
  if (!next || !now.prorate || ts === now.ts) return value;
  const w = (ts - now.ts) / (next.ts - now.ts);
  return (1 - w) * value + w * shiftValue(next.points, stage);
}
