import type { MiddlewareHandler } from 'hono';

/** A fresh value per page for the Content-Security-Policy's script and style nonce: 128 random bits. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

/** What a page may load besides its own origin's files and what carries its nonce. */
export interface PageAllowances {
  /** Hosts of the base map: its style, tiles, sprites and glyphs. */
  mapOrigins: readonly string[];
  /** `sha256-…` of the fixed <style> texts libraries insert while running, which cannot carry the nonce. */
  styleHashes: readonly string[];
}

/**
 * The policy of the app's pages: scripts and style elements only from this origin or carrying this page's
 * nonce (the framework's hydration data and the colour-scheme script carry it) or a known style hash; style
 * attributes inline, as server rendering writes them; connections, images and fonts from this origin, its
 * WebSocket (`/rest/live`) and the base map's hosts; never framed.
 */
export function pagePolicy(nonce: string, url: URL, { mapOrigins, styleHashes }: PageAllowances): string {
  const socket = `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}`;
  const map = mapOrigins.join(' ');
  const hashes = styleHashes.map((hash) => `'${hash}'`).join(' ');
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'`,
    `style-src 'self' 'nonce-${nonce}' ${hashes}`,
    "style-src-attr 'unsafe-inline'",
    `img-src 'self' data: blob: ${map}`,
    `font-src 'self' ${map}`,
    `connect-src 'self' ${socket} ${map}`,
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  return directives.map((d) => d.trim()).join('; ');
}

/** The headers every page carries besides its policy. */
const pageHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

/** A page response with the security headers set (the framework's own headers may be immutable). */
export function withPageHeaders(response: Response, policy: string): Response {
  const secured = new Response(response.body, response);
  secured.headers.set('Content-Security-Policy', policy);
  for (const [name, value] of Object.entries(pageHeaders)) secured.headers.set(name, value);
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
