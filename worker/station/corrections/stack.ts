/**
 * The correction stack of one reading code, as pure arithmetic (docs/corrections.md): raw points in, corrected
 * points out, nothing stored. Raw readings never change; a code's corrected series is its raw points (rejected ones
 * left out) passed through its corrections in processing order, so removing a correction gives back exactly what
 * the stack without it gives. With no correction the raw points come back as they are (no copy).
 */

/** One code's points in time order: epoch ms and values, index by index. */
export interface Points {
  ts: Float64Array;
  values: Float64Array;
}

/** The standard gravity in m/s², with which pressure becomes a water column. */
export const standardGravity = 9.80665;

/** What a correction does, with its parameters. */
export type CorrectionParams =
  | { kind: 'offset'; amount: number }
  /** Linear from 0 at `from` to `amount` at `to` (a drift needs an end). */
  | { kind: 'drift'; amount: number }
  /** Moves readings' times by this many seconds. */
  | { kind: 'clock_shift'; seconds: number }
  | { kind: 'delete_range' }
  /** Fills gaps up to `maxGapMinutes` linearly, a point per reporting interval (the station's, when it was made). */
  | { kind: 'gap_fill'; maxGapMinutes: number; intervalMinutes: number }
  /**
   * Subtracts a pressure series (hPa, less `referenceHpa`) as metres of water of `density` kg/m³; `source` is the
   * station whose `pressure` is used (null: this one).
   */
  | { kind: 'barometric'; source: number | null; density: number; referenceHpa: number };

/** A correction as the station keeps it; `from` and `to` are both included, `to` null is open-ended. */
export interface Correction {
  id: number;
  code: string;
  from: number;
  to: number | null;
  /** Processing order within its code: lower runs first (ties by id). */
  order: number;
  createdAt: number;
  removedAt: number | null;
  params: CorrectionParams;
}

/** What a stack needs besides the points: for barometric corrections, pressure. */
export interface StackContext {
  /** The pressure (hPa) a barometric correction subtracts, in time order. */
  pressureOf?: (correction: Correction) => Points | undefined;
}

/** The corrections in force at `at` (created by then and not removed by then; left out: now), in processing order. */
export function stackAsOf<C extends Correction>(corrections: readonly C[], at?: number): C[] {
  const live = corrections.filter((c) =>
    at === undefined ? c.removedAt === null : c.createdAt <= at && (c.removedAt === null || c.removedAt > at),
  );
  return live.sort((a, b) => a.order - b.order || a.id - b.id);
}

