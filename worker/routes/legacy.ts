import { LegacyCopyQuery, LegacyCopyStep } from '../contracts/legacy';
import { copyLegacyStep } from '../domain/telemetry/legacy';
import { createRouter, defineRoute } from '../http/route';

export const legacyRoutes = createRouter();

defineRoute(
  legacyRoutes,
  {
    method: 'post',
    path: '/copy',
    access: 'admin',
    summary: "Copy the next slice of an older database's D1 readings into their station's object (npm run migrate:readings)",
    query: LegacyCopyQuery,
    data: LegacyCopyStep,
  },
  ({ c, query }) => copyLegacyStep(c.var.db, c.env, query),
);
