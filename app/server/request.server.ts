import { deleteCookie, getCookie, getRequest, getRequestHeader } from '@tanstack/react-start/server';
import { env, waitUntil } from 'cloudflare:workers';
import { contextOf } from '../../worker/context';
import { createDb } from '../../worker/db/client';
import { resolveSessionToken, type SessionWithSubject } from '../../worker/domain/auth/sessions';
import { sessionCookie } from '../../worker/http/auth';
import { clientKey } from '../../worker/http/request';

/** The Worker's bindings, read in this one place: the loaders' server functions reach D1 and the station objects through here. */
export const workerEnv = () => env;

export const database = () => createDb(workerEnv().DB);

/** The Worker's context for a server function (as the API's handlers get it); `waitUntil` keeps its deferred work alive. */
export const requestContext = () => contextOf(workerEnv(), waitUntil);

const sessions = new WeakMap<Request, Promise<SessionWithSubject | null>>();

/**
 * The request's session from its cookie, resolved once per request by the same function the API uses;
 * a cookie whose session is gone is cleared, as the API clears it.
 */
export function requestSession(): Promise<SessionWithSubject | null> {
  const request = getRequest();
  let session = sessions.get(request);
  if (!session) {
    const token = getCookie(sessionCookie);
    session = resolveSessionToken({ db: database() }, token).then((found) => {
      if (token && !found) deleteCookie(sessionCookie, { path: '/' });
      return found;
    });
    sessions.set(request, session);
  }
  return session;
}

/** The client's address as the API's rate limits key it (set by Cloudflare's edge, and locally by wrangler and Vite). */
export const requestClient = () => clientKey(getRequestHeader('CF-Connecting-IP')?.trim() || 'unknown');
