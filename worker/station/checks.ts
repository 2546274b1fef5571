/**
 * The automatic checks a station's object runs on arriving readings (pure: no storage). They flag a reading as
 * suspect, never refuse it: a value outside the soft limits (range), a change from the reading it is measured
 * against larger than the largest step (step or spike), a rate of change per hour above the largest rate (rate),
 * or the same value for the flat-line duration or longer (flat). One reason per reading, in that order.
 */
import type { CheckSettings } from '../../shared/readings';

export type CheckReason = 'range' | 'step' | 'rate' | 'flat';

export interface Point {
  ts: number;
  value: number;
}

/**
 * What the checks remember of a code's readings so far: the last one, the one steps and rates are measured from
 * (the last reading not flagged for its range, step or rate, so that the reading after a spike is not flagged for
 * coming back), how many readings in a row were so flagged, and where the current run of equal values began.
 */
export interface Tail {
  ts: number;
  value: number;
  ref: Point;
  jumps: number;
  flatSince: number;
}

/** After this many readings in a row flagged for a step or rate, the new level is taken as real: later readings are measured from it. */
export const maxJumps = 3;
/** Rates are measured over at least this long, so two readings seconds apart do not make a huge rate. */
export const minRateSpanMs = 10 * 60_000;
/** No rate across a gap longer than this. */
export const maxRateSpanMs = 6 * 3_600_000;

const hourMs = 3_600_000;

/** The reason a reading is suspect given what came before (`tail`, null for a code's first reading), or null. */
function reasonOf(s: CheckSettings, tail: Tail | null, p: Point): CheckReason | null {
  if ((s.softMin !== null && p.value < s.softMin) || (s.softMax !== null && p.value > s.softMax)) return 'range';
  if (!tail) return null;
  const change = Math.abs(p.value - tail.ref.value);
  if (s.maxStep !== null && change > s.maxStep) return 'step';
  const span = p.ts - tail.ref.ts;
  if (s.maxRate !== null && span > 0 && span <= maxRateSpanMs && (change / Math.max(span, minRateSpanMs)) * hourMs > s.maxRate)
    return 'rate';
  const flatSince = p.value === tail.value ? tail.flatSince : p.ts;
  if (s.flatMinutes !== null && p.ts - flatSince >= s.flatMinutes * 60_000) return 'flat';
  return null;
}

/** The tail after `p` (flagged for `reason`), given the tail before it. */
export function advance(tail: Tail | null, p: Point, reason: CheckReason | null): Tail {
  if (!tail) return { ts: p.ts, value: p.value, ref: p, jumps: 0, flatSince: p.ts };
  const flatSince = p.value === tail.value ? tail.flatSince : p.ts;
  // A reading out of range or off by a step is not what the next one is measured from (a -999 from a loose probe
  // would flag the good reading after it), unless it keeps on: then it is the new level.
  const jumped = reason !== null && reason !== 'flat';
  const jumps = jumped ? tail.jumps + 1 : 0;
  const ref = !jumped || jumps > maxJumps ? p : tail.ref;
  return { ts: p.ts, value: p.value, ref, jumps: jumps > maxJumps ? 0 : jumps, flatSince };
}

/**
 * Runs the checks over a code's readings in time order, starting from `tail` (what came before them). Only
 * readings `isNew` says arrived now are flagged; the others (stored readings between backfilled ones) only move the
 * tail. Returns the flagged readings with their reason, and the tail after the last reading.
 */
export function checkPoints(
  settings: CheckSettings,
  tail: Tail | null,
  points: Point[],
  isNew: (p: Point) => boolean = () => true,
): { flagged: { ts: number; reason: CheckReason }[]; tail: Tail | null } {
  const flagged: { ts: number; reason: CheckReason }[] = [];
  for (const p of points) {
    const reason = reasonOf(settings, tail, p);
    if (reason && isNew(p)) flagged.push({ ts: p.ts, reason });
    tail = advance(tail, p, reason);
  }
  return { flagged, tail };
}

/** Whether any check is on (a code with none costs nothing at ingest). */
export const anyCheck = (s: CheckSettings) =>
  s.softMin !== null || s.softMax !== null || s.maxStep !== null || s.maxRate !== null || s.flatMinutes !== null;

/** Whether the checks need what came before a reading (all but the range check do). */
export const needsHistory = (s: CheckSettings) => s.maxStep !== null || s.maxRate !== null || s.flatMinutes !== null;
