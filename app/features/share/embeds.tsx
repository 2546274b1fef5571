import { useSuspenseQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { ShareView } from '../../../worker/contracts/share-links';
import type { PointBudget } from '~/features/charts/point-budget';
import { ChartCredit, ReadingCard, chartReadings } from '~/features/charts/reading-cards';
import { summaryOf } from '~/features/dashboard/filters';
import { LiveIndicator } from '~/features/live/live-indicator';
import { mergeIntoChart, mergeIntoDashboard } from '~/features/live/merge';
import { readingByCode } from '~/features/stations/readings';
import { ForThePublic } from '~/features/stations/presentation';
import { StationCard } from '~/features/stations/station-card';
import { stationReport } from '~/features/stations/status';
import { levelLinesByReading } from '~/features/warning/level-lines';
import { EmptyState } from '~/components/states';
import { m } from '~/paraglide/messages';
import { shareQueries } from './queries';
import { LinkUnavailable, ShareNotFound } from './share-frame';
import { useShareLive } from './use-share-live';

/** An embed's page: what it shows and a line naming where it comes from, nothing around it (it sits in a host's frame). */
function EmbedFrame({ children, footer }: { children: ReactNode; footer: ReactNode }) {
  return (
    <ForThePublic>
      <main className="grid min-h-svh content-start gap-2 bg-background p-2">
        {children}
        <div className="flex flex-wrap items-center justify-between gap-2 px-1 text-xs text-muted-foreground">{footer}</div>
      </main>
    </ForThePublic>
  );
}

/** `/s/{secret}/embed/card/{station}`: one station's card, read-only, kept current. */
export function EmbedCard({ secret, station }: { secret: string; station: string }) {
  const query = shareQueries.view(secret, true);
  const { data: view } = useSuspenseQuery(query);
  const { live, gone } = useShareLive(secret, query.queryKey, mergeIntoDashboard<ShareView>);
  const item = view.stations.find((s) => s.unique_id === station);
  if (gone) return <LinkUnavailable />;
  if (!item) return <ShareNotFound />;
  return (
    <EmbedFrame footer={<EmbedFooter live={<LiveIndicator state={live} />} />}>
      <StationCard
        report={stationReport(item, summaryOf(view, item), view.window, view.read_at)}
        levels={view.warning[item.unique_id]}
        detail={null}
      />
    </EmbedFrame>
  );
}

/** `/s/{secret}/embed/chart/{station}/{reading}`: one reading's chart over the link's window, kept current. */
export function EmbedChart({
  secret,
  station,
  reading,
  points,
}: {
  secret: string;
  station: string;
  reading: string;
  points: PointBudget;
}) {
  const query = shareQueries.chart(secret, station, {}, points, true);
  const { data: chart } = useSuspenseQuery(query);
  const { live, gone } = useShareLive(secret, query.queryKey, (data, message) => mergeIntoChart(data, message));
  // A reading the link shows may have nothing in the window yet; one it does not show is no embed at all.
  const shown = chart.item.readings.includes(reading) ? readingByCode(reading) : undefined;
  if (gone) return <LinkUnavailable />;
  if (!shown) return <ShareNotFound />;
  const drawn = chartReadings(chart).some((r) => r.code === reading);
  return (
    <EmbedFrame footer={<EmbedFooter live={<LiveIndicator state={live} />} title={chart.item.name} />}>
      {drawn ? (
        <ReadingCard chart={chart} reading={shown} thresholds={levelLinesByReading(chart.warning).get(reading)} />
      ) : (
        <EmptyState title={`${shown.name} (${shown.unit})`}>{m.charts_empty_body()}</EmptyState>
      )}
      <ChartCredit />
    </EmbedFrame>
  );
}

function EmbedFooter({ live, title }: { live: ReactNode; title?: string }) {
  return (
    <>
      <span className="min-w-0 truncate">{title ? m.share_embed_source_named({ name: title }) : m.share_embed_source()}</span>
      {live}
    </>
  );
}
