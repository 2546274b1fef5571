/**
 * What makes a rating, a shift or a set of versions unusable, as field errors naming what to fix (the API answers
 * them with a 422, nothing stored). Pure: the station object checks a new version against those it keeps.
 */
import type { FieldErrors } from '../../contracts/envelope';
import { segmentValue, type RatingPoint } from './curve';
import type { ShiftPoint } from './shifts';

type Errors = Record<string, string[]>;

const add = (errors: Errors, field: string, message: string) => (errors[field] ??= []).push(message);

/** Two values equal but for floating-point noise (a power segment's end against the next point). */
const below = (a: number, b: number) => a < b - 1e-9 * Math.max(1, Math.abs(b));

/** A table's faults: fewer than two points, stages not rising, discharge falling with stage, log segments at or below their zero flow. */
export function curveErrors(points: readonly RatingPoint[], field = 'points'): FieldErrors {
  const errors: Errors = {};
  if (points.length < 2) {
    add(errors, field, 'A rating needs at least 2 points.');
    return errors;
  }
  points.forEach((p, i) => {
    const at = `${field}.${i}`;
    if (p.discharge < 0) add(errors, `${at}.discharge`, 'Discharge cannot be negative.');
    if (i > 0 && p.stage === points[i - 1].stage)
      add(errors, `${at}.stage`, `Stage ${p.stage} is repeated: each point needs its own stage.`);
    else if (i > 0 && p.stage < points[i - 1].stage) add(errors, `${at}.stage`, 'Points must be in order of rising stage.');
    const { segment } = p;
    // The last point's segment extends the table upwards: it is checked against the point before it.
    const start = i === points.length - 1 ? points[i - 1].stage : p.stage;
    if (segment.kind !== 'linear' && start <= segment.offset)
      add(errors, `${at}.segment.offset`, `The offset (stage of zero flow) must be below the segment's stage ${start}.`);
    if (segment.kind === 'log' && i < points.length - 1 && (p.discharge <= 0 || points[i + 1].discharge <= 0))
      add(errors, `${at}.segment`, 'A logarithmic segment needs a positive discharge at both ends.');
    if (segment.kind === 'power' && !(segment.coefficient > 0 && segment.exponent > 0))
      add(errors, `${at}.segment`, 'A power law needs a positive coefficient and exponent.');
  });
  if (Object.keys(errors).length) return errors;
  // Discharge must not fall with stage, inside a segment or where one meets the next.
  let before = -Infinity;
  for (let i = 0; i < points.length - 1; i++) {
    const start = segmentValue(points, i, points[i].stage);
    const end = segmentValue(points, i, points[i + 1].stage);
    if (below(start, before) || below(end, start)) {
      add(errors, `${field}.${below(start, before) ? i : i + 1}.discharge`, 'Discharge must not decrease as the stage rises.');
      break;
    }
    before = end;
  }
  return errors;
}

/** A shift curve's faults: no point, or stages not rising. */
export function shiftErrors(points: readonly ShiftPoint[], field = 'points'): FieldErrors {
  const errors: Errors = {};
  if (points.length < 1) add(errors, field, 'A shift needs at least one point.');
  points.forEach((p, i) => {
    if (i > 0 && p.stage <= points[i - 1].stage) add(errors, `${field}.${i}.stage`, 'Shift points need distinct stages in rising order.');
  });
  return errors;
}

/** A version's place in time. */
export interface Period {
  id: number;
  from: number;
  to: number | null;
  transitionFrom: number | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * How a version (new, or replacing the one with its id) clashes with the others of its code: periods may not overlap
 * (a version runs until the next one starts, or its `to` if earlier), and a transition needs an earlier version in
 * effect all through it.
 */
export function periodErrors(others: readonly Period[], version: Period): FieldErrors {
  const errors: Errors = {};
  const rest = others.filter((o) => o.id !== version.id);
  if (version.to !== null && version.to <= version.from) add(errors, 'to', 'to must be after from.');
  if (version.transitionFrom !== null && version.transitionFrom >= version.from)
    add(errors, 'transition_from', 'The transition must start before the version does.');
  const same = rest.find((o) => o.from === version.from);
  if (same) add(errors, 'from', `Version ${same.id} starts at ${iso(same.from)} too.`);
  if (Object.keys(errors).length) return errors;
  const previous = rest.filter((o) => o.from < version.from).sort((a, b) => b.from - a.from)[0];
  const next = rest.filter((o) => o.from > version.from).sort((a, b) => a.from - b.from)[0];
  if (previous?.to != null && previous.to > version.from)
    add(
      errors,
      'from',
      `This version overlaps version ${previous.id}, in effect until ${iso(previous.to)}: versions may not overlap; blend them with a transition instead.`,
    );
  if (next && version.to !== null && version.to > next.from)
    add(
      errors,
      'to',
      `This version overlaps version ${next.id}, in effect from ${iso(next.from)}: versions may not overlap; blend them with a transition instead.`,
    );
  if (next?.transitionFrom != null && (next.transitionFrom < version.from || (version.to !== null && version.to < next.from)))
    add(
      errors,
      'from',
      `Version ${next.id} blends in from ${iso(next.transitionFrom)}: this one must be in effect all through that transition.`,
    );
  if (version.transitionFrom !== null) {
    if (!previous) add(errors, 'transition_from', 'There is no earlier version to blend from.');
    else if (previous.from > version.transitionFrom || (previous.to !== null && previous.to < version.from))
      add(errors, 'transition_from', `Version ${previous.id} is not in effect all through the transition.`);
  }
  return errors;
}
