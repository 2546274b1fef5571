import type { ItemRow, StationFace } from '../../../worker/contracts/items';
import { dayBounds, type DayRange } from '../../../shared/station-time';
import { countedWith } from '../../../shared/readings';
import type { StationSummary } from '../../../worker/contracts/telemetry';

/** How many codes the summary counts readings of: a derived one (a well's elevation, a river's discharge) brings none of its own beside its level. */
function countedCodeCount(summary: StationSummary) {
  const shown = Object.keys(summary.max);
  return shown.filter((code) => !countedWith(code, shown)).length;
}

/** Below this supply voltage (POWER, in V) a station's battery or panel needs a look. */
export const lowVoltageThreshold = 11.5;

/** Assumed when a station has too few readings in the range to tell how often it reports. */
export const defaultIntervalMs = 10 * 60_000;

/**
 * How often a station usually reports: the time from the start of the range to its last report divided by
 * the readings per code (every report carries each of its codes once).
 */
export function usualIntervalMs(summary: StationSummary, rangeStart: number): number {
  const codes = countedCodeCount(summary);
  const last = summary.date ? Date.parse(summary.date) : NaN;
  const reports = codes ? summary.pocetMereni / codes : 0;
  if (reports < 2 || !(last > rangeStart)) return defaultIntervalMs;
  return (last - rangeStart) / reports;
}

/** Stale: no report for longer than twice the usual interval (or no report at all in the range). */
export function isStale(summary: StationSummary, rangeStart: number, now: number): boolean {
  if (!summary.date) return true;
  return now - Date.parse(summary.date) > 2 * usualIntervalMs(summary, rangeStart);
}

/** The lowest POWER in the range when it fell below the threshold, else null. */
export const lowVoltage = (summary: StationSummary): number | null => {
  const lowest = summary.min.POWER;
  return lowest !== undefined && lowest < lowVoltageThreshold ? lowest : null;
};

/** The one state a map marker shows; stale wins over low voltage (a silent station cannot report its battery). */
export type StationState = 'fresh' | 'stale' | 'low_voltage';

export function stationState(summary: StationSummary, rangeStart: number, now: number): StationState {
  if (isStale(summary, rangeStart, now)) return 'stale';
  return lowVoltage(summary) === null ? 'fresh' : 'low_voltage';
}

/**
 * How complete a station's readings are over a range: readings received (rejected ones count nowhere) against what its
 * reporting interval promises for each reading it sent, from the range's start to its end or now, at most 1. Null
 * where the station names no interval (a share link's face) or sent nothing.
 */
export function completeness(
  summary: StationSummary,
  reportMinutes: number | null,
  since: number,
  end: number,
  now: number,
): number | null {
  const codes = countedCodeCount(summary);
  const reports = Math.floor((Math.min(now, end) - since) / ((reportMinutes ?? 0) * 60_000));
  if (!reportMinutes || !codes || !(reports > 0)) return null;
  return Math.min(1, summary.pocetMereni / (codes * reports));
}

/** A station's summary over a range as cards, rows and markers show it: judged once, from where the range starts in its zone. */
export interface StationReport<I extends StationFace = ItemRow> {
  item: I;
  summary: StationSummary;
  /** The range's first instant: local midnight of its first day in the station's zone. */
  since: number;
  state: StationState;
  /** Readings received against the station's reporting interval (0–1), where it names one. */
  completeness: number | null;
}

export function stationReport<I extends StationFace>(item: I, summary: StationSummary, range: DayRange, now: number): StationReport<I> {
  const since = dayBounds(range.from, item.timezone).start;
  const end = dayBounds(range.to, item.timezone).end;
  const interval = 'report_minutes' in item && typeof item.report_minutes === 'number' ? item.report_minutes : null;
  return { item, summary, since, state: stationState(summary, since, now), completeness: completeness(summary, interval, since, end, now) };
}

/** Each station's state by unique id, for the map's markers. */
export const statesOf = (reports: StationReport<StationFace>[]): ReadonlyMap<string, StationState> =>
  new Map(reports.map((r) => [r.item.unique_id, r.state]));
