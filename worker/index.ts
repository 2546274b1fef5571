import { Hono } from 'hono';
import { createApi } from './app';
import { runScheduled } from './cron';

/** The Worker: `/rest` is the Hono API, everything else goes to the React app's SSR handler. */
export function createWorker(renderApp: (request: Request) => Response | Promise<Response>) {
  const app = new Hono<{ Bindings: Cloudflare.Env }>();
  app.route('/rest', createApi());
  app.all('*', (c) => renderApp(c.req.raw));
  return {
    fetch: app.fetch,
    scheduled: runScheduled,
  } satisfies ExportedHandler<Cloudflare.Env>;
}
