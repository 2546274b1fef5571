import { ChartQuery, ChartReply, Dashboard, DashboardQuery, maxExportDays, RawReadings, ReadingsQuery } from '../contracts/telemetry';
import { chartColumnsOf, chartOf, maxExportReadings, readingsOf } from '../domain/telemetry/chart';
import { dashboardOf } from '../domain/telemetry/dashboard';
import { createRouter, defineRoute } from '../http/route';

export const apiRoutes = createRouter();

defineRoute(
  apiRoutes,
  {
    method: 'get',
    path: '/',
    access: 'user',
    summary:
      "The dashboard: the subject's stations with readings count, last reading, min and max per code (totals and wettest day of precipitation) over local days from..to, and the groups holding them",
    query: DashboardQuery,
    data: Dashboard,
  },
  ({ c, actor, query }) => dashboardOf(c.var.db, actor, query),
);

defineRoute(
  apiRoutes,
  {
    method: 'get',
    path: '/item',
    access: 'user',
    summary: "One station's readings over local days from..to (inclusive), downsampled with peaks kept when long",
    description:
      'By default `data` holds the source\'s rows (`format=rows`). With `format=columns`, `data` holds per reading `{t, v}` arrays ' +
      '(epoch ms, values) and readings that add up (precipitation, `aggregate: sum` in the catalogue) come as `totals`: their sum ' +
      'per station-local hour (ranges up to 8 days), day, month or year, whichever is finest within `points`, with the total and ' +
      'the wettest day. `points` bounds the points per reading in either format.',
    query: ChartQuery,
    data: ChartReply,
  },
  ({ c, actor, query }) => (query.format === 'columns' ? chartColumnsOf : chartOf)(c.var.db, c.env, actor, query),
);

defineRoute(
  apiRoutes,
  {
    method: 'get',
    path: '/item/readings',
    access: 'user',
    summary: `Every raw reading of one station over local days from..to, for export (at most ${maxExportDays} days and ${maxExportReadings.toLocaleString('en')} readings)`,
    description: '`data` holds per reading `{t, v}` arrays: times in epoch ms and values, in time order, never downsampled or totalled.',
    query: ReadingsQuery,
    data: RawReadings,
  },
  ({ c, actor, query }) => readingsOf(c.var.db, c.env, actor, query),
);
