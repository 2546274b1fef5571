import { isReadingOf, readingInfo, type Source } from '../../../shared/readings';
import { rowFields, type Reading } from '../../contracts/telemetry';
import type { FieldErrors } from '../errors';
import { earliestYear, parseStationTime, type StationTimeProblem } from '../../../shared/station-time';

/** How far after the server's clock a reading may be stamped unless the Worker says otherwise (FUTURE_MARGIN_MINUTES). */
export const defaultFutureMarginMs = 10 * 60_000;

// Legacy stations send values as text; anything that is not a plain finite number is refused.
function toValue(raw: unknown): number | null {
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isFinite(value) ? value : null;
}

// Each refusal says what to send instead; a naive time the zone skips or repeats is never guessed at.
const timeProblems: Record<StationTimeProblem, (field: string, text: string, timeZone: string) => string> = {
  format: (field) => `"${field}" is not an ISO 8601 time.`,
  year: (field) => `"${field}" must have a four-digit year from ${earliestYear} on.`,
  offset: (field) => `"${field}" has an impossible UTC offset: offsets run from -14:00 to +14:00 with minutes under 60.`,
  gap: (field, text, timeZone) =>
    `"${field}" ${text} does not exist in ${timeZone} (the clocks skip that hour): send it with its UTC offset or in UTC (Z).`,
  ambiguous: (field, text, timeZone) =>
    `"${field}" ${text} happens twice in ${timeZone} (the clocks go back that hour): send it with its UTC offset or in UTC (Z).`,
};

interface TimeRules {
  timeZone: string;
  now: number;
  futureMarginMs: number;
  earliest: number;
  earliestDay: string;
  /** Times already read in this batch: a report's codes share one time, so most rows repeat the one before. */
  parsed: Map<string, number | StationTimeProblem>;
}

function readTime(text: string, rules: TimeRules) {
  let ts = rules.parsed.get(text);
  if (ts === undefined) rules.parsed.set(text, (ts = parseStationTime(text, rules.timeZone)));
  return ts;
}

function checkRow(source: Source, row: unknown, rules: TimeRules): Reading | string {
  if (!row || typeof row !== 'object' || Array.isArray(row)) return 'A row must be an object.';
  const fields = rowFields[source];
  const r = row as Record<string, unknown>;
  const code = r[fields.code];
  if (typeof code !== 'string' || !isReadingOf(source, code)) {
    return `Unknown reading code ${JSON.stringify(code ?? null)} for ${source} in "${fields.code}".`;
  }
  const value = toValue(r[fields.value]);
  if (value === null) return `"${fields.value}" must be a finite number.`;
  const { limits, unit } = readingInfo(code)!;
  if (value < limits[0] || value > limits[1]) {
    return `"${fields.value}" ${value} is outside the physical limits of ${code} (${limits[0]} to ${limits[1]} ${unit}): no sensor measures that.`;
  }
  const time = r[fields.time];
  const ts = typeof time === 'string' ? readTime(time, rules) : 'format';
  if (typeof ts === 'string') return timeProblems[ts](fields.time, String(time).trim(), rules.timeZone);
  if (ts < rules.earliest) return `"${fields.time}" is before ${rules.earliestDay}, the earliest reading this server accepts.`;
  if (ts > rules.now + rules.futureMarginMs) {
    return `"${fields.time}" is in the future: more than ${marginText(rules.futureMarginMs)} after the server's clock (is the station's clock right?).`;
  }
  return { reading: code, ts, value };
}

const marginText = (ms: number) => (ms % 3_600_000 === 0 && ms >= 3_600_000 ? `${ms / 3_600_000} h` : `${Math.round(ms / 60_000)} minutes`);

/**
 * Checks every posted row; errors are keyed `rows.<index>` so a rejected batch names each bad row. Values outside
 * their code's physical limits (the reading catalogue), times before `earliest` (epoch ms; the Worker's
 * EARLIEST_READING) or more than `futureMarginMs` after `now` (FUTURE_MARGIN_MINUTES) are refused.
 */
export function checkRows(
  source: Source,
  rows: unknown[],
  timeZone: string,
  now: number,
  earliest: number,
  futureMarginMs = defaultFutureMarginMs,
) {
  const rules: TimeRules = {
    timeZone,
    now,
    futureMarginMs,
    earliest,
    earliestDay: new Date(earliest).toISOString().slice(0, 10),
    parsed: new Map(),
  };
  const readings: Reading[] = [];
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    const result = checkRow(source, row, rules);
    if (typeof result === 'string') errors[`rows.${index}`] = [result];
    else readings.push(result);
  });
  return { readings, errors };
}
