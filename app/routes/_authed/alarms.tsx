import { createFileRoute, notFound } from '@tanstack/react-router';
import { NotFound } from '~/components/route-states';
import { AlarmsPage, AlarmsSkeleton } from '~/features/alarms/alarms-page';
import { alarmQueries } from '~/features/alarms/queries';
import { alarmSearch, defaultStatisticsDays, filtersOf, type AlarmSearch } from '~/features/alarms/search';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/alarms')({
  validateSearch: alarmSearch,
  loaderDeps: ({ search }) => ({ filters: filtersOf(search) }),
  loader: async ({ context: { queryClient }, deps: { filters } }) => {
    const history = () => queryClient.ensureInfiniteQueryData(alarmQueries.list(filters));
    // Open alarms come with the layout's. Without a station to check first, the history loads beside the stations.
    const [stations, listed] = await Promise.all([
      queryClient.ensureQueryData(alarmQueries.stations()),
      filters.view === 'history' && filters.station === undefined && history(),
    ]);
    // A station the subject may not see (or that is gone) is no filter at all.
    if (filters.station !== undefined && !stations.some((s) => s.id === filters.station)) throw notFound();
    if (filters.view === 'history' && !listed) await history();
  },
  pendingComponent: AlarmsSkeleton,
  notFoundComponent: () => <NotFound title={m.alarms_station_not_found()}>{m.alarms_station_not_found_body()}</NotFound>,
  component: function AlarmsRoute() {
    const { filters } = Route.useLoaderDeps();
    const { view, days } = Route.useSearch();
    const navigate = Route.useNavigate();
    // Views and filters live in the address: the back button and shared links show the same list.
    const change = (next: AlarmSearch) => void navigate({ search: (prev) => ({ ...prev, ...next }) });
    return <AlarmsPage tab={view ?? 'active'} filters={filters} days={days ?? defaultStatisticsDays} onChange={change} />;
  },
});
