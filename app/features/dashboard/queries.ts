import { queryOptions } from '@tanstack/react-query';
import { fetchDashboard } from '~/server/telemetry';

/** The subject's stations over the default range, which the reply names. */
export const dashboardQuery = queryOptions({ queryKey: ['dashboard'], queryFn: () => fetchDashboard() });
