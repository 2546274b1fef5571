import { queryOptions } from '@tanstack/react-query';
import { fetchChart } from '~/server/telemetry';
import type { RangeChoice } from './range';

/** A station's readings over a preset (days back in its zone) or over chosen days; the reply names the days. */
export const chartQuery = (id: string, choice: RangeChoice) =>
  queryOptions({ queryKey: ['chart', id, choice], queryFn: () => fetchChart({ data: { id, ...choice } }) });
