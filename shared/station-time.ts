import { TZDate, tzOffset } from '@date-fns/tz';

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

/** An instant (epoch ms) as the API sends it: ISO 8601 in UTC; null stays null. */
export const isoInstant = <T extends number | null>(ms: T) =>
  (ms === null ? null : new Date(ms).toISOString()) as T extends number ? string : string | null;

const dayParts = (day: string) => day.split('-').map(Number) as [number, number, number];

/**
 * The instant of local midnight starting a calendar day (month and day may overflow, as in Date.UTC). Where the
 * wall clock passes midnight once (nearly always) it is read from the cached offsets; where a zone skips or
 * repeats midnight, TZDate decides, as it always has.
 */
function midnight(y: number, month: number, d: number, timeZone: string): number {
  const instant = fromWallTime(Date.UTC(y, month, d), timeZone);
  return typeof instant === 'number' ? instant : new TZDate(y, month, d, 0, 0, 0, 0, timeZone).getTime();
}

/** Epoch ms of local midnight starting `day`, and of the next one: 23 or 25 hours apart on DST change days. */
export function dayBounds(day: string, timeZone: string): { start: number; end: number } {
  const [y, m, d] = dayParts(day);
  return { start: midnight(y, m - 1, d, timeZone), end: midnight(y, m - 1, d + 1, timeZone) };
}

/** The day `n` calendar days after `day` (negative goes back). */
export function addDays(day: string, n: number): string {
  const [y, m, d] = dayParts(day);
  return new Date(Date.UTC(y, m - 1, d + n)).toISOString().slice(0, 10);
}

const isoTime = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,3}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?$/i;

/** Why a station time is refused. */
export type StationTimeProblem = 'format' | 'year' | 'offset' | 'gap' | 'ambiguous';

export const earliestYear = 1900;
const maxOffsetMinutes = 14 * 60;
const hourMs = 3_600_000;
const dayMs = 24 * hourMs;
const maxCachedHours = 100_000;

// Per zone and UTC hour, the offset in minutes when it holds for the whole hour, NaN when it changes within it.
const hourOffsets = new Map<string, Map<number, number>>();

/** Minutes east of UTC at `ts` in `timeZone`; one Intl lookup per zone and hour, exact also where it changes. */
function offsetAt(timeZone: string, ts: number): number {
  let hours = hourOffsets.get(timeZone);
  if (!hours) hourOffsets.set(timeZone, (hours = new Map()));
  const hour = Math.floor(ts / hourMs);
  let offset = hours.get(hour);
  if (offset === undefined) {
    const first = tzOffset(timeZone, new Date(hour * hourMs));
    offset = first === tzOffset(timeZone, new Date(hour * hourMs + hourMs - 1)) ? first : NaN;
    if (hours.size >= maxCachedHours) hours.clear();
    hours.set(hour, offset);
  }
  return Number.isNaN(offset) ? tzOffset(timeZone, new Date(ts)) : offset;
}

/**
 * The instant a wall-clock time (given as if it were UTC) names in `timeZone`: none in the hour the clocks
 * skip, two in the hour they repeat. Any instant lies within a day of its wall time, and a zone's offset
 * changes at most once in two days, so the offsets a day either side are the only candidates.
 */
function fromWallTime(wall: number, timeZone: string): number | 'gap' | 'ambiguous' {
  const before = offsetAt(timeZone, wall - dayMs);
  const after = offsetAt(timeZone, wall + dayMs);
  const early = wall - before * 60_000;
  const late = wall - after * 60_000;
  const earlyFits = offsetAt(timeZone, early) === before;
  const lateFits = offsetAt(timeZone, late) === after;
  if (earlyFits && lateFits && early !== late) return 'ambiguous';
  if (earlyFits) return early;
  return lateFits ? late : 'gap';
}

/**
 * Reads an ISO 8601 time; one without an offset is a station's wall-clock time in `timeZone`. Returns epoch
 * ms, or why it is refused: not a real time, a year before 1900, an offset beyond ±14:00, or a naive time
 * that the zone skips (clocks forward) or passes twice (clocks back), which only an offset can place.
 */
