import type { MiddlewareHandler } from 'hono';
import { contextOf } from '../context';
import type { AppEnv } from './types';

/** Gives the request its context (`c.var.ctx`): the database, bindings, config and a way to defer work past the reply. */
export const withContext: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set(
    'ctx',
    contextOf(c.env, (work) => c.executionCtx.waitUntil(work)),
  );
  await next();
};
