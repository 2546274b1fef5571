import { queryOptions } from '@tanstack/react-query';
import { fetchChart } from '~/server/telemetry';
import type { PointBudget } from './point-budget';
import type { RangeChoice } from './range';

/**
 * A station's readings over a preset (days back in its zone) or over chosen days, downsampled to the page's
 * point budget; the reply names the days. Corrected values unless `raw` (decision 0027).
 */
export const chartQuery = (id: string, choice: RangeChoice, points: PointBudget, raw = false) =>
  queryOptions({
    queryKey: ['chart', id, choice, points, raw],
    queryFn: () => fetchChart({ data: { id, ...choice, points, format: 'columns', ...(raw && { raw }) } }),
  });
