import { Chart, ChartQuery, Dashboard, DashboardQuery } from '../contracts/telemetry';
import { chartOf } from '../domain/telemetry/chart';
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
      "The dashboard: the subject's stations with readings count, last reading, min and max per code over local days from..to, and the groups holding them",
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
    query: ChartQuery,
    data: Chart,
  },
  ({ c, actor, query }) => chartOf(c.var.db, c.env, actor, query),
);
