import { useQueryClient, type DataTag, type QueryKey } from '@tanstack/react-query';
import { useLiveStations, type LiveState, type ReadingsMessage, type Watched } from './use-live-stations';

/**
 * Keeps one query's data current from the live channel: new readings are merged in, and after a reconnect
 * the query is read again from the server, so nothing that arrived meanwhile is lost or shown twice.
 */
export function useLiveQuery<T>(stations: Watched, queryKey: DataTag<QueryKey, T, Error>, merge: (data: T, message: ReadingsMessage) => T): LiveState {
  const queryClient = useQueryClient();
  return useLiveStations(stations, {
    onReadings: (message) => queryClient.setQueryData(queryKey, (data) => data && merge(data, message)),
    onResync: () => void queryClient.invalidateQueries({ queryKey }),
  });
}
