import type { Alarm } from '../../../worker/contracts/alarms';
import type { AlarmState, Severity } from '../../../worker/contracts/alarm-kinds';

/** The views of `/alarms`; history is the cleared alarms. */
export const alarmViews = ['active', 'acknowledged', 'history'] as const;
export type AlarmView = (typeof alarmViews)[number];
export const viewState: Record<AlarmView, AlarmState> = { active: 'active', acknowledged: 'acknowledged', history: 'cleared' };

/** What `/alarms` shows: a view, optionally one station (item id) and one severity. */
export interface AlarmFilters {
  view: AlarmView;
  station?: number;
  severity?: Severity;
}

/** One page of a listing and where the next one starts (fixed when it was read, so live changes do not move it). */
export interface AlarmPage {
  alarms: Alarm[];
  next: number | undefined;
}
export interface AlarmPages {
  pages: AlarmPage[];
  pageParams: unknown[];
}

const severityRank: Record<Severity, number> = { warning: 1, critical: 2 };
const unattended = (alarm: Alarm) => (alarm.state === 'active' ? 1 : 0);
/** Worst first; of equal severity, those nobody has acknowledged yet, then the newest. */
const byConcern = (a: Alarm, b: Alarm) =>
  severityRank[b.severity] - severityRank[a.severity] || unattended(b) - unattended(a) || b.id - a.id;

export const matchesFilters = (alarm: Alarm, filters: AlarmFilters) =>
  alarm.state === viewState[filters.view] &&
  (filters.station === undefined || alarm.item_id === filters.station) &&
  (filters.severity === undefined || alarm.severity === filters.severity);

/** Inserts an alarm into a list kept newest (highest id) first. */
const insertNewestFirst = (list: Alarm[], alarm: Alarm) => {
  const at = list.findIndex((a) => a.id < alarm.id);
  return at === -1 ? [...list, alarm] : [...list.slice(0, at), alarm, ...list.slice(at)];
};

/** The open alarms after one of them changed: replaced in place, added when new, dropped once cleared. */
export function mergeOpenAlarm(open: Alarm[], alarm: Alarm): Alarm[] {
  const others = open.filter((a) => a.id !== alarm.id);
  return alarm.state === 'cleared' ? others : insertNewestFirst(others, alarm);
}

/**
 * A paged listing after one alarm changed: it leaves the listing when it no longer matches, and takes its place
 * by id when it does. An alarm older than everything loaded stays out while more pages follow: the next page
 * brings it, so no row ever shows twice.
 */
export function mergeIntoPages<T extends AlarmPages>(data: T, alarm: Alarm, filters: AlarmFilters): T {
  const pages = data.pages.map((page) => ({ ...page, alarms: page.alarms.filter((a) => a.id !== alarm.id) }));
  if (matchesFilters(alarm, filters)) {
    const holder =
      pages.find((page) => page.alarms.some((a) => a.id < alarm.id)) ?? (pages.at(-1)?.next === undefined ? pages.at(-1) : undefined);
    if (holder) holder.alarms = insertNewestFirst(holder.alarms, alarm);
  }
  return { ...data, pages };
}

/** Open alarms per station (unique_id), the most pressing first. */
export function openByStation(open: Alarm[]): Map<string, Alarm[]> {
  const stations = new Map<string, Alarm[]>();
  for (const alarm of [...open].sort(byConcern)) stations.set(alarm.unique_id, [...(stations.get(alarm.unique_id) ?? []), alarm]);
  return stations;
}

/** Each station's worst open severity, for the map. */
export const worstByStation = (stations: Map<string, Alarm[]>): Map<string, Severity> =>
  new Map([...stations].map(([id, alarms]) => [id, alarms[0].severity]));
