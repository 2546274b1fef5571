import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useCallback, useDeferredValue, useMemo, useState } from 'react';
import { defaultRangeDays } from '../../../shared/station-time';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { useOpenAlarms } from '~/features/alarms/use-open-alarms';
import { useStationLevels } from '~/features/warning/use-station-levels';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoDashboardColumns } from '~/features/live/merge';
import { useLiveQuery } from '~/features/live/use-live-query';
import { LazyStationMap, MapSkeleton } from '~/features/stations/lazy-map';
import { fullName } from '~/features/subjects/full-name';
import { currentUserQuery } from '~/features/subjects/queries';
import { formatDay } from '~/lib/format';
import { m } from '~/paraglide/messages';
import { statesOf } from '~/features/stations/status';
import { countStates, inState, matchingSearch, stationEntries } from './filters';
import type { DashboardSearch } from './search';
import { dashboardQuery } from './queries';
import { StationCards, type Reveal } from './station-cards';
import { StationFilters } from './station-filters';
import { StationList } from './station-list';
import { useAddressFilters } from './use-address-filters';

function WelcomeCard() {
  const { data: user } = useSuspenseQuery(currentUserQuery);
  return (
    <Card className="max-w-md">
      <CardHeader>
        <CardTitle>{m.dashboard_welcome({ name: fullName(user) })}</CardTitle>
        <CardDescription>{user.username}</CardDescription>
      </CardHeader>
      <CardContent>
        <p className="text-sm">{m.dashboard_devices({ count: user.nItems })}</p>
      </CardContent>
      <CardFooter>
        <Button asChild variant="outline" size="sm">
          <Link to="/profile">{m.dashboard_show_profile()}</Link>
        </Button>
      </CardFooter>
    </Card>
  );
}

interface Props {
  search: DashboardSearch;
  /** Replaces the address's filters (without a new history entry). */
  onSearch: (search: DashboardSearch) => void;
}

function Stations({ search, onSearch }: Props) {
  const { data: dashboard } = useSuspenseQuery(dashboardQuery);
  // Every station the subject may see: the address never lists them.
  const live = useLiveQuery('all', dashboardQuery.queryKey, mergeIntoDashboardColumns);
  const alarms = useOpenAlarms();
  const levels = useStationLevels();
  const { items, groups, range, readAt } = dashboard;
  const entries = useMemo(() => stationEntries(dashboard, range, readAt), [dashboard, range, readAt]);
  const states = useMemo(() => statesOf(entries), [entries]);

  // The controls answer every key and click at once; the stations follow a moment later, in the background (deferred).
  const { text, setText, filters, choose, clear } = useAddressFilters(search, onSearch);
  const q = useDeferredValue(text);
  const applied = useDeferredValue(filters);
  const group = groups.find((g) => g.id === applied.group);
  const inGroup = useMemo(() => (group ? new Set(group.items) : undefined), [group]);
  const matching = useMemo(() => matchingSearch(entries, { q, inGroup }), [entries, q, inGroup]);
  const counts = useMemo(() => countStates(matching), [matching]);
  const shown = useMemo(() => inState(matching, applied.state), [matching, applied.state]);
  const shownItems = useMemo(() => shown.map((entry) => entry.item), [shown]);

  const [chosen, setChosen] = useState<string | null>(null);
  const [hovered, setHovered] = useState<string | null>(null);
  const [reveal, setReveal] = useState<Reveal | null>(null);
  // A station the filters hide is no longer chosen.
  const selected = chosen !== null && shown.some((entry) => entry.item.unique_id === chosen) ? chosen : null;
  // The map and the stations point at the same station.
  const pointing = { selected, hovered, onHover: setHovered };
  const selectInList = useCallback((id: string) => setChosen(id), []);
  const selectOnMap = useCallback((id: string | null) => {
    setChosen(id);
    if (id !== null) setReveal({ id });
  }, []);

  if (items.length === 0) return <EmptyState title={m.stations_empty_title()}>{m.stations_empty_body()}</EmptyState>;
  const View = applied.view === 'list' ? StationList : StationCards;
  return (
    <section className="grid gap-4" aria-labelledby="stations-heading">
      <div className="flex flex-wrap items-baseline gap-x-3">
        <h2 id="stations-heading" className="text-lg font-semibold">
          {m.stations_heading()}
        </h2>
        <p className="text-sm text-muted-foreground" data-testid="dashboard-range">
          {m.stations_range({ days: defaultRangeDays, from: formatDay(range.from), to: formatDay(range.to) })}
        </p>
        <LiveIndicator state={live} />
      </div>
      <StationFilters
        text={text}
        onText={setText}
        groups={groups}
        group={filters.group}
        onGroup={(id) => choose({ group: id })}
        state={filters.state}
        counts={counts}
        onState={(state) => choose({ state })}
        view={filters.view ?? 'cards'}
        onView={(next) => choose({ view: next === 'list' ? 'list' : undefined })}
        shown={shown.length}
        total={items.length}
        onClear={clear}
      />
      {/* Map first (left on wide screens, where it stays in view while the stations scroll past), then the stations. */}
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section className="grid gap-2 lg:sticky lg:top-[calc(var(--top-bar)+1rem)]" aria-labelledby="map-heading">
          <h3 id="map-heading" className="sr-only">
            {m.stations_map_heading()}
          </h3>
          <LazyStationMap items={shownItems} states={states} alarms={alarms.worst} levels={levels} {...pointing} onSelect={selectOnMap} />
        </section>
        <div className="min-w-0">
          {shown.length === 0 ? (
            <EmptyState title={m.dashboard_no_matches()}>{m.dashboard_no_matches_body()}</EmptyState>
          ) : (
            <View entries={shown} alarms={alarms.byStation} levels={levels} reveal={reveal} {...pointing} onSelect={selectInList} />
          )}
        </div>
      </div>
    </section>
  );
}

/** `/dashboard`: a greeting, then the stations over the last 30 days, filtered as the address says, as cards or a list beside a map. */
export function DashboardPage(props: Props) {
  return (
    <>
      <PageHeader title={m.nav_dashboard()} />
      <div className="grid gap-6">
        <WelcomeCard />
        <Stations {...props} />
      </div>
    </>
  );
}

/** What shows while a client-side navigation loads the dashboard. */
export function DashboardSkeleton() {
  return (
    <>
      <PageHeader title={m.nav_dashboard()} />
      <div className="grid gap-6">
        <Skeleton className="h-40 w-full max-w-md" data-testid="welcome-skeleton" />
        <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]" data-testid="stations-skeleton">
          <MapSkeleton />
          <div className="grid gap-4">
            {[0, 1].map((i) => (
              <Skeleton key={i} className="h-72 w-full" />
            ))}
          </div>
        </div>
      </div>
    </>
  );
}
