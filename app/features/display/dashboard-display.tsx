import { useSuspenseQuery } from '@tanstack/react-query';
import { summaryOf } from '~/features/dashboard/filters';
import { dashboardQuery } from '~/features/dashboard/queries';
import { mergeIntoDashboardColumns } from '~/features/live/merge';
import { useLiveQuery } from '~/features/live/use-live-query';
import { useStationLevels } from '~/features/warning/use-station-levels';
import { m } from '~/paraglide/messages';
import { DisplayBoard, displayRefetchMs } from './display-board';
import type { DisplaySearch } from './search';

/** `/display`: every station the signed-in subject may see, on a wall screen. */
export function DashboardDisplay({ search, onSearch }: { search: DisplaySearch; onSearch: (search: DisplaySearch) => void }) {
  const { data, dataUpdatedAt } = useSuspenseQuery({ ...dashboardQuery, refetchInterval: displayRefetchMs });
  const live = useLiveQuery('all', dashboardQuery.queryKey, mergeIntoDashboardColumns);
  const levels = useStationLevels(displayRefetchMs);
  return (
    <DisplayBoard
      title={m.display_dashboard_title()}
      stations={data.items.map((item) => ({ item, summary: summaryOf(data, item) }))}
      levels={levels}
      range={data.range}
      readAt={data.readAt}
      updatedAt={dataUpdatedAt}
      live={live}
      search={search}
      onSearch={onSearch}
      back={{ label: m.nav_dashboard(), link: { to: '/dashboard' } }}
    />
  );
}
