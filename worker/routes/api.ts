import { telemetryCalls } from '../contracts/telemetry';
import { chartColumnsOf, chartOf, readingsOf } from '../domain/telemetry/chart';
import { dashboardOf } from '../domain/telemetry/dashboard';
import { createRouter, mount } from '../http/route';

export const apiRoutes = createRouter();

mount(apiRoutes, telemetryCalls.dashboard, ({ ctx, query }) => dashboardOf(ctx.db, ctx.subject, query));
mount(apiRoutes, telemetryCalls.chart, ({ ctx, query }) => (query.format === 'columns' ? chartColumnsOf : chartOf)(ctx.db, ctx.env, ctx.subject, query));
mount(apiRoutes, telemetryCalls.readings, ({ ctx, query }) => readingsOf(ctx.db, ctx.env, ctx.subject, query));
