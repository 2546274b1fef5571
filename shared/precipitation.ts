import { periodOf } from './station-time';

/**
 * The catalogue's rule for amounts per hour (`aggregate: 'sum'`, precipitation `SRA1H`): a reading is the amount of
 * the hour before its timestamp, so a total counts one reading per station-local clock hour, the last one stamped in
 * it. A station reporting the hour once an hour is counted as it reports; one reporting the rolling hour every
 * 10 minutes counts its reading at :50 (the hour 09:50–10:50), not all six; an irregular one, each hour's last.
 *
 * Feed the readings of one code in time order (rejected ones left out); `counted` hears each hour's counted reading
 * once it is known: when a reading of a later hour arrives, or at `finish()`.
 */
export class HourlyAmounts {
  private hourEnd = -Infinity;
  private last: { ts: number; value: number } | null = null;

  constructor(
    private readonly timeZone: string,
    private readonly counted: (ts: number, value: number) => void,
  ) {}

  add(ts: number, value: number) {
    if (ts >= this.hourEnd) {
      this.finish();
      this.hourEnd = periodOf(ts, 'hour', this.timeZone).end;
    }
    this.last = { ts, value };
  }

  /** Hands on the hour under way; call once the readings end. */
  finish() {
    if (this.last) this.counted(this.last.ts, this.last.value);
    this.last = null;
  }
}

/** The total of one code's readings in time order under the hourly rule, and the readings it counted. */
export function hourlyTotal(readings: Iterable<{ ts: number; value: number }>, timeZone: string): { sum: number; counted: number } {
  let sum = 0;
  let counted = 0;
  const hours = new HourlyAmounts(timeZone, (_, value) => {
    sum += value;
    counted++;
  });
  for (const { ts, value } of readings) hours.add(ts, value);
  hours.finish();
  return { sum, counted };
}

/**
 * What a new reading adds to its hour's total, given the reading counted so far in the latest hour (`last`, as a
 * chart's totals name it): the difference when it replaces that hour's reading, all of it in a later hour, nothing
 * when it is older (the live updates of an open page, which see only new readings, in time order).
 */
export function hourlyIncrement(
  last: { t: number; v: number } | null | undefined,
  reading: { ts: number; value: number },
  timeZone: string,
): number {
  if (!last) return reading.value;
  if (reading.ts <= last.t) return 0;
  return periodOf(reading.ts, 'hour', timeZone).start === periodOf(last.t, 'hour', timeZone).start ? reading.value - last.v : reading.value;
}
