import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { isApiToken, resolveApiToken } from '../domain/api-tokens/token';
import { resolveSessionToken } from '../domain/auth/sessions';
import type { AppEnv, AuthVia } from './types';

export const sessionCookie = 'hladina_session';

/** The token of an `Authorization: Bearer …` header, if one was sent. */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('Authorization');
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/** The password of an `Authorization: Basic …` header (the user name is not read), if one was sent. */
export function basicPassword(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('Authorization');
  if (!header?.startsWith('Basic ')) return undefined;
  try {
    const pair = atob(header.slice(6).trim());
    return pair.includes(':') ? pair.slice(pair.indexOf(':') + 1) : undefined;
  } catch {
    return undefined;
  }
}

/** An integration token sent as Bearer or as the Basic password (what QGIS and Grafana offer); never in the address. */
function integrationToken(c: Context<AppEnv>): string | undefined {
  const bearer = bearerToken(c);
  if (isApiToken(bearer)) return bearer;
  const password = basicPassword(c);
  return isApiToken(password) ? password : undefined;
}

function readToken(c: Context<AppEnv>): { token: string; via: AuthVia } | null {
  const bearer = bearerToken(c);
  if (bearer) return { token: bearer, via: 'bearer' };
  const query = c.req.query('access_token');
  if (query) return { token: query, via: 'query' };
  const cookie = getCookie(c, sessionCookie);
  if (cookie) return { token: cookie, via: 'cookie' };
  return null;
}

/**
 * Resolves the caller's session, if any, into `c.var.auth`, or its integration token into `c.var.integration`;
 * refusing is left to each route's access rule.
 */
export const resolveSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const integration = integrationToken(c);
  c.set('integration', integration ? await resolveApiToken(c.var.ctx, integration) : null);
  if (integration) {
    c.set('auth', null);
    return next();
  }
  const found = readToken(c);
  const session = await resolveSessionToken(c.var.ctx, found?.token);
  c.set('auth', session && found ? { ...session, via: found.via } : null);
  if (found?.via === 'cookie' && !session) clearSessionCookie(c);
  await next();
};

/** Same-origin test for cookie-authenticated writes: the browser always sends Origin on unsafe requests. */
export function isSameOrigin(c: Context<AppEnv>): boolean {
  const origin = c.req.header('Origin');
  if (!origin) return false;
  return origin === new URL(c.req.url).origin;
}

/** An Origin header naming another site; requests without one (scripts, stations) are not cross-site. */
export function isCrossSite(c: Context<AppEnv>): boolean {
  const origin = c.req.header('Origin');
  return origin !== undefined && origin !== new URL(c.req.url).origin;
}

export function setSessionCookie(c: Context<AppEnv>, token: string, expiresAt: Date | undefined) {
  setCookie(c, sessionCookie, token, {
    httpOnly: true,
    sameSite: 'Lax',
    secure: new URL(c.req.url).protocol === 'https:',
    path: '/',
    expires: expiresAt,
  });
}

export const clearSessionCookie = (c: Context<AppEnv>) => deleteCookie(c, sessionCookie, { path: '/' });
