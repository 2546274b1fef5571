import type { Chart, Columns, FlaggedColumns, Totals } from '../../../worker/contracts/telemetry';
import { parseStationTime, periodOf, wallClock, type Period } from '../../../shared/station-time';

export interface Point {
  reading: string;
  ts: number;
  value: number;
}

/** Rows in either source's shape (live messages carry them) as (reading, epoch ms, value). */
export const pointsOf = (data: Chart['data']): Point[] =>
  data.map((row) =>
    'data_name' in row
      ? { reading: row.data_name, ts: Date.parse(row.date), value: row.data_value }
      : { reading: row.value_id, ts: Date.parse(row.timestamp), value: row.value },
  );

/** The usual distance between neighbouring times: the median, so that a few outages do not inflate it. */
export function samplingInterval(times: number[]): number {
  const steps = times
    .slice(1)
    .map((t, i) => t - times[i])
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  return steps.length ? steps[Math.floor(steps.length / 2)] : 0;
}

/**
 * A point as lightweight-charts takes it: seconds on the station's wall clock read as UTC (the library reckons
 * days and hours in UTC only), and a value; a point without one is whitespace, which breaks the line.
 */
export type SeriesPoint = { time: number; value: number } | { time: number };

/** What one chart draws: its points, and the instant (epoch ms) each stands for. */
export interface Drawing {
  kind: 'line' | 'bars';
  points: SeriesPoint[];
  instants: number[];
  /** For bars: the period each total covers. */
  period?: Period;
}

/** Gaps longer than this many sampling intervals are shown as gaps, not bridged by a line. */
export const gapFactor = 3;

/**
 * Collects points in time order with their wall-clock seconds, which must rise strictly: in the hour the clocks
 * go back the wall clock repeats, and those points move on by a second each (the scale spaces points evenly
 * anyway, and labels read the instant).
 */
function collector(timeZone: string) {
  const points: SeriesPoint[] = [];
  const instants: number[] = [];
  let last = -Infinity;
  const add = (ts: number, value?: number) => {
    const time = Math.max(Math.floor(wallClock(ts, timeZone) / 1000), last + 1);
    last = time;
    points.push(value === undefined ? { time } : { time, value });
    instants.push(ts);
  };
  return { points, instants, add };
}

/** One reading's points as a line, with a whitespace point in every gap longer than three intervals. */
export function toLine({ t, v }: Columns, timeZone: string): Drawing {
  const interval = samplingInterval(t);
  const { points, instants, add } = collector(timeZone);
  for (let i = 0; i < t.length; i++) {
    if (i > 0 && interval > 0 && t[i] - t[i - 1] > gapFactor * interval) add(t[i - 1] + interval);
    add(t[i], v[i]);
  }
  return { kind: 'line', points, instants };
}

/** One reading's totals as bars, one per period, with whitespace for the periods without readings. */
export function toBars({ t, v, period }: Totals, timeZone: string): Drawing {
  const { points, instants, add } = collector(timeZone);
  for (let i = 0; i < t.length; i++) {
    if (i > 0) for (let p = periodOf(t[i - 1], period, timeZone).end; p < t[i]; p = periodOf(p, period, timeZone).end) add(p);
    add(t[i], v[i]);
  }
  return { kind: 'bars', points, instants, period };
}

/** A flagged reading as a chart marks it: its place on the time scale, the instant, value and flag (1 suspect, 2 rejected). */
export interface FlagMark {
  time: number;
  instant: number;
  value: number;
  flag: number;
}

/**
 * A reading's flagged points (from the chart reply) on a line's time scale: at the time the line gives that instant,
 * else at its wall-clock second; rejected ones left out when hidden. In time order, one per time.
 */
export function toFlagMarks(flags: FlaggedColumns | undefined, line: Drawing, timeZone: string, hideRejected: boolean): FlagMark[] {
  if (!flags) return [];
  const timeOf = new Map(line.instants.map((instant, i) => [instant, line.points[i].time]));
  const marks: FlagMark[] = [];
  flags.t.forEach((instant, i) => {
    if (hideRejected && flags.q[i] === 2) return;
    marks.push({
      time: timeOf.get(instant) ?? Math.floor(wallClock(instant, timeZone) / 1000),
      instant,
      value: flags.v[i],
      flag: flags.q[i],
    });
  });
  marks.sort((a, b) => a.time - b.time);
  return marks.filter((m, i) => i === 0 || m.time !== marks[i - 1].time);
}

/**
 * Manual measurements on a line's time scale: each at the drawn point nearest its instant (a new time would shift the
 * points a drag chooses), left out outside the drawn range. In time order, one per time.
 */
export function toMeasuredMarks(measured: { ts: number; value: number }[] | undefined, line: Drawing): { time: number; value: number }[] {
  const { instants, points } = line;
  if (!measured?.length || !instants.length) return [];
  const marks = new Map<number, number>();
  for (const { ts, value } of measured) {
    if (ts < instants[0] || ts > instants.at(-1)!) continue;
    let lo = 0;
    let hi = instants.length - 1;
    while (hi - lo > 1) {
      const mid = (lo + hi) >> 1;
      if (instants[mid] <= ts) lo = mid;
      else hi = mid;
    }
    marks.set(points[ts - instants[lo] <= instants[hi] - ts ? lo : hi].time, value);
  }
  return [...marks].sort((a, b) => a[0] - b[0]).map(([time, value]) => ({ time, value }));
}

/**
 * Another series' values at the instants a line draws, on that line's times, where they differ from the line's
 * (elsewhere a gap, so an uncorrected stretch shows one line, not two on top of each other); none when they never do.
 */
export function alignTo(other: Columns, line: Drawing): SeriesPoint[] {
  const valueAt = new Map(other.t.map((t, i) => [t, other.v[i]]));
  const points = line.points.map((point, i): SeriesPoint => {
    const value = valueAt.get(line.instants[i]);
    return value === undefined || ('value' in point && point.value === value) ? { time: point.time } : { time: point.time, value };
  });
  return points.some((p) => 'value' in p) ? points : [];
}

/** How many of a reading's points are suspect and rejected. */
export function flagCounts(flags: FlaggedColumns | undefined) {
  let suspect = 0;
  let rejected = 0;
  for (const q of flags?.q ?? []) {
    if (q === 1) suspect++;
    else if (q === 2) rejected++;
  }
  return { suspect, rejected };
}

/** An instant as a `datetime-local` input's value on the station's wall clock (to the minute). */
export const localInput = (ts: number, timeZone: string) => new Date(wallClock(ts, timeZone)).toISOString().slice(0, 16);

/**
 * A `datetime-local` value (the station's wall clock, to the minute) as an ISO instant; `end` takes the whole minute.
 * A time the zone skips or repeats goes to the contract as typed, which refuses it under its field.
 */
export function instantOf(text: string, timeZone: string, end = false): string {
  const ts = parseStationTime(`${text}:00`, timeZone);
  return typeof ts === 'number' ? new Date(ts + (end ? 59_999 : 0)).toISOString() : text;
}
