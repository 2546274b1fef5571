import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { MonitorIcon } from 'lucide-react';
import { useMemo } from 'react';
import type { PublicStation } from '../../../worker/contracts/share-links';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { Skeleton } from '~/components/ui/skeleton';
import { summaryOf } from '~/features/dashboard/filters';
import { mergeIntoDashboard } from '~/features/live/merge';
import { LazyStationMap, MapSkeleton } from '~/features/stations/lazy-map';
import { StationCard } from '~/features/stations/station-card';
import { stationReport, statesOf, type StationReport } from '~/features/stations/status';
import { m } from '~/paraglide/messages';
import { levelsOf, shareQueries } from './queries';
import { LinkUnavailable, ShareFrame, linkScope } from './share-frame';
import { useShareLive } from './use-share-live';

/** Where a station of the link leads: its charts within the link. */
export const shareChartLink = (secret: string) => (station: Pick<PublicStation, 'unique_id'>) =>
  ({ to: '/s/$secret/charts/$station', params: { secret, station: station.unique_id } }) as const;

/** The link's stations over its window as cards; each leads to its charts within the link. */
export function ShareCards({
  secret,
  reports,
  levels,
}: {
  secret: string;
  reports: StationReport<PublicStation>[];
  levels: ReadonlyMap<string, readonly LevelStanding[]>;
}) {
  if (!reports.length) return <EmptyState title={m.share_no_stations()} />;
  return (
    <div className="grid grid-cols-[repeat(auto-fill,minmax(min(22rem,100%),1fr))] gap-4">
      {reports.map((report) => (
        <StationCard
          key={report.item.unique_id}
          report={report}
          levels={levels.get(report.item.unique_id)}
          detail={
            <Button asChild size="sm">
              <Link {...shareChartLink(secret)(report.item)}>{m.share_open_charts()}</Link>
            </Button>
          }
        />
      ))}
    </div>
  );
}

/** `/s/{secret}`: a share link's page for anyone with the address, signed in or not. */
export function SharePage({ secret }: { secret: string }) {
  const query = shareQueries.view(secret);
  const { data: view } = useSuspenseQuery(query);
  const { live, gone } = useShareLive(secret, query.queryKey, mergeIntoDashboard);
  const reports = useMemo(() => view.stations.map((s) => stationReport(s, summaryOf(view, s), view.window, view.read_at)), [view]);
  const levels = useMemo(() => levelsOf(view), [view]);
  if (gone) return <LinkUnavailable />;
  return (
    <ShareFrame
      title={view.title}
      scope={linkScope(view)}
      live={live}
      actions={
        <Button asChild variant="outline" size="sm">
          <Link to="/s/$secret/display" params={{ secret }} aria-label={m.display_open()}>
            <MonitorIcon />
            {/* On a phone the icon alone keeps the header on one row; the accessible name says it all. */}
            <span className="max-sm:sr-only">{m.display_open()}</span>
          </Link>
        </Button>
      }
    >
      <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <section aria-label={m.stations_map_heading()}>
          <LazyStationMap
            items={view.stations}
            linkTo={shareChartLink(secret)}
            states={statesOf(reports)}
            levels={levels}
            label={m.share_map_label()}
          />
        </section>
        <ShareCards secret={secret} reports={reports} levels={levels} />
      </div>
    </ShareFrame>
  );
}

/** What shows while a client-side navigation loads a link's page. */
export function ShareSkeleton() {
  return (
    <div className="mx-auto grid max-w-7xl gap-4 p-4">
      <Skeleton className="h-10 w-72 max-w-full" />
      <div className="grid gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <MapSkeleton />
        <Skeleton className="h-72 w-full" />
      </div>
    </div>
  );
}
