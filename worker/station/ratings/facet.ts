/** The station's ratings over RPC (docs/ratings.md): versions, shifts, gaugings, and rating values through them. */
import type { Gauging, InEffect, Rated, RatingTable, RatingVersion, Shift } from '../../contracts/ratings';
import { isoInstant } from '../../../shared/station-time';
import { daysWithin } from '../corrections/kept';
import { shiftSpan, versionSpan, type Span } from './affected';
import { rate as rateCurve } from './curve';
import { Facet } from '../facets';
import type { Editor } from '../quality';
import type { NewGauging, NewShift, NewVersion, Outcome, Refused } from './kept';
import { Rater } from './rater';
import { shiftAt, shiftsAt } from './shifts';
import { gaugingReply, shiftReply, versionReply } from './replies';

const mapped = <T, U>(outcome: Outcome<T>, f: (value: T) => U): { ok: true; value: U } | Refused =>
  outcome.ok ? { ok: true, value: f(outcome.value) } : outcome;

export class RatingsFacet extends Facet {
  /** A code's (or every code's) versions with their shifts, and gaugings with their deviations: no readings read. */
  state(code?: string): { versions: RatingVersion[]; gaugings: Gauging[] } {
    const { ratings } = this.parts;
    const raters = ratings.raters();
    return {
      versions: ratings.versions(code).map(versionReply),
      gaugings: ratings.gaugings(code).map((g) => gaugingReply(g, raters.get(g.code))),
    };
  }

  /** Marks the station-local days with readings in `spans` for the roll-up (their discharge changed). */
  async #touch(spans: (Span | null)[]) {
    const zone = this.parts.rollup.ref?.timezone;
    const within = spans.filter((s) => s !== null).map(([from, to]) => [from, to === null ? null : to - 1] as const);
    if (zone && within.length) await this.parts.rollup.touch(daysWithin(this.parts.storage.sql, within, zone));
  }

  /** Adds a version; the days it rates (or took from the version before) are rolled up again. */
  async addVersion(input: NewVersion, who: Editor) {
    const outcome = this.parts.ratings.addVersion(input, who, Date.now());
    if (outcome.ok) await this.#touch([versionSpan(this.parts.ratings.versions(input.code), outcome.value.id)]);
    return mapped(outcome, versionReply);
  }

  async replaceVersion(id: number, input: NewVersion, who: Editor) {
    const before = versionSpan(this.parts.ratings.versions(input.code), id);
    const outcome = this.parts.ratings.replaceVersion(id, input, who, Date.now());
    if (outcome.ok) await this.#touch([before, versionSpan(this.parts.ratings.versions(input.code), id)]);
    return mapped(outcome, versionReply);
  }

  async removeVersion(id: number, note: string, who: Editor) {
    const before = this.#spanOf(id);
    const outcome = this.parts.ratings.removeVersion(id, note, who, Date.now());
    if (outcome.ok) await this.#touch([before]);
    return outcome;
  }

  #spanOf(versionId: number, shiftId?: number): Span | null {
    const code = this.parts.ratings.versions().find((v) => v.id === versionId)?.code;
    if (code === undefined) return null;
    const versions = this.parts.ratings.versions(code);
    return shiftId === undefined ? versionSpan(versions, versionId) : shiftSpan(versions, versionId, shiftId);
  }

  /** Adds a shift; the days from the shift prorated into it until the next shift are rolled up again. */
  async addShift(input: NewShift, who: Editor): Promise<{ ok: true; value: Shift } | Refused> {
    const outcome = this.parts.ratings.addShift(input, who, Date.now());
    if (outcome.ok) await this.#touch([this.#spanOf(input.versionId, outcome.value.id)]);
    return mapped(outcome, shiftReply);
  }

  async removeShift(id: number, note: string, who: Editor) {
    const versionId = this.parts.ratings.versions().find((v) => v.shifts.some((s) => s.id === id))?.id;
    const before = versionId === undefined ? null : this.#spanOf(versionId, id);
    const outcome = this.parts.ratings.removeShift(id, note, who, Date.now());
    if (outcome.ok) await this.#touch([before]);
    return outcome;
  }

  addGaugings(inputs: NewGauging[], who: Editor): Gauging[] {
    const ids = new Set(this.parts.ratings.addGaugings(inputs, who, Date.now()).map((g) => g.id));
    return this.state().gaugings.filter((g) => ids.has(g.id));
  }

  removeGauging(id: number, note: string, who: Editor) {
    return this.parts.ratings.removeGauging(id, note, who, Date.now());
  }

  /** The version (and, in a transition, the one blending out) and the shifts in effect at `ts`. */
  inEffect(code: string, ts: number): InEffect {
    const effect = new Rater(this.parts.ratings.versions(code)).inEffect(ts);
    if (!effect) return { version: null, previous: null, weight: 1, shifts: [] };
    const version = this.parts.ratings.versions(code).find((v) => v.id === effect.version.id)!;
    return {
      version: versionReply(version),
      previous: effect.previous?.id ?? null,
      weight: effect.weight,
      shifts: shiftsAt(version.shifts, ts).map(({ shift, weight }) => ({ id: shift.id, weight })),
    };
  }

  /**
   * A version (null: none with that id) expanded from its lowest to its highest stage every `step` metres, fixed points
   * included, each row with the shift in effect at `ts` and the discharge at the stage plus it.
   */
  expanded(versionId: number, ts: number, step: number): (RatingTable & { code: string; points: RatingVersion['points'] }) | null {
    const version = this.parts.ratings.versions().find((v) => v.id === versionId);
    if (!version) return null;
    const { points } = version.curve;
    const lowest = points[0].stage;
    const highest = points[points.length - 1].stage;
    // Stages on the step's grid (rounded to a micrometre, so 0.01 steps print as such), and every fixed point.
    const count = Math.min(Math.floor((highest - lowest) / step + 1e-9), 20_000);
    const grid = Array.from({ length: count + 1 }, (_, i) => Math.round((lowest + i * step) * 1e6) / 1e6);
    const stages = [...new Set([...grid, ...points.map((p) => p.stage)])].sort((a, b) => a - b);
    const fixed = new Set(points.map((p) => p.stage));
    const rows = stages.map((stage) => {
      const shift = shiftAt(version.shifts, ts, stage);
      return { stage, shift, discharge: rateCurve(version.curve, stage + shift)?.value ?? null, fixed: fixed.has(stage) };
    });
    return { version: version.id, at: isoInstant(ts), rows, code: version.code, points: versionReply(version).points };
  }

  /** Discharges of stages (or, `reverse`, stages of discharges) at `ts`, through one rater built once for them all. */
  rate(code: string, ts: number, values: number[], reverse = false): Rated {
    const rater = new Rater(this.parts.ratings.versions(code));
    const version = rater.inEffect(ts)?.version.id ?? null;
    if (reverse) {
      const stages = values.map((q) => rater.reverse(ts, q));
      return { version, values: stages, extrapolated: stages.map((h) => h !== null && rater.rate(ts, h)!.extrapolated) };
    }
    const rated = values.map((h) => rater.rate(ts, h));
    return { version, values: rated.map((r) => r?.value ?? null), extrapolated: rated.map((r) => r?.extrapolated ?? false) };
  }
}
