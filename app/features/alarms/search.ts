import type { Severity } from '../../../worker/contracts/alarm-kinds';
import { alarmViews, type AlarmFilters, type AlarmView } from './alarm-lists';

/** What the address of `/alarms` may hold; the default view (active) is left out of it. */
export interface AlarmSearch {
  view?: Exclude<AlarmView, 'active'>;
  station?: number;
  severity?: Severity;
}

/**
 * Reads `/alarms?view=&station=&severity=`, so a reload, the back button or a shared link shows the same list;
 * anything unknown is dropped. Plain code rather than a schema keeps zod out of the page's first load.
 */
export function alarmSearch(search: Record<string, unknown>): AlarmSearch {
  const view = alarmViews.find((v) => v !== 'active' && v === search.view) as AlarmSearch['view'];
  const station = Number(search.station);
  const severity = (['warning', 'critical'] as const).find((s) => s === search.severity);
  return { view, station: Number.isSafeInteger(station) && station > 0 ? station : undefined, severity };
}

export const filtersOf = ({ view, station, severity }: AlarmSearch): AlarmFilters => ({ view: view ?? 'active', station, severity });
