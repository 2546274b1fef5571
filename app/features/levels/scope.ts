import { wallClock } from '../../../shared/station-time';
import { instantOf } from '~/features/charts/series';

/** What a Levels section needs to know of its station. */
export interface LevelsScope {
  itemId: number;
  reading: string;
  timeZone: string;
}

/** A datetime-local input's text as an instant (station-local wall clock), or null when left empty. */
export const instantOrNull = (value: FormDataEntryValue | null, timeZone: string) => {
  const text = typeof value === 'string' ? value.trim() : '';
  return text === '' ? null : instantOf(text, timeZone);
};

/** An instant as a datetime-local input shows it on the station's wall clock (to the minute), for a form that edits it. */
export const localInput = (iso: string, timeZone: string) => new Date(wallClock(Date.parse(iso), timeZone)).toISOString().slice(0, 16);
