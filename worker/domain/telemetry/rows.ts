import { isReadingOf, type Source } from '../../contracts/readings';
import { rowFields, type DanesRow, type UniwanRow } from '../../contracts/telemetry';
import type { FieldErrors } from '../errors';
import { parseStationTime } from '../../contracts/station-time';

/** One measurement: its code from the catalogue, epoch ms and value, as stored in `readings`. */
export interface Reading {
  reading: string;
  ts: number;
  value: number;
}

/** Readings in the row shape of their source (as posted and as the chart returns them), times in UTC ISO 8601. */
export function sourceRows(source: Source, readings: Reading[]): DanesRow[] | UniwanRow[] {
  return source === 'DANES'
    ? readings.map((r) => ({ data_name: r.reading, data_value: r.value, date: new Date(r.ts).toISOString() }))
    : readings.map((r) => ({ value_id: r.reading, value: r.value, timestamp: new Date(r.ts).toISOString() }));
}

const allowedFutureMs = 24 * 60 * 60 * 1000;

// Legacy stations send values as text; anything that is not a plain finite number is refused.
function toValue(raw: unknown): number | null {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}

function checkRow(source: Source, row: unknown, timeZone: string, now: number): Reading | string {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return 'A row must be an object.';
  const fields = rowFields[source];
  const r = row as Record<string, unknown>;
  const code = r[fields.code];
  if (typeof code !== 'string' || !isReadingOf(source, code)) {
    return `Unknown reading code ${JSON.stringify(code ?? null)} for ${source} in "${fields.code}".`;
  }
  const value = toValue(r[fields.value]);
  if (value === null) return `"${fields.value}" must be a finite number.`;
  const time = r[fields.time];
  const ts = typeof time === 'string' ? parseStationTime(time, timeZone) : null;
  if (ts === null) return `"${fields.time}" is not an ISO 8601 time.`;
  if (ts > now + allowedFutureMs) return `"${fields.time}" is more than a day in the future.`;
  return { reading: code, ts, value };
}

/** Checks every posted row; errors are keyed `rows.<index>` so a rejected batch names each bad row. */
export function checkRows(source: Source, rows: unknown[], timeZone: string, now = Date.now()) {
  const readings: Reading[] = [];
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    const result = checkRow(source, row, timeZone, now);
    if (typeof result === 'string') errors[`rows.${index}`] = [result];
    else readings.push(result);
  });
  return { readings, errors };
}
