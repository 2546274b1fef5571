import { useQuery, useQueryClient } from '@tanstack/react-query';
import { createFileRoute, Link } from '@tanstack/react-router';
import { Suspense, useState } from 'react';
import { PageHeader } from '~/components/page-header';
import { EmptyState, ErrorState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '~/components/ui/card';
import { Skeleton } from '~/components/ui/skeleton';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoDashboard } from '~/features/live/merge';
import { useLiveStations } from '~/features/live/use-live-stations';
import { LazyStationMap, stationMapHeight } from '~/features/stations/lazy-map';
import { dashboardQuery } from '~/features/stations/queries';
import { defaultRangeDays, lastDays } from '~/features/stations/range';
import { StationCard } from '~/features/stations/station-card';
import { currentUserQuery } from '~/features/subjects/queries';
import { m } from '~/paraglide/messages';

export const Route = createFileRoute('/_authed/dashboard')({
  component: DashboardPage,
});

function WelcomeCard() {
  const current = useQuery(currentUserQuery);
  if (current.isPending) return <Skeleton className="h-40 w-full max-w-md" data-testid="welcome-skeleton" />;
  if (current.isError) return <ErrorState error={current.error} onRetry={() => void current.refetch()} />;
  const user = current.data;
  return (
    <Card className="max-w-md">
      <CardHeader>
        <CardTitle>{m.dashboard_welcome({ name: `${user.firstName} ${user.secondName}` })}</CardTitle>
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
  // Fixed when the screen opens, so the query key (and the stale badges) do not drift between renders.
  const [{ range, now }] = useState(() => ({ range: lastDays(defaultRangeDays), now: Date.now() }));
  const dashboard = useQuery(dashboardQuery(range));
  const queryClient = useQueryClient();
  const live = useLiveStations(dashboard.data?.items.map((i) => i.unique_id) ?? [], {
    onReadings: (message) => queryClient.setQueryData(dashboardQuery(range).queryKey, (d) => d && mergeIntoDashboard(d, message)),
    onResync: () => void queryClient.invalidateQueries({ queryKey: dashboardQuery(range).queryKey }),
  });
  if (dashboard.isPending) {
    return (
      <div className={stationGrid} data-testid="stations-skeleton">
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-72 w-full" />
        ))}
      </div>
    );
  }
  if (dashboard.isError) return <ErrorState error={dashboard.error} onRetry={() => void dashboard.refetch()} />;
  const { items, danes, uniwan } = dashboard.data;
  if (items.length === 0) return <EmptyState title={m.stations_empty_title()}>{m.stations_empty_body()}</EmptyState>;
  return (
    <>
      <section className="grid gap-3" aria-labelledby="stations-heading">
        <div className="flex flex-wrap items-baseline gap-x-3">
          <h2 id="stations-heading" className="text-lg font-semibold">
            {m.stations_heading()}
          </h2>
          <p className="text-sm text-muted-foreground">{m.stations_range({ days: defaultRangeDays })}</p>
          <LiveIndicator state={live} />
        </div>
        <div className={stationGrid}>
          {items.map((item) => (
            <StationCard key={item.id} item={item} summary={(item.name_for_api === 'DANES' ? danes : uniwan)[item.unique_id]} range={range} now={now} />
          ))}
        </div>
      </section>
      <section className="grid gap-3" aria-labelledby="map-heading">
        <h2 id="map-heading" className="text-lg font-semibold">
          {m.stations_map_heading()}
        </h2>
        <Suspense fallback={mapSkeleton}>
          <LazyStationMap items={items} status={{ danes, uniwan, range, now }} />
        </Suspense>
      </section>
    </>
  );
}

function DashboardPage() {
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
