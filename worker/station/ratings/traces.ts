/** Every discharge value traceable to what rated it (docs/ratings.md): for the export of corrected series. */
import { derivedReadings } from '../../../shared/readings';
import type { Columns, RawReadings } from '../../contracts/telemetry';
import { ratersIn } from './kept';

/**
 * Per discharge code among `values` (corrected, derived codes included): for each value the rating version, the one
 * blending into it and the shift, from its stage at the same instant. Empty without a rated code.
 */
export function ratingTraces(sql: SqlStorage, values: Record<string, Columns>): Pick<RawReadings, 'rating'> {
  const raters = ratersIn(sql);
  const rating: NonNullable<RawReadings['rating']> = {};
  for (const { code, derived } of derivedReadings) {
    const discharge = values[code];
    const rater = derived.kind === 'discharge' ? raters.get(derived.from) : undefined;
    const stages = values[derived.from];
    if (!discharge || !rater || !stages) continue;
    const stageAt = new Map(stages.t.map((t, i) => [t, stages.v[i]]));
    const traces = discharge.t.map((t) => rater.trace(t, stageAt.get(t)!));
    rating[code] = {
      version: traces.map((r) => r!.version),
      previous: traces.map((r) => r!.previous),
      shift: traces.map((r) => r!.shift),
    };
  }
  return Object.keys(rating).length ? { rating } : {};
}
