import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './types';

/**
 * Says where a request's time went (`Server-Timing`): the phases its handler adds up in `c.var.timings` (token, body,
 * checks, the station object's store and the call to it), and the total: what `npm run bench` reports per phase.
 */
export const serverTiming: MiddlewareHandler<AppEnv> = async (c, next) => {
  const started = Date.now();
  const timings: Record<string, number> = {};
  c.set('timings', timings);
  await next();
  timings.total = Date.now() - started;
  c.header(
    'Server-Timing',
    Object.entries(timings)
      .map(([phase, ms]) => `${phase};dur=${ms}`)
      .join(', '),
  );
};