/** The first index whose time is at or after `t`. */
export function firstAtOrAfter(ts: Float64Array, t: number): number {
  let lo = 0;
  let hi = ts.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (ts[mid] < t) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The index range [start, end) of the points inside [from, to]. */
function within(ts: Float64Array, from: number, to: number | null): [number, number] {
  return [firstAtOrAfter(ts, from), to === null ? ts.length : firstAtOrAfter(ts, to + 1)];
}

const owned = (p: Points): Points => ({ ts: p.ts.slice(), values: p.values.slice() });

/**
 * A code's corrected points: `raw` through `stack` in the order given (see `stackAsOf`). Pointwise kinds change
 * values in place on one copy; kinds that add, drop or move points build new arrays.
 */
export function applyStack(raw: Points, stack: readonly Correction[], context: StackContext = {}): Points {
  if (stack.length === 0) return raw;
  let points = owned(raw);
  for (const c of stack) points = applyOne(points, c, context);
  return points;
}

function applyOne(p: Points, c: Correction, context: StackContext): Points {
  const [start, end] = within(p.ts, c.from, c.to);
  const { params } = c;
  switch (params.kind) {
    case 'offset': {
      const { values } = p;
      const { amount } = params;
      for (let i = start; i < end; i++) values[i] += amount;
      return p;
    }
    case 'drift': {
      const { ts, values } = p;
      const span = (c.to ?? c.from) - c.from;
      const { amount } = params;
      for (let i = start; i < end; i++) values[i] += span === 0 ? amount : (amount * (ts[i] - c.from)) / span;
      return p;
    }
    case 'barometric':
      return compensate(p, start, end, params, context.pressureOf?.(c));
    case 'delete_range':
      return start === end ? p : removeRange(p, start, end);
    case 'clock_shift':
      return start === end || params.seconds === 0 ? p : shift(p, start, end, params.seconds * 1000);
    case 'gap_fill':
      return fillGaps(p, c.from, c.to, params.maxGapMinutes * 60_000, params.intervalMinutes * 60_000);
  }
}

function removeRange(p: Points, start: number, end: number): Points {
  const n = p.ts.length - (end - start);
  const ts = new Float64Array(n);
  const values = new Float64Array(n);
  ts.set(p.ts.subarray(0, start));
  values.set(p.values.subarray(0, start));
  ts.set(p.ts.subarray(end), start);
  values.set(p.values.subarray(end), start);
  return { ts, values };
}

/**
 * Moves [start, end) by `byMs` and merges it back among the rest in time order. Where a moved reading lands on the
 * time of one that did not move, the moved one is kept: its clock was the one corrected.
 */
function shift(p: Points, start: number, end: number, byMs: number): Points {
  const rest = removeRange(p, start, end);
  const n = p.ts.length;
  const ts = new Float64Array(n);
  const values = new Float64Array(n);
  let i = 0;
  let j = start;
  let k = 0;
  while (i < rest.ts.length || j < end) {
    const moved = j < end ? p.ts[j] + byMs : Infinity;
    const kept = i < rest.ts.length ? rest.ts[i] : Infinity;
    if (moved <= kept) {
      if (moved === kept) i++;
      ts[k] = moved;
      values[k++] = p.values[j++];
    } else {
      ts[k] = kept;
      values[k++] = rest.values[i++];
    }
  }
  return { ts: ts.subarray(0, k), values: values.subarray(0, k) };
}

/**
 * Fills each gap between two points inside [from, to] that is longer than the reporting interval and at most `maxGapMs`
 * with points a reporting interval apart, linearly between the two; none closer than half an interval to the next.
 */
function fillGaps(p: Points, from: number, to: number | null, maxGapMs: number, intervalMs: number): Points {
  const { ts, values } = p;
  const [start, end] = within(ts, from, to);
  const added: number[] = [];
  const addedValues: number[] = [];
  const at: number[] = [];
  for (let i = start; i + 1 < end; i++) {
    const gap = ts[i + 1] - ts[i];
    if (gap <= intervalMs || gap > maxGapMs) continue;
    for (let t = ts[i] + intervalMs; t <= ts[i + 1] - intervalMs / 2; t += intervalMs) {
      added.push(t);
      addedValues.push(values[i] + ((values[i + 1] - values[i]) * (t - ts[i])) / gap);
      at.push(i + 1);
    }
  }
  if (added.length === 0) return p;
  const n = ts.length + added.length;
  const outTs = new Float64Array(n);
  const outValues = new Float64Array(n);
  let k = 0;
  let a = 0;
  for (let i = 0; i <= ts.length; i++) {
    while (a < added.length && at[a] === i) {
      outTs[k] = added[a];
      outValues[k++] = addedValues[a++];
    }
    if (i < ts.length) {
      outTs[k] = ts[i];
      outValues[k++] = values[i];
    }
  }
  return { ts: outTs, values: outValues };
}

/** Pressure readings further apart than this are not interpolated across: a reading between them is left out. */
export const pressureReachMs = 3 * 3_600_000;

/**
 * Subtracts the pressure at each reading's time (linear between the pressure readings either side) as a water
 * column, h = (p − reference) · 100 / (ρ · g). A reading with no pressure within reach is left out: it cannot be
 * compensated.
 */
function compensate(
  p: Points,
  start: number,
  end: number,
  params: Extract<CorrectionParams, { kind: 'barometric' }>,
  pressure: Points | undefined,
): Points {
  const { ts, values } = p;
  const metresPerHpa = 100 / (params.density * standardGravity);
  const pts = pressure?.ts ?? new Float64Array(0);
  const pv = pressure?.values ?? new Float64Array(0);
  let j = start < end ? firstAtOrAfter(pts, ts[start]) : 0;
  let lost = 0;
  for (let i = start; i < end; i++) {
    const t = ts[i];
    while (j < pts.length && pts[j] < t) j++;
    let hpa: number;
    if (j < pts.length && pts[j] === t) hpa = pv[j];
    else if (j > 0 && j < pts.length && pts[j] - pts[j - 1] <= pressureReachMs)
      hpa = pv[j - 1] + ((pv[j] - pv[j - 1]) * (t - pts[j - 1])) / (pts[j] - pts[j - 1]);
    else {
      values[i] = NaN;
      lost++;
      continue;
    }
    values[i] -= (hpa - params.referenceHpa) * metresPerHpa;
  }
  if (lost === 0) return p;
  const n = ts.length - lost;
  const outTs = new Float64Array(n);
  const outValues = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < ts.length; i++) {
    if (Number.isNaN(values[i])) continue;
    outTs[k] = ts[i];
    outValues[k++] = values[i];
  }
  return { ts: outTs, values: outValues };
}

/**
 * The spans of time whose points a correction changes, both ends included (`to` null: open-ended): its range, and
 * for a clock shift also where the range lands. The roll-up computes these days again when the correction comes or goes.
 */
export function spansOf(c: Correction): [number, number | null][] {
  if (c.params.kind !== 'clock_shift') return [[c.from, c.to]];
  const by = c.params.seconds * 1000;
  return [
    [c.from, c.to],
    [c.from + by, c.to === null ? null : c.to + by],
  ];
}
