import { queryOptions } from '@tanstack/react-query';
import { fetchRatings } from '~/server/ratings';

/** The ratings calls, with their schemas, load with the Ratings screen's first form. */
export const ratingCalls = () => import('../../../worker/contracts/ratings').then((c) => c.ratingCalls);

export const ratingQueries = {
  /** Every rating version and gauging of a station; a server function, so the route's loader fills it on the server. */
  state: (itemId: number) => queryOptions({ queryKey: ['ratings', itemId], queryFn: () => fetchRatings({ data: { id: itemId } }) }),
};

/** What a Ratings section needs to know of its station. */
export interface RatingsScope {
  itemId: number;
  reading: string;
  timeZone: string;
}
