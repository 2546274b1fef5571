import { createFileRoute } from '@tanstack/react-router';
import { NotFound } from '~/components/route-states';
import { alarmQueries } from '~/features/alarms/queries';
import { ChartPage, ChartSkeleton } from '~/features/charts/chart-page';
import { readPointBudget } from '~/features/charts/point-budget';
import { chartQuery } from '~/features/charts/queries';
import { chartSearch, rangeChoice, type RangeChoice } from '~/features/charts/range';
import { measurementQueries } from '~/features/levels/measurement-points';
import { qualityQueries } from '~/features/quality/queries';
import { warningQueries } from '~/features/warning/queries';
import { m } from '~/paraglide/messages';

/** `/charts/{unique_id}/{true|false}` as the old product linked it, and `/charts/{unique_id}`: the item knows its source. */
export const Route = createFileRoute('/_authed/charts/$id/{-$itemType}')({
  validateSearch: chartSearch,
  loaderDeps: ({ search }) => ({ choice: rangeChoice(search) }),
  // Read from the same cookie on the server and in the browser, so the hydrated page asks for the data it already has.
  beforeLoad: () => ({ points: readPointBudget() }),
  loader: async ({ context: { queryClient, points }, params, deps }) => {
    // The station's alarm rules (threshold lines) come with the readings, in parallel, and what the subject may do with
    // its quality and the manual measurements once the readings name the station; its open alarms come with the layout's.
    await Promise.all([
      queryClient.ensureQueryData(chartQuery(params.id, deps.choice, points)).then((chart) =>
        Promise.all([
          queryClient.ensureQueryData(qualityQueries.state(chart.item.id)),
          // Its maintenance windows, drawn as bands.
          queryClient.ensureQueryData(warningQueries.station(chart.item.id)),
          // Manual measurements beside the level charts; one the subject may not read is simply not drawn.
          ...measurementQueries(chart.item.id, Object.keys(chart.data)).map((query) => queryClient.prefetchQuery(query)),
        ]),
      ),
      queryClient.ensureQueryData(alarmQueries.rules(params.id)),
      queryClient.ensureQueryData(warningQueries.scales()),
    ]);
  },
  pendingComponent: ChartSkeleton,
  notFoundComponent: () => <NotFound title={m.charts_not_found()}>{m.charts_not_found_body()}</NotFound>,
  component: function ChartsRoute() {
    const { id } = Route.useParams();
    const { choice } = Route.useLoaderDeps();
    const { points } = Route.useRouteContext();
    const navigate = Route.useNavigate();
    // The range lives in the address, so a reload or a shared link shows the same days.
    const choose = (next: RangeChoice) => void navigate({ search: next, replace: true });
    return <ChartPage key={id} id={id} choice={choice} points={points} onRangeChange={choose} />;
  },
});
