import { statisticsRanges, type Severity } from '../../../worker/contracts/alarm-kinds';
import { alarmViews, type AlarmFilters, type AlarmView } from './alarm-lists';

/** The tabs of `/alarms`: the three views of the alarms, and how they were handled. */
export const alarmTabs = [...alarmViews, 'statistics'] as const;
export type AlarmTab = (typeof alarmTabs)[number];

/** The statistics' range in days when the address names none. */
export const defaultStatisticsDays = 30;

/** What the address of `/alarms` may hold; the defaults (the active view, 30 days) are left out of it. */
export interface AlarmSearch {
  view?: Exclude<AlarmTab, 'active'>;
  station?: number;
  severity?: Severity;
  days?: number;
}

/**
 * Reads `/alarms?view=&station=&severity=&days=`, so a reload, the back button or a shared link shows the same list;
 * anything unknown is dropped. Plain code rather than a schema keeps zod out of the page's first load.
 */
export function alarmSearch(search: Record<string, unknown>): AlarmSearch {
  const view = alarmTabs.find((v) => v !== 'active' && v === search.view) as AlarmSearch['view'];
  const station = Number(search.station);
  const severity = (['warning', 'critical'] as const).find((s) => s === search.severity);
  const days = statisticsRanges.find((d) => d !== defaultStatisticsDays && d === Number(search.days));
  return { view, station: Number.isSafeInteger(station) && station > 0 ? station : undefined, severity, days };
}

/** The list filters of the address; the statistics tab keeps the station and severity chosen for the lists. */
export const filtersOf = ({ view, station, severity }: AlarmSearch): AlarmFilters => ({
  view: view === undefined || view === 'statistics' ? 'active' : (view satisfies AlarmView),
  station,
  severity,
});
