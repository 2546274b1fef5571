import { queryOptions } from '@tanstack/react-query';
import { fetchWarningScales } from '~/server/warning';

export const warningQueries = {
  /** Every station's warning levels the subject may see, with where each reading stands. */
  scales: () => queryOptions({ queryKey: ['warning', 'scales'], queryFn: () => fetchWarningScales() }),
};
