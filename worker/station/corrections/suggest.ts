/**
 * Comparing a logger's series with manual measurements (field visits): the logger's value at a visit's moment and
 * the drift that makes the series meet the visits at both ends of a range.
 */
import { firstAtOrAfter, type Points } from './stack';

/** Points further apart than this are not interpolated between: the logger has no value at a moment inside such a gap. */
export const loggerReachMs = 6 * 3_600_000;

/** The series' value at `t`: the point there, or linear between the points either side; null outside or in a long gap. */
export function valueAt(points: Points, t: number): number | null {
  const { ts, values } = points;
  const j = firstAtOrAfter(ts, t);
  if (j < ts.length && ts[j] === t) return values[j];
  if (j === 0 || j === ts.length || ts[j] - ts[j - 1] > loggerReachMs) return null;
  return values[j - 1] + ((values[j] - values[j - 1]) * (t - ts[j - 1])) / (ts[j] - ts[j - 1]);
}

/** A manual measurement in the code's own terms (what the logger should have read then). */
export interface Measured {
  ts: number;
  value: number;
}

export interface DriftSuggestion {
  /** Measured minus logged at the start and at the end. */
  startDifference: number;
  endDifference: number;
  /** The drift's amount at the end: the change of the difference across the range (the start's is an offset's job). */
  amount: number;
}

/** The drift that brings `points` onto the measurements at both ends; null when the logger has no value at either. */
export function suggestDrift(points: Points, start: Measured, end: Measured): DriftSuggestion | null {
  const loggedStart = valueAt(points, start.ts);
  const loggedEnd = valueAt(points, end.ts);
  if (loggedStart === null || loggedEnd === null) return null;
  const startDifference = start.value - loggedStart;
  const endDifference = end.value - loggedEnd;
  return { startDifference, endDifference, amount: endDifference - startDifference };
}
