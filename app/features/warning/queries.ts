import { queryOptions } from '@tanstack/react-query';
import { fetchStationWarning, fetchWarningScales } from '~/server/warning';

export const warningQueries = {
  /** Every station's warning levels the subject may see, with where each reading stands. */
  scales: () => queryOptions({ queryKey: ['warning', 'scales'], queryFn: () => fetchWarningScales() }),
  /** A station's levels and maintenance windows, and whether the subject may change them. */
  station: (itemId: number) =>
    queryOptions({ queryKey: ['warning', 'station', itemId], queryFn: () => fetchStationWarning({ data: { id: itemId } }) }),
};

/** The warning and maintenance calls, with their schemas, load with the first change: off the page's first load. */
export const warningCalls = () => import('../../../worker/contracts/warning').then((c) => c.warningCalls);
export const maintenanceCalls = () => import('../../../worker/contracts/maintenance').then((c) => c.maintenanceCalls);
