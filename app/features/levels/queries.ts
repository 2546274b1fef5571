import { queryOptions, useQueryClient } from '@tanstack/react-query';
import { derivedReadings } from '../../../shared/readings';
import { send } from '~/lib/api';
import { fetchLevels } from '~/server/levels';

/** The level codes a well's references, measurements and corrections belong to: those the catalogue derives elevations from. */
export const levelCodes: readonly string[] = [...new Set(derivedReadings.map((d) => d.derived.from))];

/** The levels and corrections calls, with their schemas, load with the Levels tab: off the chart page's first load. */
export const levelCalls = () => import('../../../worker/contracts/levels').then((c) => c.levelCalls);
export const correctionCalls = () => import('../../../worker/contracts/corrections').then((c) => c.correctionCalls);

export const levelQueries = {
  /** A station's vertical references and manual measurements (each with the logger's value then and the difference). */
  state: (itemId: number, reading: string) =>
    queryOptions({
      queryKey: ['levels', 'state', itemId, reading],
      // A server function, so the chart route's loader fills it on the server and the hydrated page does not ask again.
      queryFn: () => fetchLevels({ data: { id: itemId, reading } }),
    }),
  /** A station's corrections of one reading, removed ones too, in processing order. */
  corrections: (itemId: number, reading: string) =>
    queryOptions({
      queryKey: ['levels', 'corrections', itemId, reading],
      queryFn: () => send(() => correctionCalls().then((c) => c.list), { query: { id: itemId, reading } }),
    }),
};

/** The charts draw the corrected series and the manual measurements: after a change they are read again. */
export function useChartsAgain() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['chart'] });
}
