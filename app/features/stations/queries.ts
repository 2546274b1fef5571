import { queryOptions } from '@tanstack/react-query';
import type { Dashboard } from '../../../worker/contracts/telemetry';
import { api } from '~/lib/api';
import type { DayRange } from './range';

export const dashboardQuery = (range: DayRange) =>
  queryOptions({
    queryKey: ['dashboard', range],
    queryFn: () => api<Dashboard>(`/api?${new URLSearchParams({ ...range })}`),
  });
