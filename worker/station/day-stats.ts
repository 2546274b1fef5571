import { HourlyAmounts } from '../contracts/precipitation';
import { allReadingCodes, isSummed } from '../contracts/readings';
import { dayBounds } from '../contracts/station-time';
import type { DayStat } from '../db/daily-stats';
import { rejectedFlag, reportsIn, suspectFlag } from './flags';

/**
 * One code's statistics over one station-local day: `count` readings (rejected ones count nowhere), `suspect` of
 * them flagged suspect (counted normally too), their extremes, first and last. `sum` adds the readings, except for
 * amounts per hour (precipitation), where it adds one reading per clock hour: the last one stamped in it.
 */
export type DayStats = DayStat & { suspect: number };

/**
 * Exact statistics of each code over a local day (23 or 25 hours on DST change days), computed from the raw
 * readings and their flags in time order: the same figures a recompute from raw gives, whatever order the readings
 * arrived in. The one definition of a station-day's figures.
 */
export function statsOfDay(sql: SqlStorage, day: string, timeZone: string): DayStats[] {
  const { start, end } = dayBounds(day, timeZone);
  const stats: (DayStats | undefined)[] = [];
  const hourly: (HourlyAmounts | undefined)[] = [];
  for (const { row, flags } of reportsIn(sql, start, end)) {
    const ts = row[0] as number;
    for (let i = 0; i < allReadingCodes.length; i++) {
      const value = row[i + 1];
      if (value === null || value === undefined || flags[i] === rejectedFlag) continue;
      const suspect = flags[i] === suspectFlag ? 1 : 0;
      let s = stats[i];
      if (!s) {
        s = stats[i] = { reading: allReadingCodes[i], day, count: 0, suspect: 0, min: value, max: value, sum: 0, firstTs: ts, lastTs: ts, lastValue: value };
        if (isSummed(s.reading)) {
          const stat = s;
          hourly[i] = new HourlyAmounts(timeZone, (_, amount) => (stat.sum += amount));
        }
      }
      s.count++;
      s.suspect += suspect;
      if (value < s.min) s.min = value;
      if (value > s.max) s.max = value;
      const hours = hourly[i];
      if (hours) hours.add(ts, value);
      else s.sum += value;
      s.lastTs = ts;
      s.lastValue = value;
    }
  }
  for (const hours of hourly) hours?.finish();
  return stats.filter((s) => s !== undefined);
}
