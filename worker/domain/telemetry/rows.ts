import { isReadingOf, type Source } from '../../contracts/readings';
import { rowFields } from '../../contracts/telemetry';
import type { FieldErrors } from '../errors';
import { parseStationTime } from './time';

/** One stored measurement. */
export interface Reading {
  code: string;
  ts: number;
  value: number;
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
  return { code, ts, value };
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
