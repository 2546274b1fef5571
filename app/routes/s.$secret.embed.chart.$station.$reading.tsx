import { createFileRoute } from '@tanstack/react-router';
import { Skeleton } from '~/components/ui/skeleton';
import { readPointBudget } from '~/features/charts/point-budget';
import { EmbedChart } from '~/features/share/embeds';
import { shareQueries } from '~/features/share/queries';
import { embedHead } from '~/features/share/head';
import { ShareError, ShareNotFound } from '~/features/share/share-frame';

/** One reading's chart over the link's window for an <iframe>: only the link's listed origins may frame it. */
export const Route = createFileRoute('/s/$secret/embed/chart/$station/$reading')({
  beforeLoad: () => ({ points: readPointBudget() }),
  loader: async ({ context: { queryClient, points }, params }) => {
    await queryClient.ensureQueryData(shareQueries.chart(params.secret, params.station, {}, points, true));
  },
  head: embedHead,
  pendingComponent: () => <Skeleton className="h-72 w-full" />,
  errorComponent: ShareError,
  notFoundComponent: ShareNotFound,
  component: function EmbedChartRoute() {
    const { secret, station, reading } = Route.useParams();
    const { points } = Route.useRouteContext();
    return <EmbedChart secret={secret} station={station} reading={reading} points={points} />;
  },
});
