import { TZDate } from '@date-fns/tz';
import { formatISO } from 'date-fns';
import type { Point } from './series';

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

/** CSV of readings: one line per reading, times with the station's offset, values unrounded. */
export function toCsv(points: Point[], timeZone: string): string {
  const lines = points.map((p) => [formatISO(new TZDate(p.ts, timeZone)), csvField(p.reading), String(p.value)].join(','));
  return ['time,reading,value', ...lines].join('\r\n') + '\r\n';
}
