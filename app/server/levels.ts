import { createServerFn } from '@tanstack/react-start';
import { levelCalls } from '../../worker/contracts/levels';
import { levelsOf } from '../../worker/domain/corrections/levels';
import { signedIn } from './middleware';

/** A station's vertical references and manual measurements of one level reading: the chart page draws the measurements. */
export const fetchLevels = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(levelCalls.state.query)
  .handler(({ context: { ctx }, data }) => levelsOf(ctx, data));
