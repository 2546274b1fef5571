import { HourlyAmounts } from '../../shared/precipitation';
import { isSummed, toMillionths } from '../../shared/readings';
import { dayBounds, localDay, periodOf, type Period } from '../../shared/station-time';
import type { ChartColumns, Columns, FlaggedColumns, Totals as PeriodTotals } from '../contracts/telemetry';
import { rejectedFlag } from './flags';

/** Without a point budget: raw up to this many points per reading, else `bucketsPerReading` buckets (the API's default). */
const maxPointsPerReading = 4000;
const bucketsPerReading = 1000;

/** Width in ms of the time buckets that split [start, end) into `buckets` parts. */
export const bucketWidth = (start: number, end: number, buckets = bucketsPerReading) => Math.max(1, Math.ceil((end - start) / buckets));

/** What a chart needs of a station's range, in the columns reply's shape: every reading's points (or totals), and its extremes over the whole range. */
export type ChartSeries = Omit<ChartColumns, 'item' | 'range' | 'approved'>;

export interface SeriesOptions {
  /** At most this many points per reading: raw while a reading has no more, else points/2 buckets. */
  points?: number;
  /** Readings that add up come as totals per period of this zone, not as points. */
  totalsIn?: string;
  /** Only these readings (a share link shows some); all when left out. */
  codes?: readonly string[];
  /** Send the flagged points (suspect and rejected) apart, per reading (signed-in charts; share links leave them out). */
  flagged?: boolean;
  /** The raw readings, without the corrections (docs/corrections.md). */
  raw?: boolean;
  /** The corrections as they stood at this instant (epoch ms); left out: now. */
  asOf?: number;
}

const hourMs = 3_600_000;
// The shortest each period can be, so that a count of periods is never underestimated.
const shortest: Record<Period, number> = { hour: hourMs, day: 23 * hourMs, month: 28 * 24 * hourMs, year: 365 * 24 * hourMs };
/**
 * Ranges of up to eight local days (the 7-day preset: seven days back and today) show hourly totals; longer ones the
 * finest of day, month and year that fits the budget.
 */
const hourlyUpTo = 8 * 24 * hourMs + hourMs;

/** The period totals over [start, end) are reckoned in: hours for short ranges, else as fine as `points` allows. */
export function totalsPeriod(start: number, end: number, points: number): Period {
  const fits = (period: Period) => Math.ceil((end - start) / shortest[period]) <= points;
  if (end - start <= hourlyUpTo && fits('hour')) return 'hour';
  return (['day', 'month'] as const).find(fits) ?? 'year';
}

/** Extremes of one bucket: earliest minimum and earliest maximum, with their times. */
class Buckets {
  readonly minT: Float64Array;
  readonly minV: Float64Array;
  readonly maxT: Float64Array;
  readonly maxV: Float64Array;
  constructor(count: number) {
    this.minT = new Float64Array(count).fill(NaN);
    this.minV = new Float64Array(count);
    this.maxT = new Float64Array(count);
    this.maxV = new Float64Array(count);
  }
  add(b: number, ts: number, value: number) {
    if (Number.isNaN(this.minT[b])) {
      this.minT[b] = this.maxT[b] = ts;
      this.minV[b] = this.maxV[b] = value;
      return;
    }
    if (value < this.minV[b]) {
      this.minT[b] = ts;
      this.minV[b] = value;
    }
    if (value > this.maxV[b]) {
      this.maxT[b] = ts;
      this.maxV[b] = value;
    }
  }
  /** Each bucket's minimum and maximum in time order; a point that is both appears once. */
  points(): Columns {
    const out: Columns = { t: [], v: [] };
    for (let b = 0; b < this.minT.length; b++) {
      if (Number.isNaN(this.minT[b])) continue;
      const minFirst = this.minT[b] <= this.maxT[b];
      const [t1, v1, t2, v2] = minFirst
        ? [this.minT[b], this.minV[b], this.maxT[b], this.maxV[b]]
        : [this.maxT[b], this.maxV[b], this.minT[b], this.minV[b]];
      out.t.push(t1);
      out.v.push(v1);
      if (t2 !== t1) {
        out.t.push(t2);
        out.v.push(v2);
      }
    }
    return out;
  }
}

/** One reading's line: raw points until it has more than the limit, then each bucket's extremes. */
class Line {
  raw: Columns | null = { t: [], v: [] };
  buckets: Buckets | null = null;

