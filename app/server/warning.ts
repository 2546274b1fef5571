import { createServerFn } from '@tanstack/react-start';
import { listScales } from '../../worker/domain/warning/levels';
import { signedIn } from './middleware';

/**
 * The warning levels of every station the subject may see, with where each reading stands: the level on cards,
 * markers and the display, and the level lines on charts. Few per station, so all of them come at once.
 */
export const fetchWarningScales = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context: { ctx } }) => listScales(ctx, {}));
