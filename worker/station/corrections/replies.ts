/** What the station's corrections, references and measurements look like in the API's replies. */
import type { Correction } from '../../contracts/corrections';
import type { LevelReference, Measurement } from '../../contracts/levels';
import { isoInstant } from '../../../shared/station-time';
import type { KeptCorrection } from './kept';
import { measuredValue, referenceAt, type FieldMeasurement, type ReferencePeriod } from './levels';
import type { Points } from './stack';
import { valueAt } from './suggest';

/** A kept correction as the API answers it. */
export function correctionReply(c: KeptCorrection): Correction {
  const { kind, ...rest } = c.params;
  const parameters: Record<string, number> = {};
  for (const [key, value] of Object.entries(rest))
    if (typeof value === 'number') parameters[key.replace(/[A-Z]/g, (l) => `_${l.toLowerCase()}`)] = value;
  return {
    id: c.id,
    reading: c.code,
    kind,
    from: isoInstant(c.from),
    to: c.to === null ? null : isoInstant(c.to),
    order: c.order,
    parameters,
    note: c.note,
    created_at: isoInstant(c.createdAt),
    created_by: c.createdBy,
    removed_at: c.removedAt === null ? null : isoInstant(c.removedAt),
    removed_by: c.removedBy,
    removal_note: c.removalNote,
  };
}

/** A reference period as the API answers it. */
export const referenceReply = (r: ReferencePeriod): LevelReference => ({
  id: r.id,
  reading: r.code,
  from: isoInstant(r.from),
  to: r.to === null ? null : isoInstant(r.to),
  ground_elevation: r.groundElevation,
  mp_elevation: r.mpElevation,
  datum: r.datum,
  mode: r.mode,
  sensor_depth: r.sensorDepth,
  note: r.note,
  created_at: isoInstant(r.createdAt),
  created_by: r.createdBy,
});

/** A measurement as the API answers it: with its value in the code's terms, the logger's then, and the difference. */
export function measurementReply(m: FieldMeasurement, references: readonly ReferencePeriod[], logger: Points): Measurement {
  const value = measuredValue(m, referenceAt(references, m.ts));
  const logged = valueAt(logger, m.ts);
  return {
    id: m.id,
    reading: m.code,
    at: isoInstant(m.ts),
    depth: m.depth,
    gauge: m.gauge,
    measured_by: m.measuredBy,
    method: m.method,
    note: m.note,
    value,
    logged,
    difference: value === null || logged === null ? null : value - logged,
    created_at: isoInstant(m.createdAt),
    created_by: m.createdBy,
  };
}
