import { Hono } from 'hono';
import { createApi } from './app';
import { runScheduled } from './cron';
import { newNonce, pagePolicy, withPageHeaders } from './http/security-headers';

/** Renders a page of the React app; its inline scripts and styles carry `nonce`. */
export type RenderApp = (request: Request, nonce: string) => Response | Promise<Response>;

/**
 * The Worker: `/rest` is the Hono API, everything else goes to the React app's SSR handler and leaves with a
 * Content-Security-Policy of its own nonce that also admits the base map's hosts (`mapOrigins`).
 */
export function createWorker(renderApp: RenderApp, mapOrigins: readonly string[] = []) {
  const app = new Hono<{ Bindings: Cloudflare.Env }>();
  app.route('/rest', createApi());
  app.all('*', async (c) => {
    const nonce = newNonce();
    const response = await renderApp(c.req.raw, nonce);
    return withPageHeaders(response, pagePolicy(nonce, new URL(c.req.url), mapOrigins));
  });
  return {
    fetch: app.fetch,
    scheduled: runScheduled,
  } satisfies ExportedHandler<Cloudflare.Env>;
}
