import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { ApprovalLevel, ApprovalSpan } from '../../../worker/contracts/quality';
import type { RawReadings } from '../../../worker/contracts/telemetry';
import { approvalBands, type ApprovalBand } from './approvals';
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

type Series = Record<string, { t: number[]; v: number[]; q?: number[] }>;

/**
 * CSV of readings raw and corrected side by side (the export's opt-in, docs/corrections.md): one line per reading and
 * time either holds, `raw` empty for a derived or filled value, `corrected` empty for a reading rejected or left out
 * by a correction; the raw reading's flag, and the name of the approval level its time is at (empty: none). With
 * discharge, a discharge's `rating` names the version that rated it ("4>5" while 4 blends into 5) and `shift` the
 * shift applied (docs/ratings.md).
 */
export function toCorrectedCsv(
  {
    data,
    corrected = {},
    approvals,
    approval_levels,
    rating,
  }: {
    data: Series;
    corrected?: Series;
    approvals: Record<string, ApprovalSpan[]>;
    approval_levels: ApprovalLevel[];
    rating?: RawReadings['rating'];
  },
  timeZone: string,
): string {
  const lines = new Map<string, { ts: number; reading: string; raw?: number; corrected?: number; flag: number }>();
  const take = (series: Series, side: 'raw' | 'corrected') => {
    for (const [reading, { t, v, q }] of Object.entries(series)) {
      t.forEach((ts, i) => {
        const key = `${ts} ${reading}`;
        const line = lines.get(key) ?? { ts, reading, flag: 0 };
        line[side] = v[i];
        if (side === 'raw' || !lines.has(key)) line.flag = q?.[i] ?? 0;
        lines.set(key, line);
      });
    }
  };
  const bands = new Map<string, ApprovalBand[]>();
  const bandsOf = (code: string) => bands.get(code) ?? bands.set(code, approvalBands({ approvals, approval_levels }, code)).get(code)!;
  take(data, 'raw');
  take(corrected, 'corrected');
  const sorted = [...lines.values()].sort((a, b) => a.ts - b.ts || (a.reading < b.reading ? -1 : a.reading > b.reading ? 1 : 0));
  const traced = rating && Object.keys(rating).length ? rating : undefined;
  // Per rated code, each corrected value's index by its time (the traces run along the corrected values).
  const traceIndex = new Map(Object.keys(traced ?? {}).map((code) => [code, new Map(corrected[code]?.t.map((t, i) => [t, i]))]));
  const traceOf = (reading: string, ts: number) => {
    const i = traceIndex.get(reading)?.get(ts);
    const trace = traced?.[reading];
    if (i === undefined || !trace) return ['', ''];
    const previous = trace.previous[i];
    return [previous === null ? String(trace.version[i]) : `${previous}>${trace.version[i]}`, String(trace.shift[i])];
  };
  const body = sorted.map((line) => {
    const band = bandsOf(line.reading).find((b) => line.ts >= b.from && line.ts < b.to);
    return [
      timeOf(line.ts, timeZone),
      csvField(line.reading),
      line.raw === undefined ? '' : String(line.raw),
      line.corrected === undefined ? '' : String(line.corrected),
      flagText[line.flag] ?? 'good',
      csvField(band?.name ?? ''),
      ...(traced ? traceOf(line.reading, line.ts) : []),
    ].join(',');
  });
  const header = `time,reading,raw,corrected,flag,approval${traced ? ',rating,shift' : ''}`;
  return [header, ...body].join('\r\n') + '\r\n';
}
