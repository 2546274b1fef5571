import { createFileRoute } from '@tanstack/react-router';
import { z } from 'zod';
import { Day } from '../../../worker/contracts/telemetry';
import { ChartPage } from '~/features/charts/chart-page';
import { presets, type RangeChoice } from '~/features/charts/range-picker';
import { defaultRangeDays, lastDays } from '~/features/stations/range';

// The range lives in the address, so a reload or a shared link shows the same days.
const chartSearch = z.object({
  days: z
    .union(presets.map((d) => z.literal(d)))
    .optional()
    .catch(undefined),
  from: Day.optional().catch(undefined),
  to: Day.optional().catch(undefined),
});

/** `/charts/{unique_id}/{true|false}` as the old product linked it, and `/charts/{unique_id}`: the item knows its source. */
export const Route = createFileRoute('/_authed/charts/$id/{-$itemType}')({
  validateSearch: chartSearch,
  component: ChartsRoute,
});

function ChartsRoute() {
  const { id } = Route.useParams();
  const search = Route.useSearch();
  const navigate = Route.useNavigate();
  const custom = search.from && search.to && search.from <= search.to ? { from: search.from, to: search.to } : undefined;
  const days = custom ? undefined : (search.days ?? defaultRangeDays);
  const range = custom ?? lastDays(days ?? defaultRangeDays);
  const choose = (choice: RangeChoice) => void navigate({ search: 'days' in choice ? { days: choice.days } : choice, replace: true });
  return <ChartPage key={id} id={id} days={days} range={range} onRangeChange={choose} />;
}
