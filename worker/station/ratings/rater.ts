/**
 * A code's rating versions in time (docs/ratings.md): each version is in effect from its `from` until its `to` or the
 * next version's `from`, whichever comes first; a version with a transition start blends the one before it into
 * itself linearly in time over [transitionFrom, from). Everything here is pure and in memory: the station object
 * builds a `Rater` once per read and rates every value of the read through it.
 */
import { invert, rate, stageRange, type Curve, type Rated } from './curve';
import { shiftAt, type Shift } from './shifts';

export interface RatingVersion {
  id: number;
  from: number;
  /** Excluded; null: until the next version starts. */
  to: number | null;
  /** Where the blend from the version before starts; null: a switch at `from`. */
  transitionFrom: number | null;
  curve: Curve;
  /** This version's shifts, in time order. */
  shifts: readonly Shift[];
}

/** The versions a value at one instant comes from: one, or two being blended (weight of `version`, the later). */
export type InEffect = { version: RatingVersion; previous: RatingVersion | null; weight: number };

/** A rated discharge with the version that made it (the later one during a transition). */
export interface RatedValue extends Rated {
  versionId: number;
}

/** Which version (and shift) rated a value: every discharge is traceable to them. */
export interface RatingTrace {
  version: number;
  /** The version blending into `version` during its transition; null outside one. */
  previous: number | null;
  shift: number;
}

/** The greatest shift of a version, either way, so a reverse rating knows how far past the table to look. */
const shiftReach = (v: RatingVersion) => Math.max(0, ...v.shifts.flatMap((s) => s.points.map((p) => Math.abs(p.shift))));

export class Rater {
  readonly versions: readonly RatingVersion[];

  constructor(versions: readonly RatingVersion[]) {
    this.versions = [...versions].sort((a, b) => a.from - b.from);
  }

  /** Where version `i` stops being in effect (excluded). */
  #end(i: number): number {
    const { to } = this.versions[i];
    const next = this.versions[i + 1];
    return Math.min(to ?? Infinity, next?.from ?? Infinity);
  }

  /** The version (or the two being blended) in effect at `ts`; null where none is. */
  inEffect(ts: number): InEffect | null {
    const { versions } = this;
    let lo = 0;
    let hi = versions.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (versions[mid].from <= ts) lo = mid + 1;
      else hi = mid;
    }
    const i = lo - 1;
    if (i < 0 || ts >= this.#end(i)) return null;
    const next = versions[i + 1];
    if (next?.transitionFrom != null && ts >= next.transitionFrom)
      return { version: next, previous: versions[i], weight: (ts - next.transitionFrom) / (next.from - next.transitionFrom) };
    return { version: versions[i], previous: null, weight: 1 };
  }

  /** The discharge of a stage at `ts` through the rating and shift in effect; null where there is none or it is out of range. */
  rate(ts: number, stage: number): RatedValue | null {
    const effect = this.inEffect(ts);
    return effect && rateIn(effect, ts, stage);
  }

  /**
   * What rates a stage at `ts`: the version in effect (the later one during a transition, with the one it blends
   * from), and the shift that version applies at this stage then (m); null where no version is in effect.
   */
  trace(ts: number, stage: number): RatingTrace | null {
    const effect = this.inEffect(ts);
    if (!effect) return null;
    const { version, previous } = effect;
    return { version: version.id, previous: previous?.id ?? null, shift: version.shifts.length ? shiftAt(version.shifts, ts, stage) : 0 };
  }

  /** The stage that gives `discharge` at `ts` (the lowest, where the curve is flat); null where none does. */
  reverse(ts: number, discharge: number): number | null {
    const effect = this.inEffect(ts);
    if (!effect) return null;
    const used = effect.previous ? [effect.version, effect.previous] : [effect.version];
    const reach = Math.max(...used.map(shiftReach));
    const low = Math.max(...used.map((v) => v.curve.points[0].stage)) - reach;
    let high = Math.min(...used.map((v) => v.curve.points[v.curve.points.length - 1].stage)) + reach;
    // Beyond the table a rated value is null: below it counts as too little, above as too much.
    const middle = (low + high) / 2;
    const f = (h: number) => rateIn(effect, ts, h)?.value ?? (h < middle ? -Infinity : Infinity);
    const extrapolates = used.every((v) => stageRange(v.curve)[1] === Infinity);
    for (let i = 0; extrapolates && i < 30 && !(f(high) >= discharge); i++) high += high - low;
    const stage = invert(f, discharge, low, high);
    return stage !== null && rateIn(effect, ts, stage) ? stage : null;
  }
}

function rateVersion(v: RatingVersion, ts: number, stage: number): Rated | null {
  return rate(v.curve, v.shifts.length ? stage + shiftAt(v.shifts, ts, stage) : stage);
}

function rateIn({ version, previous, weight }: InEffect, ts: number, stage: number): RatedValue | null {
  const now = rateVersion(version, ts, stage);
  if (!now) return null;
  if (!previous) return { value: now.value, extrapolated: now.extrapolated, versionId: version.id };
  const before = rateVersion(previous, ts, stage);
  if (!before) return null;
  return {
    value: (1 - weight) * before.value + weight * now.value,
    extrapolated: now.extrapolated || before.extrapolated,
    versionId: version.id,
  };
}
