import { isSummed } from '../../../worker/contracts/readings';
import { dayBounds, localDay, periodOf } from '../../../worker/contracts/station-time';
import type { AnsweredRange, Chart, Columns, Dashboard, DashboardColumns, Totals } from '../../../worker/contracts/telemetry';
import type { ChartData } from '~/features/charts/reading-cards';
import { pointsOf, type Point } from '~/features/charts/series';
import type { ReadingsMessage } from './use-live-stations';

type PerCode = Record<string, number>;

function widen(min: PerCode, max: PerCode, points: { reading: string; value: number }[]) {
  const lo = { ...min };
  const hi = { ...max };
  for (const { reading, value } of points) {
    lo[reading] = reading in lo ? Math.min(lo[reading], value) : value;
    hi[reading] = reading in hi ? Math.max(hi[reading], value) : value;
  }
  return { min: lo, max: hi };
}

/** Where `ts` belongs in a time-ordered list: its index if there, else where it would go. */
function slot(times: number[], ts: number) {
  let lo = 0;
  let hi = times.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (times[mid] < ts) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** A reading's line with a point added in time order; null when it is there already. */
function withPoint(line: Columns | undefined, { ts, value }: Point): Columns | null {
  const { t, v } = line ?? { t: [], v: [] };
  const at = slot(t, ts);
  if (t[at] === ts) return null;
  return { t: [...t.slice(0, at), ts, ...t.slice(at)], v: [...v.slice(0, at), value, ...v.slice(at)] };
}

/** Totals with a reading added to its period; the wettest day follows when the periods are days or hours. */
function withRain(totals: Totals, { ts, value }: Point, timeZone: string): Totals {
  const start = periodOf(ts, totals.period, timeZone).start;
  const at = slot(totals.t, start);
  const t = totals.t[at] === start ? totals.t : [...totals.t.slice(0, at), start, ...totals.t.slice(at)];
  const v = totals.t[at] === start ? totals.v.map((x, i) => (i === at ? x + value : x)) : [...totals.v.slice(0, at), value, ...totals.v.slice(at)];
  const next = { ...totals, t, v, sum: totals.sum + value };
  if (totals.period === 'day' || totals.period === 'hour') {
    const day = localDay(ts, timeZone);
    const { start: from, end: to } = dayBounds(day, timeZone);
    const daySum = t.reduce((n, s, i) => (s >= from && s < to ? n + v[i] : n), 0);
    if (daySum > (totals.peak_day?.sum ?? 0) || day === totals.peak_day?.day) next.peak_day = { day, sum: daySum };
  }
  return next;
}

/**
 * Adds live rows that fall in the range the chart's reply answered and are not on it yet: points to their
 * reading's line in time order, amounts that add up to their period's total; a station that names its last update gets the newer one.
 */
export function mergeIntoChart<C extends ChartData & { range: AnsweredRange }>(chart: C, message: ReadingsMessage): C {
  if (message.unique_id !== chart.item.unique_id) return chart;
  const timeZone = chart.item.timezone;
  const [start, end] = [Date.parse(chart.range.start), Date.parse(chart.range.end)];
  const data = { ...chart.data };
  const totals = { ...chart.totals };
  const fresh: Point[] = [];
  for (const p of pointsOf(message.rows as Chart['data'])) {
    if (p.ts < start || p.ts >= end) continue;
    const rain = totals[p.reading];
    // The live channel sends only newly stored rows, so an amount is added once.
    if (rain) totals[p.reading] = withRain(rain, p, timeZone);
    else {
      const line = withPoint(data[p.reading], p);
      if (!line) continue;
      data[p.reading] = line;
    }
    fresh.push(p);
  }
  if (!fresh.length) return chart;
  const item = 'last_update' in chart.item ? { ...chart.item, last_update: message.last_update } : chart.item;
  return { ...chart, data, totals, ...widen(chart.min, chart.max, fresh), item };
}

/** Adds live rows to a station card: newer last update, more measurements, wider extremes, larger totals. */
export function mergeIntoDashboard<D extends Pick<Dashboard, 'danes' | 'uniwan'>>(dashboard: D, message: ReadingsMessage): D {
  const key = message.source === 'DANES' ? 'danes' : 'uniwan';
  const summary = dashboard[key][message.unique_id] ?? { date: null, pocetMereni: 0, min: {}, max: {} };
  const points = pointsOf(message.rows as Chart['data']);
  const newest = Math.max(...points.map((p) => p.ts));
  const date = summary.date && Date.parse(summary.date) > newest ? summary.date : new Date(newest).toISOString();
  const summed = points.filter((p) => isSummed(p.reading));
  const sum = summed.length ? summed.reduce((out, p) => ({ ...out, [p.reading]: (out[p.reading] ?? 0) + p.value }), summary.sum ?? {}) : summary.sum;
  return {
    ...dashboard,
    [key]: {
      ...dashboard[key],
      [message.unique_id]: { ...summary, date, pocetMereni: summary.pocetMereni + points.length, ...widen(summary.min, summary.max, points), ...(sum ? { sum } : {}) },
    },
  };
}

/** `mergeIntoDashboard` for the dashboard's columns (what the app's dashboard query holds). */
export function mergeIntoDashboardColumns<D extends DashboardColumns>(dashboard: D, message: ReadingsMessage): D {
  const { stations, figures } = dashboard;
  const i = stations.unique_id.findIndex((id, k) => id === message.unique_id && dashboard.sources[stations.source[k]] === message.source);
  const points = pointsOf(message.rows as Chart['data']);
  if (i < 0 || !points.length) return dashboard;
  const at = <T,>(column: T[], value: T) => column.map((v, k) => (k === i ? value : v));
  const none = () => stations.id.map(() => null) as (number | null)[];
  const newest = Math.max(...points.map((p) => p.ts)) - dashboard.base;
  const min = { ...figures.min };
  const max = { ...figures.max };
  const sum = { ...figures.sum };
  for (const { reading, value } of points) {
    const lo = min[reading]?.[i] ?? null;
    const hi = max[reading]?.[i] ?? null;
    min[reading] = at(min[reading] ?? none(), lo === null ? value : Math.min(lo, value));
    max[reading] = at(max[reading] ?? none(), hi === null ? value : Math.max(hi, value));
    if (isSummed(reading)) sum[reading] = at(sum[reading] ?? none(), (sum[reading]?.[i] ?? 0) + value);
  }
  const date = figures.date[i];
  return {
    ...dashboard,
    figures: {
      ...figures,
      date: at(figures.date, date !== null && date > newest ? date : newest),
      count: at(figures.count, figures.count[i] + points.length),
      min,
      max,
      sum,
    },
  };
}
