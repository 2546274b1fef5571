import type { Chart } from '../../../worker/contracts/telemetry';

export interface Point {
  reading: string;
  ts: number;
  value: number;
}

/** The chart reply's rows, whichever source's shape they have, as (reading, epoch ms, value). */
export const pointsOf = (data: Chart['data']): Point[] =>
  data.map((row) =>
    'data_name' in row
      ? { reading: row.data_name, ts: Date.parse(row.date), value: row.data_value }
      : { reading: row.value_id, ts: Date.parse(row.timestamp), value: row.value },
  );

/** Points grouped by reading, each group in time order. */
export function byReading(points: Point[]): Map<string, Point[]> {
  const groups = new Map<string, Point[]>();
  for (const p of points) {
    const group = groups.get(p.reading);
    if (group) group.push(p);
    else groups.set(p.reading, [p]);
  }
  for (const group of groups.values()) group.sort((a, b) => a.ts - b.ts);
  return groups;
}

/** The usual distance between neighbouring points: the median, so that a few outages do not inflate it. */
export function samplingInterval(points: Point[]): number {
  const steps = points
    .slice(1)
    .map((p, i) => p.ts - points[i].ts)
    .filter((d) => d > 0)
    .sort((a, b) => a - b);
  return steps.length ? steps[Math.floor(steps.length / 2)] : 0;
}

/** A line point (seconds, as lightweight-charts takes them) or a whitespace point, which breaks the line. */
export type SeriesPoint = { time: number; value: number } | { time: number };

/** Gaps longer than this many sampling intervals are shown as gaps, not bridged by a line. */
export const gapFactor = 3;

/** One reading's points for a line series, with a whitespace point in every gap longer than three intervals. */
export function toSeries(points: Point[]): SeriesPoint[] {
  const interval = samplingInterval(points);
  const series: SeriesPoint[] = [];
  let lastSecond = -Infinity;
  for (const [i, p] of points.entries()) {
    const previous = points[i - 1];
    if (previous && interval > 0 && p.ts - previous.ts > gapFactor * interval) {
      const gapSecond = Math.floor((previous.ts + interval) / 1000);
      if (gapSecond > lastSecond) series.push({ time: gapSecond });
      lastSecond = Math.max(lastSecond, gapSecond);
    }
    const second = Math.floor(p.ts / 1000);
    // The chart needs strictly rising times; a second point within the same second is dropped.
    if (second <= lastSecond) continue;
    series.push({ time: second, value: p.value });
    lastSecond = second;
  }
  return series;
}
