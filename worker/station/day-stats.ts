import { allReadingCodes } from '../contracts/readings';
import { dayBounds } from '../contracts/station-time';
import type { DayStat } from '../db/daily-stats';
import { selectRange } from './schema';

/**
 * Exact statistics of each code over a local day (23 or 25 hours on DST change days), computed from the raw
 * readings in time order: the same figures a recompute from raw gives, whatever order the readings arrived in.
 */
export function statsOfDay(sql: SqlStorage, day: string, timeZone: string): DayStat[] {
  const { start, end } = dayBounds(day, timeZone);
  const stats: (DayStat | undefined)[] = [];
  for (const [ts, ...values] of sql.exec(selectRange, start, end).raw<[number, ...(number | null)[]]>()) {
    values.forEach((value, i) => {
      if (value === null) return;
      const s = stats[i];
      if (!s) {
        stats[i] = { reading: allReadingCodes[i], day, count: 1, suspect: 0, min: value, max: value, sum: value, firstTs: ts, lastTs: ts, lastValue: value };
        return;
      }
      s.count++;
      if (value < s.min) s.min = value;
      if (value > s.max) s.max = value;
      s.sum += value;
      s.lastTs = ts;
      s.lastValue = value;
    });
  }
  return stats.filter((s) => s !== undefined);
}
