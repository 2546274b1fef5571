import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Alarm } from '../../../worker/contracts/alarms';
import { mergeIntoPages, mergeOpenAlarm, type AlarmFilters, type AlarmPages } from './alarm-lists';
import { alarmQueries } from './queries';

/** Puts an alarm as it now stands into every cached alarm query that shows it (badges, counts, listings). */
function applyAlarm(queryClient: QueryClient, alarm: Alarm) {
  queryClient.setQueryData(alarmQueries.open().queryKey, (open) => open && mergeOpenAlarm(open, alarm));
  for (const query of queryClient.getQueryCache().findAll({ queryKey: ['alarms', 'list'] })) {
    const filters = query.queryKey[2] as AlarmFilters;
    queryClient.setQueryData<AlarmPages>(query.queryKey, (data) => data && mergeIntoPages(data, alarm, filters));
  }
}

/**
 * What a live page does with alarm news: `apply` a changed alarm (from the live channel or an acknowledgement's
 * reply) at once, `refresh` the alarms after a reconnect, when changes may have been missed (rules and stations do
 * not travel on the live channel, so nothing of theirs was missed).
 */
export function useAlarmUpdates() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      apply: (alarm: Alarm) => applyAlarm(queryClient, alarm),
      refresh: () => {
        void queryClient.invalidateQueries({ queryKey: alarmQueries.open().queryKey });
        void queryClient.invalidateQueries({ queryKey: ['alarms', 'list'] });
      },
    }),
    [queryClient],
  );
}