  constructor(private readonly scale: { limit: number; count: number; bucketOf: (ts: number) => number }) {}

  add(ts: number, value: number, bucket: number) {
    const raw = this.raw;
    if (!raw) {
      this.buckets!.add(bucket, ts, value);
    } else {
      raw.t.push(ts);
      raw.v.push(value);
      if (raw.t.length > this.scale.limit) this.fold(raw);
    }
  }

  // Past the limit the raw points are never sent: fold them into buckets rather than hold years of readings.
  private fold(raw: Columns) {
    const buckets = new Buckets(this.scale.count);
    for (let i = 0; i < raw.t.length; i++) buckets.add(this.scale.bucketOf(raw.t[i]), raw.t[i], raw.v[i]);
    this.buckets = buckets;
    this.raw = null;
  }

  result(): Columns {
    return this.raw ?? this.buckets!.points();
  }
}

/**
 * One reading's totals per period, its total over the range and its wettest station-local day. Amounts per hour
 * count one reading per clock hour (the catalogue's rule, `HourlyAmounts`), so `add` takes every reading in time order.
 */
class Totals {
  private readonly out: PeriodTotals;
  private readonly hours: HourlyAmounts;
  private periodEnd = -Infinity;
  private dayEnd = -Infinity;
  private day = { day: '', sum: 0 };

  constructor(
    period: Period,
    private readonly timeZone: string,
  ) {
    this.out = { period, t: [], v: [], sum: 0, peak_day: null, last: null };
    this.hours = new HourlyAmounts(timeZone, (ts, value) => this.count(ts, value));
  }

  add(ts: number, value: number) {
    this.hours.add(ts, value);
  }

  private count(ts: number, value: number) {
    const out = this.out;
    if (ts >= this.periodEnd) {
      const { start, end } = periodOf(ts, out.period, this.timeZone);
      this.periodEnd = end;
      out.t.push(start);
      out.v.push(0);
    }
    out.v[out.v.length - 1] += value;
    out.sum += value;
    out.last = { t: ts, v: value };
    if (ts >= this.dayEnd) {
      this.closeDay();
      this.day = { day: localDay(ts, this.timeZone), sum: 0 };
      this.dayEnd = dayBounds(this.day.day, this.timeZone).end;
    }
    this.day.sum += value;
  }

  private closeDay() {
    if (this.day.sum > (this.out.peak_day?.sum ?? 0)) this.out.peak_day = { ...this.day };
  }

  /** Added up exactly as they came; rounded only as they leave, so no rounding adds up. */
  result(): PeriodTotals {
    this.hours.finish();
    this.closeDay();
    const { v, sum, peak_day, last } = this.out;
    return {
      ...this.out,
      v: v.map(toMillionths),
      sum: toMillionths(sum),
      peak_day: peak_day && { ...peak_day, sum: toMillionths(peak_day.sum) },
      last: last && { ...last, v: toMillionths(last.v) },
    };
  }
}

/** One reading's flagged points (suspect and rejected), raw, at most `limit`. */
class Flagged {
  readonly out: FlaggedColumns = { t: [], v: [], q: [] };
  constructor(private readonly limit: number) {}
  add(ts: number, value: number, flag: number) {
    if (this.out.t.length >= this.limit) return;
    this.out.t.push(ts);
    this.out.v.push(value);
    this.out.q.push(flag);
  }
}

/**
 * Builds a chart's series from one pass over a station's rows in time order (`[ts, value of code 0, …]`): per
 * reading raw points while it stays within the limit, else each bucket's minimum and maximum, so peaks and dips
 * survive; readings that add up as totals per period when asked. The range is read once; the extremes are exact.
 */
export class SeriesBuilder {
  private readonly lines: (Line | undefined)[];
  private readonly totals: (Totals | undefined)[];
  private readonly wanted: boolean[];
  private readonly flagged: (Flagged | undefined)[];
  private readonly min: (number | undefined)[] = [];
  private readonly max: (number | undefined)[] = [];
  private readonly scale: { limit: number; count: number; width: number; bucketOf: (ts: number) => number };

