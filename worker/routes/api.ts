import type { Context } from 'hono';
import { telemetryCalls } from '../contracts/telemetry';
import { chartColumnsOf, chartOf, readingsOf } from '../domain/telemetry/chart';
import { dashboardColumnsOf, dashboardOf, dashboardReplyKey } from '../domain/telemetry/dashboard';
import { createRouter, mount } from '../http/route';

export const apiRoutes = createRouter();

// A client that sends `Cache-Control: no-cache` gets a dashboard assembled now, not one kept for DASHBOARD_CACHE_SECONDS.
const noCache = (c: Context) => /no-cache/i.test(c.req.header('Cache-Control') ?? '');
mount(
  apiRoutes,
  telemetryCalls.dashboard,
  ({ c, ctx, query }) => (query.format === 'columns' ? dashboardColumnsOf : dashboardOf)(ctx, { ...query, fresh: noCache(c) }),
  async ({ c, ctx, query }) => {
    const seconds = ctx.config.DASHBOARD_CACHE_SECONDS;
    return seconds ? { key: await dashboardReplyKey(ctx, query), seconds, fresh: noCache(c) } : null;
  },
);
mount(apiRoutes, telemetryCalls.chart, ({ ctx, query }) => (query.format === 'columns' ? chartColumnsOf : chartOf)(ctx, query));
mount(apiRoutes, telemetryCalls.readings, ({ ctx, query }) => readingsOf(ctx, query));
