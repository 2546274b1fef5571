import { TZDate } from '@date-fns/tz';

const dayFormats = new Map<string, Intl.DateTimeFormat>();
const dayFormat = (timeZone: string) => {
  let format = dayFormats.get(timeZone);
  if (!format) {
    // en-CA formats as YYYY-MM-DD, the shape daily_stats keys days by.
    format = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
    dayFormats.set(timeZone, format);
  }
  return format;
};

/** The calendar day (YYYY-MM-DD) an instant falls on in a time zone. */
export const localDay = (ts: number, timeZone: string) => dayFormat(timeZone).format(ts);

const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/** Epoch ms of local midnight starting `day`, and of the next one: 23 or 25 hours apart on DST change days. */
export function dayBounds(day: string, timeZone: string): { start: number; end: number } {
  const [y, m, d] = dayParts(day);
  return {
    start: new TZDate(y, m - 1, d, 0, 0, 0, 0, timeZone).getTime(),
    end: new TZDate(y, m - 1, d + 1, 0, 0, 0, 0, timeZone).getTime(),
  };
}

/** The day `n` calendar days after `day` (negative goes back). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const isoTime = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}:?\d{2})?$/i;

/**
 * Reads an ISO 8601 time; one without an offset is a station's wall-clock time in `timeZone`.
 * Returns epoch ms, or null when the text is not a real time.
 */
export function parseStationTime(text: string, timeZone: string): number | null {
  const match = isoTime.exec(text.trim());
  if (!match) return null;
  const [, year, month, date, hour, minute, second = '0', fraction = '0', offset] = match;
  const [y, mo, d, h, mi, s] = [year, month, date, hour, minute, second].map(Number);
  const ms = Number(fraction.padEnd(3, '0'));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, ms);
  // Date.UTC rolls 2026-02-30 over into March; a real time survives the round trip.
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return null;
  if (!offset) return new TZDate(y, mo - 1, d, h, mi, s, ms, timeZone).getTime();
  if (offset.toUpperCase() === 'Z') return wall;
  const sign = offset[0] === '-' ? -1 : 1;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2));
  return wall - sign * minutes * 60_000;
}

const defaultRangeDays = 7;

/** A day range as asked, filled in with the last week (ending today in `timeZone`) where left out. */
export function resolveRange(range: { from?: string; to?: string }, timeZone: string, now = Date.now()) {
  const to = range.to ?? (range.from ? addDays(range.from, defaultRangeDays - 1) : localDay(now, timeZone));
  return { from: range.from ?? addDays(to, -(defaultRangeDays - 1)), to };
}
