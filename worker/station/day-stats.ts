import { HourlyAmounts } from '../../shared/precipitation';
import { isSummed } from '../../shared/readings';
import { dayBounds } from '../../shared/station-time';
import type { CodeFigures, Figures } from '../db/rollup-layout';
import { derivedReportsIn } from './corrections/derived';
import { rejectedFlag, suspectFlag } from './flags';

/**
 * Exact figures of each code over a local day (23 or 25 hours on DST change days), computed from the readings as
 * corrected, with the derived codes (docs/corrections.md), and their flags in time order: the same figures a recompute from raw gives, whatever order the readings arrived
 * in. The one definition of a station-day's figures: `count` readings (rejected ones count nowhere), `suspect` of
 * them flagged suspect (counted normally too), their extremes, first and last. `sum` adds the readings, except for
 * amounts per hour (precipitation), where it adds one reading per clock hour: the last one stamped in it.
 */
export function figuresOfDay(sql: SqlStorage, day: string, timeZone: string): Figures {
  const { start, end } = dayBounds(day, timeZone);
  const figures: Figures = {};
  const hourly: (HourlyAmounts | undefined)[] = [];
  const { codes, reports } = derivedReportsIn(sql, start, end);
  for (const { row, flags } of reports) {
    const ts = row[0] as number;
    for (let i = 0; i < codes.length; i++) {
      const value = row[i + 1];
      if (value === null || value === undefined || flags[i] === rejectedFlag) continue;
      const code = codes[i];
      let f: CodeFigures | undefined = figures[code];
      if (!f) {
        const added: CodeFigures =
          (f =
          figures[code] =
            { count: 0, suspect: 0, min: value, max: value, sum: 0, firstTs: ts, lastTs: ts, lastValue: value });
        if (isSummed(code)) hourly[i] = new HourlyAmounts(timeZone, (_, amount) => (added.sum += amount));
      }
      f.count++;
      if (flags[i] === suspectFlag) f.suspect++;
      if (value < f.min) f.min = value;
      if (value > f.max) f.max = value;
      const hours = hourly[i];
      if (hours) hours.add(ts, value);
      else f.sum += value;
      f.lastTs = ts;
      f.lastValue = value;
    }
  }
  for (const hours of hourly) hours?.finish();
  return figures;
}

/**
 * A day's discharge (`code`, the source's discharge code) with the volume that flowed: the day's mean discharge times
 * the seconds of the local day (23 or 25 hours on DST change days), as a daily mean discharge is read; undefined
 * without discharge that day.
 */
export function dischargeOfDay(figures: Figures, code: string | undefined, day: string, timeZone: string): CodeFigures | undefined {
  const f = code === undefined ? undefined : figures[code];
  if (!f) return undefined;
  const { start, end } = dayBounds(day, timeZone);
  return { ...f, volume: (f.sum / f.count) * ((end - start) / 1000) };
}
