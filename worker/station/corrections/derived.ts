/**
 * Derived codes (shared/readings.ts, `derivedReadings`): computed from the corrected level and the vertical
 * reference (or, for a discharge, the rating) in effect at each reading's time, never stored. The chart's pass over the station's reports appends them
 * to each report, so everything downstream of it treats them as any code.
 */
import { allReadingCodes, derivedReadings, type DerivedKind, type DerivedReadingInfo } from '../../../shared/readings';
import type { Reading } from '../../contracts/telemetry';
import { codeIndex, rejectedFlag, suspectFlag } from '../flags';
import { ratersIn } from '../ratings/kept';
import type { Rater } from '../ratings/rater';
import { referenceAt, referencesIn, type ReferencePeriod } from './levels';
import { correctedReportsIn } from './reports';

/** Depth to water below the measuring point for a level reported in `reference`'s mode. */
function depthBelowMp(level: number, reference: ReferencePeriod): number | null {
  switch (reference.mode) {
    case 'depth_below_mp':
      return level;
    case 'water_column':
      return reference.sensorDepth === null ? null : reference.sensorDepth - level;
    case 'elevation':
      return reference.mpElevation - level;
  }
}

/**
 * Metres to the picometre: beyond that, a difference of elevations holds only floating-point noise (251.4 - 233.78 is
 * 17.620000000000005), which every export and API reply would print.
 */
const toPicometre = (metres: number) => Math.round(metres * 1e12) / 1e12;

/** A derived code's value from its level and the reference in effect; null without one. */
export function derivedValue(kind: DerivedKind, level: number, reference: ReferencePeriod | undefined): number | null {
  if (!reference) return null;
  const depth = depthBelowMp(level, reference);
  if (depth === null) return null;
  const elevation = reference.mpElevation - depth;
  return toPicometre(kind === 'elevation' ? elevation : reference.groundElevation - elevation);
}

type Report = { row: (number | null)[]; flags: readonly number[] };

/**
 * The derived codes a station can give: those whose level has reference periods, with them, and the discharges of
 * levels with a rating, with its rater.
 */
function derivedOf(
  references: readonly ReferencePeriod[],
  raters: ReadonlyMap<string, Rater>,
): { info: DerivedReadingInfo; periods: ReferencePeriod[]; rater?: Rater }[] {
  return derivedReadings.flatMap((info) => {
    if (info.derived.kind === 'discharge') {
      const rater = raters.get(info.derived.from);
      return rater ? [{ info, periods: [], rater }] : [];
    }
    const periods = references.filter((r) => r.code === info.derived.from);
    return periods.length ? [{ info, periods }] : [];
  });
}

type Derived = ReturnType<typeof derivedOf>[number];

/** A derived code's value at `ts` from its level (null where it has none), and whether it lies beyond its rating. */
function derivedAt(d: Derived, ts: number, level: number): { value: number | null; extrapolated: boolean } {
  if (!d.rater) return { value: derivedValue(d.info.derived.kind, level, referenceAt(d.periods, ts)), extrapolated: false };
  const rated = d.rater.rate(ts, level);
  return { value: rated ? rated.value : null, extrapolated: !!rated?.extrapolated };
}

/**
 * Appends each derived code's value and flag to every report, in the order of `derived`: its level's flag, suspect
 * for a discharge extrapolated beyond its rating; a rejected level gives no value.
 */
function* withDerived(reports: Iterable<Report>, derived: readonly Derived[]): Generator<Report> {
  const from = derived.map((d) => codeIndex(d.info.derived.from));
  for (const { row, flags } of reports) {
    const ts = row[0] as number;
    const derivedFlags = from.map((i) => flags[i]);
    const values = derived.map((d, i) => {
      const level = row[from[i] + 1];
      if (level === null || derivedFlags[i] === rejectedFlag) return null;
      const { value, extrapolated } = derivedAt(d, ts, level);
      if (extrapolated) derivedFlags[i] = suspectFlag;
      return value;
    });
    yield { row: [...row, ...values], flags: [...flags, ...derivedFlags] };
  }
}

/**
 * The derived readings of newly stored ones (as corrected), for the live channel: each level arrival's derived
 * codes, `suspect` where the level is (`suspect` names its readings as `code|ts`) or a discharge lies beyond its rating.
 */
export function derivedArrivals(
  sql: SqlStorage,
  arrivals: readonly Reading[],
  suspect?: ReadonlySet<string>,
): { reading: Reading; suspect: boolean }[] {
  // Most batches bring no level reading: their references and ratings are not read at all.
  if (!arrivals.some((a) => derivedReadings.some((d) => d.derived.from === a.reading))) return [];
  const derived = derivedOf(referencesIn(sql), ratersIn(sql));
  return arrivals.flatMap(({ reading, ts, value }) =>
    derived.flatMap((d) => {
      if (d.info.derived.from !== reading) return [];
      const { value: derivedValue, extrapolated } = derivedAt(d, ts, value);
      if (derivedValue === null) return [];
      return [{ reading: { reading: d.info.code, ts, value: derivedValue }, suspect: extrapolated || !!suspect?.has(`${reading}|${ts}`) }];
    }),
  );
}

/**
 * Every report in [start, end) as corrected (now, or as the corrections stood at `at`) with the station's derived
 * codes appended: `codes` names each row's values after its time. What the chart, the roll-up, the export and the
 * alarms read.
 */
export function derivedReportsIn(
  sql: SqlStorage,
  start: number,
  end: number,
  at?: number,
): { codes: readonly string[]; reports: Iterable<Report> } {
  const derived = derivedOf(referencesIn(sql), ratersIn(sql));
  const corrected = correctedReportsIn(sql, start, end, at);
  if (!derived.length) return { codes: allReadingCodes, reports: corrected };
  return { codes: [...allReadingCodes, ...derived.map((d) => d.info.code)], reports: withDerived(corrected, derived) };
}
