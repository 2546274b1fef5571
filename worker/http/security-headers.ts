import type { MiddlewareHandler } from 'hono';

/** A fresh value per page for the Content-Security-Policy's script and style nonce: 128 random bits. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** What a page may load besides its own origin's files and what carries its nonce. */
export interface PageAllowances {
  /** `sha256-…` of the fixed <style> texts libraries insert while running, which cannot carry the nonce. */
  styleHashes: readonly string[];
}

/**
 * Set by an embed's page (its server function, having read the link) to the origins that may frame it; the Worker
 * reads it into the page's policy and takes it off the response.
 */
export const frameAncestorsHeader = 'X-Hladina-Frame-Ancestors';

/** Origins as a policy may name them; anything else in the header is dropped, so it cannot add a directive. */
const policyOrigin = /^https?:\/\/[a-z0-9.-]+(?::\d{1,5})?$/i;

/**
 * The policy of the app's pages: scripts and style elements only from this origin or carrying this page's
 * nonce (the framework's hydration data and the colour-scheme script carry it) or a known style hash; style
 * attributes inline, as server rendering writes them; connections, images and fonts from this origin and its
 * WebSocket (`/rest/live`) alone, the base map's style and tiles included (docs/decisions/0019); never framed.
 */
export function pagePolicy(nonce: string, url: URL, { styleHashes }: PageAllowances, framedBy: readonly string[] = []): string {
  const socket = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  const hashes = styleHashes.map((hash) => `'${hash}'`).join(' ');
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}' ${hashes}`,
    "style-src-attr 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self' ${socket}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    `frame-ancestors ${framedBy.filter((origin) => policyOrigin.test(origin)).join(' ') || "'none'"}`,
  ];
  return directives.map((d) => d.trim()).join('; ');
}

/** The origins an embed's page may be framed by, as its server function named them (none for every other page). */
export const framingOrigins = (response: Response) => response.headers.get(frameAncestorsHeader)?.split(' ').filter(Boolean) ?? [];

/** Share links' public pages (`/s/…`): their address holds the link's secret, so they never send it on as a referrer. */
const isPublicPage = (url: URL) => url.pathname.startsWith('/s/');

/**
 * A page response with the security headers set (the framework's own headers may be immutable): its policy, no
 * sniffing, and the referrer only as an origin to other sites. A share link's pages send none at all and ask search
 * engines neither to index them nor to follow their links: an address that reaches a search index is a published secret.
 */
export function withPageHeaders(response: Response, policy: string, url: URL): Response {
  const secured = new Response(response.body, response);
  secured.headers.delete(frameAncestorsHeader);
  secured.headers.set('Content-Security-Policy', policy);
  secured.headers.set('X-Content-Type-Options', 'nosniff');
  secured.headers.set('Referrer-Policy', isPublicPage(url) ? 'no-referrer' : 'strict-origin-when-cross-origin');
  if (isPublicPage(url)) secured.headers.set('X-Robots-Tag', 'noindex, nofollow');
  return secured;
}

/**
 * API replies: never sniffed into something else, never stored by a browser or proxy (they carry tokens,
 * personal details and readings, and are answered per session), never run as a document nor framed (a reply
 * opened in a tab may load nothing), and never leak their address (which may hold a token) to another site.
 * Set ahead, so every reply the context builds carries them and a WebSocket handshake is left as it is.
 */
export const apiHeaders: MiddlewareHandler = async (c, next) => {
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('Cache-Control', 'no-store');
  c.header('Content-Security-Policy', "default-src 'none'; frame-ancestors 'none'");
  c.header('Referrer-Policy', 'no-referrer');
  await next();
};
