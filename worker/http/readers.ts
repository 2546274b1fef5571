/**
 * What the read-only standard APIs (SensorThings under `/sta`, OGC API – Features under `/ogc`) share: a sub-app with
 * the API's headers, unread bodies read to their end, the context, and the caller's session or integration token
 * (docs/decisions/0017); and the subject such a call reads for.
 */
import { Hono, type Context } from 'hono';
import { contextOf } from '../context';
import type { Subject } from '../db/schema';
import { resolveSession } from './auth';
import { readUnreadBody } from './body';
import { apiHeaders } from './security-headers';
import type { AppEnv } from './types';

/** A sub-app for a read-only standard API, its middleware in place. */
export function readerApp() {
  const app = new Hono<AppEnv>();
  app.use(apiHeaders);
  app.use(readUnreadBody);
  app.use(async (c, next) => {
    c.set(
      'ctx',
      contextOf(c.env, (work) => c.executionCtx.waitUntil(work)),
    );
    await next();
  });
  app.use(resolveSession);
  return app;
}

/** The subject a call reads for: a signed-in session's, or an integration token's owner. */
export const readerOf = (c: Context<AppEnv>): Subject | undefined => c.var.auth?.subject ?? c.var.integration?.subject;

/** Whether a call that names nothing public must be refused: nobody signed in, or credentials that were not taken. */
export const mustSignIn = (c: Context<AppEnv>, onlyPublic: boolean) => !readerOf(c) && (!onlyPublic || !!c.req.header('Authorization'));

/** The challenge a 401 carries, so QGIS, GDAL and Grafana offer (or send) HTTP Basic. */
export const basicChallenge = (realm: string) => ({ 'WWW-Authenticate': `Basic realm="${realm}", charset="UTF-8"` });

/** What a 401 says: how to authenticate. */
export const signInText = 'Sign in, or send an integration token (profile → API tokens) as Bearer or as the password of HTTP Basic.';
