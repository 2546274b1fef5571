import { useQueryClient, type DataTag, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { useLiveChannel, type LiveState, type ReadingsMessage } from '~/features/live/use-live-stations';
import { livePaths } from '../../../worker/contracts/live-paths';

/**
 * Keeps a share link's page current from its live channel: new readings (only those the link shows) merged into the
 * page's query, the query read again after a reconnect or when the link changed, and `gone` once the link is
 * revoked or expires. No alarms travel here.
 */
export function useShareLive<T>(
  secret: string,
  queryKey: DataTag<QueryKey, T, Error>,
  merge: (data: T, message: ReadingsMessage) => T,
): { live: LiveState; gone: boolean } {
  const queryClient = useQueryClient();
  const [gone, setGone] = useState(false);
  const live = useLiveChannel(`/rest${livePaths.share.replace('{secret}', encodeURIComponent(secret))}`, {
    onReadings: (message) => queryClient.setQueryData(queryKey, (data) => data && merge(data, message)),
    onResync: () => void queryClient.invalidateQueries({ queryKey: ['share', secret] }),
    onGone: () => setGone(true),
  });
  return { live, gone };
}
