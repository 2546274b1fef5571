import { createServerFn } from '@tanstack/react-start';
import { ratingCalls } from '../../worker/contracts/ratings';
import { ratingsState } from '../../worker/domain/ratings/manage';
import { signedIn } from './middleware';

/** A station's rating versions (with shifts) and gaugings (with deviations): the Ratings route's loader fills it. */
export const fetchRatings = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(ratingCalls.state.query)
  .handler(({ context: { ctx }, data }) => ratingsState(ctx, data));
