import { dayBounds, type DayRange } from '../../../worker/contracts/station-time';
import type { Chart, Dashboard } from '../../../worker/contracts/telemetry';
import { pointsOf } from '~/features/charts/series';
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

/** Appends live rows that fall in the chart's station-local range and are not on it yet. */
export function mergeIntoChart<C extends Chart>(chart: C, message: ReadingsMessage, range: DayRange): C {
  if (message.unique_id !== chart.item.unique_id) return chart;
  const { start } = dayBounds(range.from, chart.item.timezone);
  const { end } = dayBounds(range.to, chart.item.timezone);
  const shown = new Set(pointsOf(chart.data).map((p) => `${p.reading}@${p.ts}`));
  const incoming = message.rows as Chart['data'];
  const points = pointsOf(incoming);
  const fresh = points.map((p, i) => ({ p, row: incoming[i] })).filter(({ p }) => p.ts >= start && p.ts < end && !shown.has(`${p.reading}@${p.ts}`));
  if (!fresh.length) return chart;
  return {
    ...chart,
    data: [...chart.data, ...fresh.map((f) => f.row)] as Chart['data'],
    ...widen(chart.min, chart.max, fresh.map((f) => f.p)),
    item: { ...chart.item, last_update: message.last_update },
  };
}

/** Adds live rows to a station card: newer last update, more measurements, wider extremes. */
export function mergeIntoDashboard<D extends Dashboard>(dashboard: D, message: ReadingsMessage): D {
  const key = message.source === 'DANES' ? 'danes' : 'uniwan';
  const summary = dashboard[key][message.unique_id] ?? { date: null, pocetMereni: 0, min: {}, max: {} };
  const points = pointsOf(message.rows as Chart['data']);
  const newest = Math.max(...points.map((p) => p.ts));
  const date = summary.date && Date.parse(summary.date) > newest ? summary.date : new Date(newest).toISOString();
  return {
    ...dashboard,
    [key]: {
      ...dashboard[key],
      [message.unique_id]: { date, pocetMereni: summary.pocetMereni + points.length, ...widen(summary.min, summary.max, points) },
    },
  };
}
