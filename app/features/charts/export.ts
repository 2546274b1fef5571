import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import type { DayRange } from '../../../worker/contracts/station-time';
import type { Chart } from '../../../worker/contracts/telemetry';
import { pointsOf, type Point } from './series';

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** CSV of the rows as shown: one line per row, times with the station's offset, values unrounded. */
export function toCsv(points: Point[], timeZone: string): string {
  const lines = points.map((p) => [formatISO(new TZDate(p.ts, timeZone)), csvField(p.reading), String(p.value)].join(','));
  return ['time,reading,value', ...lines].join('\r\n') + '\r\n';
}

/** Hands a text to the browser as a file download. */
function download(text: string, fileName: string, type = 'text/csv;charset=utf-8') {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const link = Object.assign(document.createElement('a'), { href: url, download: fileName });
  document.body.appendChild(link);
  link.click();
  link.remove();
  // Revoked on the next turn: the download has taken its own reference by then.
  setTimeout(() => URL.revokeObjectURL(url));
}

/** Downloads the chart's rows as shown, named after the station and the days: `DANES-BRNO-01_2026-11-01_2026-11-22.csv`. */
export function exportCsv(chart: Chart & { range: DayRange }) {
  const { item, range } = chart;
  download(toCsv(pointsOf(chart.data), item.timezone), `${item.unique_id}_${range.from}_${range.to}.csv`);
}
