import { hourlyIncrement } from '../../../shared/precipitation';
import { isDerived, isSummed } from '../../../shared/readings';
import { dayBounds, localDay, periodOf } from '../../../shared/station-time';
import type {
  AnsweredRange,
  Chart,
  Columns,
  Dashboard,
  DashboardColumns,
  FlaggedColumns,
  StationSummary,
  Totals,
} from '../../../worker/contracts/telemetry';
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

/**
 * Totals with a reading added to its period under the hourly rule (a later reading of the same clock hour replaces the
 * one counted, so only the difference is added); the wettest day follows when the periods are days or hours.
 */
function withRain(totals: Totals, reading: Point, timeZone: string): Totals {
  const { ts } = reading;
  const value = hourlyIncrement(totals.last, reading, timeZone);
  const last = ts > (totals.last?.t ?? -Infinity) ? { t: ts, v: reading.value } : totals.last;
  const start = periodOf(ts, totals.period, timeZone).start;
  const at = slot(totals.t, start);
  const t = totals.t[at] === start ? totals.t : [...totals.t.slice(0, at), start, ...totals.t.slice(at)];
  const v =
    totals.t[at] === start ? totals.v.map((x, i) => (i === at ? x + value : x)) : [...totals.v.slice(0, at), value, ...totals.v.slice(at)];
  const next = { ...totals, t, v, sum: totals.sum + value, last };
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
  const flags = { ...chart.flags };
  const fresh: Point[] = [];
  const rows = message.rows as Chart['data'];
  for (const [i, p] of pointsOf(rows).entries()) {
    if (p.ts < start || p.ts >= end) continue;
    // A derived code joins only a line the chart draws (a chart of the raw series has none).
    if (isDerived(p.reading) && !data[p.reading]) continue;
    // A reading the station's checks found suspect is marked apart too.
    if ((rows[i] as { flag?: string }).flag === 'suspect') flags[p.reading] = withFlag(flags[p.reading], p);
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
  return {
    ...chart,
    data,
    totals,
    ...(chart.flags || Object.keys(flags).length ? { flags } : {}),
    ...widen(chart.min, chart.max, fresh),
    item,
  };
}

/** A reading's flagged points with a suspect one added in time order. */
function withFlag(flags: FlaggedColumns | undefined, { ts, value }: Point): FlaggedColumns {
  const { t, v, q } = flags ?? { t: [], v: [], q: [] };
  const at = slot(t, ts);
  if (t[at] === ts) return flags!;
  return {
    t: [...t.slice(0, at), ts, ...t.slice(at)],
    v: [...v.slice(0, at), value, ...v.slice(at)],
    q: [...q.slice(0, at), 1, ...q.slice(at)],
  };
}

/** The last reading of each code that a live merge counted into a rain total (for the hourly rule). */
type LastRain = Record<string, { t: number; v: number }>;

/**
 * What live points add to each summed code's total: one reading per clock hour, so a later reading of an hour already
 * counted adds only its difference. `last` (updated) holds the last reading counted per code.
 */
function rainAdded(last: LastRain, points: Point[], timeZone: string): Record<string, number> {
  const added: Record<string, number> = {};
  for (const p of points.filter((x) => isSummed(x.reading)).sort((a, b) => a.ts - b.ts)) {
    added[p.reading] = (added[p.reading] ?? 0) + hourlyIncrement(last[p.reading], p, timeZone);
    if (p.ts > (last[p.reading]?.t ?? -Infinity)) last[p.reading] = { t: p.ts, v: p.value };
  }
  return added;
}

/** How many of the points are measurements: derived codes ride along with the level they come from. */
const measured = (points: Point[]) => points.filter((p) => !isDerived(p.reading)).length;

/** What a dashboard card keeps of the live rain it added. */
type LiveSummary = StationSummary & { live_rain?: LastRain };

/** Adds live rows to a station card: newer last update, more measurements, wider extremes, larger totals. */
export function mergeIntoDashboard<D extends Pick<Dashboard, 'danes' | 'uniwan'> & Partial<Pick<Dashboard, 'items'>>>(
  dashboard: D,
  message: ReadingsMessage,
): D {
  const key = message.source === 'DANES' ? 'danes' : 'uniwan';
  const summary = dashboard[key][message.unique_id] ?? { date: null, pocetMereni: 0, min: {}, max: {} };
  const points = pointsOf(message.rows as Chart['data']);
  const newest = Math.max(...points.map((p) => p.ts));
  const date = summary.date && Date.parse(summary.date) > newest ? summary.date : new Date(newest).toISOString();
  const timeZone = dashboard.items?.find((i) => i.unique_id === message.unique_id)?.timezone ?? 'UTC';
  const lastRain = { ...(summary as LiveSummary).live_rain };
  let sum = summary.sum;
  for (const [code, added] of Object.entries(rainAdded(lastRain, points, timeZone))) sum = { ...sum, [code]: (sum?.[code] ?? 0) + added };
  const live = Object.keys(lastRain).length ? { live_rain: lastRain } : {};
  return {
    ...dashboard,
    [key]: {
      ...dashboard[key],
      [message.unique_id]: {
        ...summary,
        date,
        pocetMereni: summary.pocetMereni + measured(points),
        ...widen(summary.min, summary.max, points),
        ...(sum ? { sum } : {}),
        ...live,
      },
    },
  };
}

/** What the dashboard's columns keep of the live rain they added, per station. */
type LiveColumns = DashboardColumns & { live_rain?: Record<string, LastRain> };

/** `mergeIntoDashboard` for the dashboard's columns (what the app's dashboard query holds). */
export function mergeIntoDashboardColumns<D extends DashboardColumns>(dashboard: D, message: ReadingsMessage): D {
  const { stations, figures } = dashboard;
  const i = stations.unique_id.findIndex((id, k) => id === message.unique_id && dashboard.sources[stations.source[k]] === message.source);
  const points = pointsOf(message.rows as Chart['data']);
  if (i < 0 || !points.length) return dashboard;
  const at = <T>(column: T[], value: T) => column.map((v, k) => (k === i ? value : v));
  const none = () => stations.id.map(() => null) as (number | null)[];
  /** Station i's values of per-code columns, and those columns with new values for it. */
  const valuesOf = (columns: Record<string, (number | null)[]>) =>
    Object.fromEntries(Object.entries(columns).flatMap(([code, values]) => (values[i] === null ? [] : [[code, values[i]!]])));
  const withValues = (columns: Record<string, (number | null)[]>, values: Record<string, number>) => ({
    ...columns,
    ...Object.fromEntries(Object.entries(values).map(([code, v]) => [code, at(columns[code] ?? none(), v)])),
  });
  const { min, max } = widen(valuesOf(figures.min), valuesOf(figures.max), points);
  const lastRain = { ...(dashboard as LiveColumns).live_rain?.[message.unique_id] };
  const totals = valuesOf(figures.sum);
  const added = rainAdded(lastRain, points, dashboard.zones[stations.zone[i]]);
  const sum = Object.fromEntries(Object.entries(added).map(([code, amount]) => [code, (totals[code] ?? 0) + amount]));
  const newest = Math.max(...points.map((p) => p.ts)) - dashboard.base;
  const date = figures.date[i];
  return {
    ...dashboard,
    live_rain: { ...(dashboard as LiveColumns).live_rain, [message.unique_id]: lastRain },
    figures: {
      ...figures,
      date: at(figures.date, date !== null && date > newest ? date : newest),
      count: at(figures.count, figures.count[i] + measured(points)),
      min: withValues(figures.min, min),
      max: withValues(figures.max, max),
      sum: withValues(figures.sum, sum),
    },
  };
}
