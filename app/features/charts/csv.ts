import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Point } from './series';

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

// Seconds always, milliseconds only where a reading has them: the file says every time exactly as stored.
const timeOf = (ts: number, timeZone: string) => format(new TZDate(ts, timeZone), ts % 1000 ? "yyyy-MM-dd'T'HH:mm:ss.SSSxxx" : "yyyy-MM-dd'T'HH:mm:ssxxx");

/** CSV of readings: one line per reading, times with the station's offset, values unrounded. */
export function toCsv(points: Point[], timeZone: string): string {
  const lines = points.map((p) => [timeOf(p.ts, timeZone), csvField(p.reading), String(p.value)].join(','));
  return ['time,reading,value', ...lines].join('\r\n') + '\r\n';
}
