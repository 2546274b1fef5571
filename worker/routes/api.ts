import { telemetryCalls } from '../contracts/telemetry';
import { chartColumnsOf, chartOf, readingsOf } from '../domain/telemetry/chart';
import { dashboardColumnsOf, dashboardOf } from '../domain/telemetry/dashboard';
import { createRouter, mount } from '../http/route';

export const apiRoutes = createRouter();

// A client that sends `Cache-Control: no-cache` gets a dashboard assembled now, not one kept for DASHBOARD_CACHE_SECONDS.
mount(apiRoutes, telemetryCalls.dashboard, ({ c, ctx, query }) =>
  (query.format === 'columns' ? dashboardColumnsOf : dashboardOf)(ctx, {
    ...query,
    fresh: /no-cache/i.test(c.req.header('Cache-Control') ?? ''),
  }),
);
mount(apiRoutes, telemetryCalls.chart, ({ ctx, query }) => (query.format === 'columns' ? chartColumnsOf : chartOf)(ctx, query));
mount(apiRoutes, telemetryCalls.readings, ({ ctx, query }) => readingsOf(ctx, query));
