import { createServerFn } from '@tanstack/react-start';
import { defaultRangeDays, homeZone, lastDays } from '../../shared/station-time';
import { ChartQuery, ReadingsQuery } from '../../worker/contracts/telemetry';
import { chartColumnsOf, readingsOf } from '../../worker/domain/telemetry/chart';
import { dashboardColumnsOf } from '../../worker/domain/telemetry/dashboard';
import { signedIn } from './middleware';

/**
 * The dashboard over its default range, decided here once (in the home zone, as the API's default) and sent
 * along with the time it was read: the page names its days and judges staleness by them, and the server's
 * HTML and the browser's hydration agree whatever the browser's clock says. In columns (`format=columns` of the
 * API): about half the bytes of the documented shape, in the reply and in the page's HTML; the page decodes them.
 */
export const fetchDashboard = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(async ({ context: { ctx } }) => {
    const readAt = Date.now();
    const range = lastDays(defaultRangeDays, homeZone, readAt);
    return { ...(await dashboardColumnsOf(ctx, range)), range, readAt };
  });

/** A station's chart as columns within the page's point budget, with the range it answered (in the station's own zone). */
export const fetchChart = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(ChartQuery)
  .handler(({ context: { ctx }, data: query }) => chartColumnsOf(ctx, query));

/** Every raw reading of a station over a range, for the CSV export (never what the chart downsampled or totalled). */
export const fetchReadings = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(ReadingsQuery)
  .handler(({ context: { ctx }, data: query }) => readingsOf(ctx, query));
