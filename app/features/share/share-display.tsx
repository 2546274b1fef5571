import { useSuspenseQuery } from '@tanstack/react-query';
import type { ShareView } from '../../../worker/contracts/share-links';
import { summaryOf } from '~/features/dashboard/filters';
import { DisplayBoard, displayRefetchMs } from '~/features/display/display-board';
import type { DisplaySearch } from '~/features/display/search';
import { mergeIntoDashboard } from '~/features/live/merge';
import { m } from '~/paraglide/messages';
import { levelsOf, shareQueries } from './queries';
import { shareChartLink } from './share-page';
import { LinkUnavailable } from './share-frame';
import { useShareLive } from './use-share-live';

/** `/s/{secret}/display`: a link's stations on a wall screen, for as long as the link lives, with no sign-in. */
export function ShareDisplay({
  secret,
  search,
  onSearch,
}: {
  secret: string;
  search: DisplaySearch;
  onSearch: (search: DisplaySearch) => void;
}) {
  const query = shareQueries.view(secret);
  const { data: view, dataUpdatedAt } = useSuspenseQuery({ ...query, refetchInterval: displayRefetchMs });
  const { live, gone } = useShareLive(secret, query.queryKey, mergeIntoDashboard<ShareView>);
  if (gone) return <LinkUnavailable />;
  return (
    <DisplayBoard
      title={view.title}
      stations={view.stations.map((item) => ({ item, summary: summaryOf(view, item) }))}
      levels={levelsOf(view)}
      range={view.window}
      readAt={view.read_at}
      updatedAt={dataUpdatedAt}
      live={live}
      search={search}
      onSearch={onSearch}
      linkTo={shareChartLink(secret)}
      back={{ label: m.share_back(), link: { to: '/s/$secret', params: { secret } } }}
    />
  );
}
