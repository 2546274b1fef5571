import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchAlarms, fetchAlarmStatistics, fetchAlarmStations, fetchOpenAlarms, fetchStationRules } from '~/server/alarms';
import { viewState, type AlarmFilters, type AlarmPage } from './alarm-lists';

/** Rows per page of a listing on `/alarms`. */
const alarmPageSize = 50;

export const alarmQueries = {
  /** Every open alarm the subject may see: badges on cards, markers and charts, the count in the menu, the first two views of `/alarms`. */
  open: () => queryOptions({ queryKey: ['alarms', 'open'], queryFn: () => fetchOpenAlarms() }),
  /** A listing of `/alarms`, newest first, one page at a time. */
  list: (filters: AlarmFilters) =>
    infiniteQueryOptions({
      queryKey: ['alarms', 'list', filters],
      queryFn: async ({ pageParam }): Promise<AlarmPage> => {
        const alarms = await fetchAlarms({
          data: {
            state: viewState[filters.view],
            item_id: filters.station,
            severity: filters.severity,
            limit: alarmPageSize,
            before: pageParam,
          },
        });
        return { alarms, next: alarms.length < alarmPageSize ? undefined : alarms.at(-1)!.id };
      },
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (last) => last.next,
    }),
  /** The stations the subject may see: the station filter, and each alarm's time zone. */
  stations: () => queryOptions({ queryKey: ['alarms', 'stations'], queryFn: () => fetchAlarmStations() }),
  /** How alarms and levels were handled over the last `days`. */
  statistics: (days: number) =>
    queryOptions({ queryKey: ['alarms', 'statistics', days], queryFn: () => fetchAlarmStatistics({ data: { days } }) }),
  /** A station's rules, whose thresholds its charts draw. */
  rules: (uniqueId: string) =>
    queryOptions({ queryKey: ['alarms', 'rules', uniqueId], queryFn: () => fetchStationRules({ data: { id: uniqueId } }) }),
};