  constructor(
    private readonly codes: readonly string[],
    start: number,
    end: number,
    options: SeriesOptions = {},
  ) {
    const { points, totalsIn } = options;
    this.wanted = codes.map((code) => !options.codes || options.codes.includes(code));
    const count = points ? Math.floor(points / 2) : bucketsPerReading;
    const width = bucketWidth(start, end, count);
    this.scale = {
      limit: points ?? maxPointsPerReading,
      count,
      width,
      bucketOf: (ts) => Math.min(count - 1, Math.floor((ts - start) / width)),
    };
    const period = totalsIn ? totalsPeriod(start, end, points ?? 2 * bucketsPerReading) : 'day';
    this.totals = codes.map((code) => (totalsIn && isSummed(code) ? new Totals(period, totalsIn) : undefined));
    this.lines = codes.map((_, i) => (this.totals[i] ? undefined : new Line(this.scale)));
    this.flagged = codes.map((_, i) => (options.flagged && this.wanted[i] ? new Flagged(this.scale.limit) : undefined));
  }

  /**
   * Takes one report: `row` is `[ts, value of code 0, …]`, `flags` the flag of each code (0 good, 1 suspect, 2
   * rejected; all good when left out). Rejected readings are left out of the lines, totals and extremes; flagged
   * ones are also kept apart when asked.
   */
  add(row: readonly (number | null)[], flags?: readonly number[]) {
    const ts = row[0] as number;
    let bucket = -1;
    for (let i = 0; i < this.codes.length; i++) {
      const value = row[i + 1];
      if (value === null || value === undefined || !this.wanted[i]) continue;
      const flag = flags?.[i] ?? 0;
      if (flag) this.flagged[i]?.add(ts, value, flag);
      if (flag === rejectedFlag) continue;
      const line = this.lines[i];
      if (line) {
        if (bucket < 0) bucket = this.scale.bucketOf(ts);
        line.add(ts, value, bucket);
      } else this.totals[i]!.add(ts, value);
      if (this.min[i] === undefined || value < this.min[i]!) this.min[i] = value;
      if (this.max[i] === undefined || value > this.max[i]!) this.max[i] = value;
    }
  }

  result(): ChartSeries {
    const out: ChartSeries = { data: {}, totals: {}, min: {}, max: {}, downsampled: false, bucket_ms: null };
    const flagged = this.flagged.some((f) => f);
    if (flagged) out.flags = {};
    this.codes.forEach((code, i) => {
      const points = this.flagged[i]?.out;
      if (points?.t.length) out.flags![code] = points;
      if (this.min[i] === undefined) return;
      const line = this.lines[i];
      if (line) {
        out.data[code] = line.result();
        if (!line.raw) out.downsampled = true;
      } else out.totals[code] = this.totals[i]!.result();
      out.min[code] = this.min[i]!;
      out.max[code] = this.max[i]!;
    });
    if (out.downsampled) out.bucket_ms = this.scale.width;
    return out;
  }
}

/**
 * Every reading of a station's rows in time order (`[ts, value of code 0, …]`) per code, or null once there are more
 * than `limit` of them: what a raw export sends, never more than a bounded reply. With `flagsAt` (the flags per code
 * at a report time) a code with any flagged reading carries `q` (0 good, 1 suspect, 2 rejected per reading), and
 * `withoutRejected` leaves rejected readings out.
 */
export function rawSeries(
  codes: readonly string[],
  rows: Iterable<(number | null)[]>,
  limit: number,
  { flagsAt, withoutRejected = false }: { flagsAt?: (ts: number) => readonly number[]; withoutRejected?: boolean } = {},
): Record<string, Columns & { q?: number[] }> | null {
  const out = codes.map((): Columns & { q: number[] } => ({ t: [], v: [], q: [] }));
  const anyFlag = codes.map(() => false);
  let count = 0;
  for (const row of rows) {
    const ts = row[0] as number;
    const flags = flagsAt?.(ts);
    for (let i = 0; i < codes.length; i++) {
      const value = row[i + 1];
      if (value === null || value === undefined) continue;
      const flag = flags?.[i] ?? 0;
      if (withoutRejected && flag === rejectedFlag) continue;
      if (++count > limit) return null;
      out[i].t.push(ts);
      out[i].v.push(value);
      out[i].q.push(flag);
      if (flag) anyFlag[i] = true;
    }
  }
  return Object.fromEntries(
    codes.flatMap((code, i) => {
      if (!out[i].t.length) return [];
      const { t, v, q } = out[i];
      return [[code, anyFlag[i] ? { t, v, q } : { t, v }]];
    }),
  );
}
