import { createFileRoute } from '@tanstack/react-router';
import { ChartSkeleton } from '~/features/charts/chart-page';
import { readPointBudget } from '~/features/charts/point-budget';
import { chartSearch, rangeChoice, type RangeChoice } from '~/features/charts/range';
import { shareQueries } from '~/features/share/queries';
import { ShareChartPage } from '~/features/share/share-chart-page';
import { ShareError, ShareNotFound } from '~/features/share/share-frame';
import { shareHead } from '~/features/share/head';

/** One station of a share link: its shown readings over days within the link's window, from the link alone. */
export const Route = createFileRoute('/s/$secret/charts/$station')({
  validateSearch: chartSearch,
  loaderDeps: ({ search }) => ({ choice: rangeChoice(search) }),
  beforeLoad: () => ({ points: readPointBudget() }),
  loader: async ({ context: { queryClient, points }, params, deps }) => ({
    title: (await queryClient.ensureQueryData(shareQueries.chart(params.secret, params.station, deps.choice, points))).item.name,
  }),
  head: shareHead,
  pendingComponent: ChartSkeleton,
  errorComponent: ShareError,
  notFoundComponent: ShareNotFound,
  component: function ShareChartRoute() {
    const { secret, station } = Route.useParams();
    const { choice } = Route.useLoaderDeps();
    const { points } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    const choose = (next: RangeChoice) => void navigate({ search: next, replace: true });
    return <ShareChartPage key={station} secret={secret} station={station} choice={choice} points={points} onRangeChange={choose} />;
  },
});
