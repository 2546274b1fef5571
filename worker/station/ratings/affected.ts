/**
 * The instants a change of rating touches (docs/ratings.md): what the roll-up must reckon anew of a code's discharge,
 * and nothing else. Pure: versions of one code in, spans `[from, to)` out (`to` null: open).
 */
import type { RatingVersion } from './rater';

export type Span = readonly [from: number, to: number | null];

const inOrder = (versions: readonly RatingVersion[]) => [...versions].sort((a, b) => a.from - b.from);

/**
 * Where a version (among its code's versions) decides the discharge, or would have without it: from its transition
 * (or start) until the next version starts. When it ends at its own `to` and nothing before it would have reached
 * past that, the span stops there.
 */
export function versionSpan(versions: readonly RatingVersion[], id: number): Span | null {
  const sorted = inOrder(versions);
  const i = sorted.findIndex((v) => v.id === id);
  if (i < 0) return null;
  const v = sorted[i];
  const before = sorted[i - 1];
  const next = sorted[i + 1]?.from ?? null;
  const coveredAfter = before !== undefined && v.to !== null && (before.to ?? Infinity) > v.to;
  const end = v.to !== null && !coveredAfter ? Math.min(v.to, next ?? Infinity) : next;
  return [v.transitionFrom ?? v.from, end];
}

/**
 * Where a shift of a version changes the discharge: from the shift before it when that one is prorated into it (else
 * from its own instant) until the next shift of the version, within the time the version is in effect.
 */
export function shiftSpan(versions: readonly RatingVersion[], versionId: number, shiftId: number): Span | null {
  const sorted = inOrder(versions);
  const i = sorted.findIndex((v) => v.id === versionId);
  const version = sorted[i];
  const k = version?.shifts.findIndex((s) => s.id === shiftId) ?? -1;
  if (k < 0) return null;
  const shifts = version.shifts;
  const before = shifts[k - 1];
  const from = Math.max(before?.prorate ? before.ts : shifts[k].ts, version.transitionFrom ?? version.from);
  const ends = [shifts[k + 1]?.ts, version.to, sorted[i + 1]?.from].filter((t): t is number => t !== undefined && t !== null);
  const to = ends.length ? Math.min(...ends) : null;
  return to !== null && to <= from ? null : [from, to];
}
