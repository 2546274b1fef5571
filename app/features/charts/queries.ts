import { queryOptions } from '@tanstack/react-query';
import type { Chart } from '../../../worker/contracts/telemetry';
import { api } from '~/lib/api';
import type { DayRange } from '~/features/stations/range';

export const chartQuery = (id: string, range: DayRange) =>
  queryOptions({
    queryKey: ['chart', id, range],
    queryFn: () => api<Chart>(`/api/item?${new URLSearchParams({ ...range, id })}`),
  });
