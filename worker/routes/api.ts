import { telemetryCalls } from '../contracts/telemetry';
import { chartColumnsOf, chartOf, readingsOf } from '../domain/telemetry/chart';
import { dashboardColumnsOf, dashboardOf } from '../domain/telemetry/dashboard';
import { createRouter, mount } from '../http/route';

export const apiRoutes = createRouter();

mount(apiRoutes, telemetryCalls.dashboard, ({ ctx, query }) => (query.format === 'columns' ? dashboardColumnsOf : dashboardOf)(ctx, query));
mount(apiRoutes, telemetryCalls.chart, ({ ctx, query }) => (query.format === 'columns' ? chartColumnsOf : chartOf)(ctx, query));
mount(apiRoutes, telemetryCalls.readings, ({ ctx, query }) => readingsOf(ctx, query));
