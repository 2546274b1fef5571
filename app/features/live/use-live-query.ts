import { useQueryClient, type DataTag, type QueryKey } from '@tanstack/react-query';
import { useAlarmUpdates } from '~/features/alarms/use-alarm-updates';
import { withLiveStandings } from '~/features/warning/live-standings';
import { warningQueries } from '~/features/warning/queries';
import { useLiveStations, type LiveState, type ReadingsMessage, type Watched } from './use-live-stations';

/**
 * Keeps one query's data current from the live channel: new readings are merged in, and after a reconnect
 * the query is read again from the server, so nothing that arrived meanwhile is lost or shown twice. Alarm
 * changes of the same stations go into the alarm queries (badges, counts), which a reconnect reads again too, and
 * levels and forecasts the rows moved into the warning scales (cards, markers, level lines).
 */
export function useLiveQuery<T>(
  stations: Watched,
  queryKey: DataTag<QueryKey, T, Error>,
  merge: (data: T, message: ReadingsMessage) => T,
): LiveState {
  const queryClient = useQueryClient();
  const alarms = useAlarmUpdates();
  return useLiveStations(stations, {
    onReadings: (message) => {
      queryClient.setQueryData(queryKey, (data) => data && merge(data, message));
      if (message.levels || message.forecasts)
        queryClient.setQueryData(warningQueries.scales().queryKey, (scales) => scales && withLiveStandings(scales, message));
    },
    onAlarm: (message) => alarms.apply(message.alarm),
    onResync: () => {
      void queryClient.invalidateQueries({ queryKey });
      void queryClient.invalidateQueries({ queryKey: warningQueries.scales().queryKey });
      alarms.refresh();
    },
  });
}
