import { isCalendarDay } from '../../../shared/calendar';
import type { DayRange } from '../../../shared/station-time';

/** SPEC §9: the chart's range presets, in days back from today. */
export const presets = [30, 14, 7, 3, 1] as const;
export type Preset = (typeof presets)[number];

/** What the address asks for: a preset, a custom pair of days, or (neither) the default range. */
export type RangeChoice = { days?: Preset } | DayRange;

/**
 * Reads the range from the address, so a reload or a shared link shows the same days; anything unknown
 * falls back to the default preset. Plain code rather than a schema keeps zod out of every page's first load.
 */
export function chartSearch(search: Record<string, unknown>): Partial<{ days: Preset; from: string; to: string }> {
  const days = presets.find((preset) => String(preset) === String(search.days));
  const day = (value: unknown) => (typeof value === 'string' && isCalendarDay(value) ? value : undefined);
  return { days, from: day(search.from), to: day(search.to) };
}

/**
 * The choice the search stands for: a well-ordered custom pair wins, else the preset; with neither, the
 * server applies the one default range (station-time's `defaultRangeDays`).
 */
export const rangeChoice = ({ days, from, to }: ReturnType<typeof chartSearch>): RangeChoice =>
  from && to && from <= to ? { from, to } : days ? { days } : {};