export function parseStationTime(text: string, timeZone: string): number | StationTimeProblem {
  const match = isoTime.exec(text.trim());
  if (!match) return 'format';
  const [, year, month, date, hour, minute, second = '0', fraction = '0', offset] = match;
  const [y, mo, d, h, mi, s] = [year, month, date, hour, minute, second].map(Number);
  if (y < earliestYear) return 'year';
  const wall = Date.UTC(y, mo - 1, d, h, mi, s, Number(fraction.padEnd(3, '0')));
  // Date.UTC rolls 2026-02-30 over into March; a real time survives the round trip.
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) return 'format';
  if (!offset) return fromWallTime(wall, timeZone);
  if (offset.toUpperCase() === 'Z') return wall;
  const digits = offset.slice(1).replace(':', '');
  const [offsetHours, offsetMinutes] = [Number(digits.slice(0, 2)), Number(digits.slice(2) || '0')];
  const minutes = offsetHours * 60 + offsetMinutes;
  if (offsetMinutes >= 60 || minutes > maxOffsetMinutes) return 'offset';
  return wall - (offset[0] === '-' ? -1 : 1) * minutes * 60_000;
}

/**
 * The instant shifted by the zone's offset, so that reading it as UTC gives the station's wall clock: what charts
 * that reckon in UTC (lightweight-charts) need to put their day and hour marks on the station's midnights.
 */
export const wallClock = (ts: number, timeZone: string) => ts + offsetAt(timeZone, ts) * 60_000;

/** Calendar periods totals are reckoned in, in the station's zone. */
export const periods = ['hour', 'day', 'month', 'year'] as const;
export type Period = (typeof periods)[number];

/**
 * The station-local period holding `ts`: [start, end) in epoch ms. Days run from local midnight to local midnight
 * (23 or 25 hours on DST change days), months and years from their first local midnight, hours from the wall
 * clock's full hour (two hours carry the same wall-clock label in the night the clocks go back).
 */
export function periodOf(ts: number, period: Period, timeZone: string): { start: number; end: number } {
  if (period === 'hour') {
    const start = ts - (((wallClock(ts, timeZone) % hourMs) + hourMs) % hourMs);
    return { start, end: start + hourMs };
  }
  const day = localDay(ts, timeZone);
  if (period === 'day') return dayBounds(day, timeZone);
  const [y, m] = dayParts(day);
  const [first, next] = period === 'month' ? [m - 1, m] : [0, 12];
  return { start: midnight(y, first, 1, timeZone), end: midnight(y, next, 1, timeZone) };
}

/** A range of station-local calendar days (`YYYY-MM-DD`, both ends included), as the API takes it. */
export interface DayRange {
  from: string;
  to: string;
}

/** The zone of a station that names none, and of ranges that span stations (the dashboard's). */
export const homeZone = 'Europe/Prague';

/** Today's date in a time zone: the same answer on the server and in any browser, whatever their own zones. */
export const today = (timeZone: string, now = Date.now()) => localDay(now, timeZone);

/**
 * "The last n days" (SPEC §4: "from one month ago to today"): from the day n days before today up to today,
 * in `timeZone`; even the one-day preset holds a whole day of readings.
 */
export function lastDays(days: number, timeZone: string, now = Date.now()): DayRange {
  const to = today(timeZone, now);
  return { from: addDays(to, -days), to };
}

/** The one default range, named once: the dashboard and the charts open on the last 30 days (SPEC §4, §9). */
export const defaultRangeDays = 30;

/**
 * A range as asked: `from`/`to` win, `days` counts back from today in `timeZone`, and whatever is left out
 * is filled in with the default range.
 */
export function resolveRange(range: { from?: string; to?: string; days?: number }, timeZone: string, now = Date.now()): DayRange {
  const days = range.days ?? defaultRangeDays;
  if (range.from && range.to) return { from: range.from, to: range.to };
  if (range.from) return { from: range.from, to: addDays(range.from, days) };
  if (range.to) return { from: addDays(range.to, -days), to: range.to };
  return lastDays(days, timeZone, now);
}
