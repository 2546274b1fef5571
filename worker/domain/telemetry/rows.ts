import { readingsOf, sources, type ReadingInfo, type Source } from '../../../shared/readings';
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

/** What every ingest path (JSON rows, line protocol) holds a reading's time to: not before `earliest`, not far ahead of `now`. */
export interface TimeLimits {
  now: number;
  futureMarginMs: number;
  earliest: number;
  earliestDay: string;
}

export const timeLimits = (now: number, earliest: number, futureMarginMs = defaultFutureMarginMs): TimeLimits => ({
  now,
  futureMarginMs,
  earliest,
  earliestDay: new Date(earliest).toISOString().slice(0, 10),
});

/** Each source's codes with their catalogue entries. */
const codesOf = Object.fromEntries(sources.map((s) => [s, new Map(readingsOf(s).map((r) => [r.code, r]))])) as Record<
  Source,
  Map<string, ReadingInfo>
>;

/** A code's catalogue entry if it is a reading of `source`. */
export const readingOfSource = (source: Source, code: string) => codesOf[source].get(code);

/** Why a value cannot be a reading of its code (outside its physical limits), or null; `name` says how the caller names the value. */
export function valueProblem({ code, limits, unit }: ReadingInfo, value: number, name: string): string | null {
  if (value >= limits[0] && value <= limits[1]) return null;
  return `${name} ${value} is outside the physical limits of ${code} (${limits[0]} to ${limits[1]} ${unit}): no sensor measures that.`;
}

const marginText = (ms: number) => (ms % 3_600_000 === 0 && ms >= 3_600_000 ? `${ms / 3_600_000} h` : `${Math.round(ms / 60_000)} minutes`);

/** Why a reading cannot be stamped `ts` (before the earliest day, or in the future), or null; `name` says how the caller names the time. */
export function timeProblem(ts: number, limits: TimeLimits, name: string): string | null {
  if (ts < limits.earliest) return `${name} is before ${limits.earliestDay}, the earliest reading this server accepts.`;
  if (ts > limits.now + limits.futureMarginMs) {
    return `${name} is in the future: more than ${marginText(limits.futureMarginMs)} after the server's clock (is the station's clock right?).`;
  }
  return null;
}

interface TimeRules extends TimeLimits {
  timeZone: string;
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
  const info = typeof code === 'string' ? readingOfSource(source, code) : undefined;
  if (!info) return `Unknown reading code ${JSON.stringify(code ?? null)} for ${source} in "${fields.code}".`;
  const value = toValue(r[fields.value]);
  if (value === null) return `"${fields.value}" must be a finite number.`;
  const badValue = valueProblem(info, value, `"${fields.value}"`);
  if (badValue) return badValue;
  const time = r[fields.time];
  const ts = typeof time === 'string' ? readTime(time, rules) : 'format';
  if (typeof ts === 'string') return timeProblems[ts](fields.time, String(time).trim(), rules.timeZone);
  return timeProblem(ts, rules, `"${fields.time}"`) ?? { reading: info.code, ts, value };
}

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
  const rules: TimeRules = { ...timeLimits(now, earliest, futureMarginMs), timeZone, parsed: new Map() };
  const readings: Reading[] = [];
  const errors: FieldErrors = {};
  rows.forEach((row, index) => {
    const result = checkRow(source, row, rules);
    if (typeof result === 'string') errors[`rows.${index}`] = [result];
    else readings.push(result);
  });
  return { readings, errors };
}
