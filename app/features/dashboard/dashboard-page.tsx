import { useSuspenseQuery } from '@tanstack/react-query';
import { ClientOnly, Link } from '@tanstack/react-router';
import { Suspense } from 'react';
import { defaultRangeDays } from '../../../worker/contracts/station-time';
import { PageHeader } from '~/components/page-header';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { useOpenAlarms } from '~/features/alarms/use-open-alarms';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoDashboard } from '~/features/live/merge';
import { useLiveQuery } from '~/features/live/use-live-query';
import { LazyStationMap, stationMapHeight } from '~/features/stations/lazy-map';
import { StationCard } from '~/features/stations/station-card';
import { fullName } from '~/features/subjects/full-name';
import { currentUserQuery } from '~/features/subjects/queries';
import { formatDay } from '~/lib/format';
import { m } from '~/paraglide/messages';
import { dashboardQuery } from './queries';

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

const stationGrid = 'grid gap-4 sm:grid-cols-2 xl:grid-cols-3';
const mapSkeleton = <Skeleton className={`w-full rounded-xl ${stationMapHeight}`} data-testid="map-skeleton" />;

function Stations() {
  const { data: dashboard } = useSuspenseQuery(dashboardQuery);
  const live = useLiveQuery(
    dashboard.items.map((i) => i.unique_id),
    dashboardQuery.queryKey,
    mergeIntoDashboard,
  );
  const alarms = useOpenAlarms();
  const { items, danes, uniwan, range, readAt } = dashboard;
  if (items.length === 0) return <EmptyState title={m.stations_empty_title()}>{m.stations_empty_body()}</EmptyState>;
  return (
    <>
      <section className="grid gap-3" aria-labelledby="stations-heading">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id="stations-heading" className="text-lg font-semibold">
            {m.stations_heading()}
          </h2>
          <p className="text-sm text-muted-foreground" data-testid="dashboard-range">
            {m.stations_range({ days: defaultRangeDays, from: formatDay(range.from), to: formatDay(range.to) })}
          </p>
          <LiveIndicator state={live} />
        </div>
        <div className={stationGrid}>
          {items.map((item) => (
            <StationCard key={item.id} item={item} summary={(item.name_for_api === 'DANES' ? danes : uniwan)[item.unique_id]} range={range} now={readAt} alarms={alarms.byStation.get(item.unique_id)} />
          ))}
        </div>
      </section>
      <section className="grid gap-3" aria-labelledby="map-heading">
        <h2 id="map-heading" className="text-lg font-semibold">
          {m.stations_map_heading()}
        </h2>
        {/* The map exists only in the browser; server and hydration both show the placeholder. */}
        <ClientOnly fallback={mapSkeleton}>
          <Suspense fallback={mapSkeleton}>
            <LazyStationMap items={items} status={{ danes, uniwan, range, now: readAt }} alarms={alarms.worst} />
          </Suspense>
        </ClientOnly>
      </section>
    </>
  );
}

/** `/dashboard`: a greeting, one card per station over the last 30 days, and the stations on a map. */
export function DashboardPage() {
  return (
    <>
      <PageHeader title={m.nav_dashboard()} />
      <div className="grid gap-6">
        <WelcomeCard />
        <Stations />
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
        <div className={stationGrid} data-testid="stations-skeleton">
          {[0, 1, 2].map((i) => (
            <Skeleton key={i} className="h-72 w-full" />
          ))}
        </div>
      </div>
    </>
  );
}
