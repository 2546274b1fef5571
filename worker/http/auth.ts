import type { Context, MiddlewareHandler } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { resolveSessionToken } from '../domain/auth/sessions';
import type { AppEnv, AuthVia } from './types';

export const sessionCookie = 'hladina_session';

/** The token of an `Authorization: Bearer …` header, if one was sent. */
export function bearerToken(c: Context<AppEnv>): string | undefined {
  const header = c.req.header('Authorization');
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
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

/** Resolves the caller's session, if any, into `c.var.auth`; refusing is left to each route's access rule. */
export const resolveSession: MiddlewareHandler<AppEnv> = async (c, next) => {
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
