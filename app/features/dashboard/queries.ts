import { queryOptions } from '@tanstack/react-query';
import { dashboardFromColumns } from '../../../worker/contracts/dashboard-columns';
import { fetchDashboard } from '~/server/telemetry';

type Loaded = Awaited<ReturnType<typeof fetchDashboard>>;

/** The loaded columns as the screens read them: the documented dashboard, with the range it covers and when it was read. */
const decoded = (data: Loaded) => ({ ...dashboardFromColumns(data), range: data.range, readAt: data.readAt });

/**
 * The subject's stations over the default range, which the reply names. The cache (and the page's HTML) holds the
 * columns the server sent; `select` decodes them once per change.
 */
export const dashboardQuery = queryOptions({ queryKey: ['dashboard'], queryFn: () => fetchDashboard(), select: decoded });
