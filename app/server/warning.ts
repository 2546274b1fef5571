import { createServerFn } from '@tanstack/react-start';
import { idQuery } from '../../worker/contracts/validation';
import { listScales, stationWarning } from '../../worker/domain/warning/levels';
import { signedIn } from './middleware';

/**
 * The warning levels of every station the subject may see, with where each reading stands: the level on cards,
 * markers and the display, and the level lines on charts. Few per station, so all of them come at once.
 */
export const fetchWarningScales = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .handler(({ context: { ctx } }) => listScales(ctx, {}));

/** A station's Warning screen: its levels per reading and its maintenance windows (the chart page draws the windows too). */
export const fetchStationWarning = createServerFn({ method: 'GET' })
  .middleware([signedIn])
  .validator(idQuery)
  .handler(({ context: { ctx }, data }) => stationWarning(ctx, data));
