import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Point } from './series';

const csvField = (text: string) => (/[",\n]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text);

// Seconds always, milliseconds only where a reading has them: the file says every time exactly as stored.
const timeOf = (ts: number, timeZone: string) =>
  format(new TZDate(ts, timeZone), ts % 1000 ? "yyyy-MM-dd'T'HH:mm:ss.SSSxxx" : "yyyy-MM-dd'T'HH:mm:ssxxx");

const flagText = ['good', 'suspect', 'rejected'];

/**
 * CSV of readings: one line per reading, times with the station's offset, values unrounded; with `flags` (the flag of
 * a reading: 0 good, 1 suspect, 2 rejected) a `flag` column says each reading's quality flag.
 */
export function toCsv(points: Point[], timeZone: string, { flags }: { flags?: (reading: string, ts: number) => number } = {}): string {
  const lines = points.map((p) => {
    const fields = [timeOf(p.ts, timeZone), csvField(p.reading), String(p.value)];
    if (flags) fields.push(flagText[flags(p.reading, p.ts)] ?? 'good');
    return fields.join(',');
  });
  return [flags ? 'time,reading,value,flag' : 'time,reading,value', ...lines].join('\r\n') + '\r\n';
}
