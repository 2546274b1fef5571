/** What the station's ratings, shifts and gaugings look like in the API's replies. */
import type { Gauging as GaugingReply, RatingVersion as VersionReply, Shift as ShiftReply } from '../../contracts/ratings';
import { isoInstant } from '../../../shared/station-time';
import type { RatingPoint } from './curve';
import type { Gauging, KeptShift, KeptVersion } from './kept';
import type { Rater } from './rater';

const pointReply = ({ stage, discharge, segment }: RatingPoint): VersionReply['points'][number] => ({
  stage,
  discharge,
  segment: segment.kind,
  offset: segment.kind === 'linear' ? null : segment.offset,
  coefficient: segment.kind === 'power' ? segment.coefficient : null,
  exponent: segment.kind === 'power' ? segment.exponent : null,
});

export const shiftReply = (s: KeptShift): ShiftReply => ({
  id: s.id,
  version: s.versionId,
  at: isoInstant(s.ts),
  points: s.points.map(({ stage, shift }) => ({ stage, shift })),
  prorate: s.prorate,
  note: s.note,
  created_at: isoInstant(s.createdAt),
  created_by: s.createdBy,
});

export const versionReply = (v: KeptVersion): VersionReply => ({
  id: v.id,
  reading: v.code,
  from: isoInstant(v.from),
  to: isoInstant(v.to),
  transition_from: isoInstant(v.transitionFrom),
  out_of_range: v.curve.outOfRange,
  points: v.curve.points.map(pointReply),
  shifts: v.shifts.map(shiftReply),
  note: v.note,
  created_at: isoInstant(v.createdAt),
  created_by: v.createdBy,
});

/** A gauging set against the rating and shift in effect at its time: the rated discharge and the deviation in %. */
export function gaugingReply(g: Gauging, rater: Rater | undefined): GaugingReply {
  const rated = rater?.rate(g.ts, g.stage) ?? null;
  return {
    id: g.id,
    reading: g.code,
    at: isoInstant(g.ts),
    stage: g.stage,
    discharge: g.discharge,
    method: g.method,
    quality: g.quality,
    measured_by: g.measuredBy,
    note: g.note,
    rated: rated && rated.value,
    deviation: rated && rated.value > 0 ? ((g.discharge - rated.value) / rated.value) * 100 : null,
    version: rated && rated.versionId,
    created_at: isoInstant(g.createdAt),
    created_by: g.createdBy,
  };
}
