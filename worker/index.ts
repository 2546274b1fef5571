import { Hono } from 'hono';
import { createApi } from './app';
import { runScheduled } from './cron';
import { framingOrigins, newNonce, pagePolicy, withPageHeaders, type PageAllowances } from './http/security-headers';
import { mapRoutes } from './map/routes';
import { createOgc, ogcBase } from './ogc';
import { createSta, staBase } from './sta';
import { createInflux, influxBase } from './influx';

/** Renders a page of the React app; its inline scripts and styles carry `nonce`. */
export type RenderApp = (request: Request, nonce: string) => Response | Promise<Response>;

/**
 * The Worker: `/rest` is the Hono API, everything else goes to the React app's SSR handler and leaves with a
 * Content-Security-Policy of its own nonce, plus what the app declares it needs (`allowances`) and the origins a
 * share link lets frame its embeds. `/sta/v1.1` is the read-only OGC SensorThings API (worker/sta/); `/ogc` OGC API –
 * Features with WaterML 2.0 (worker/ogc/); `/map` the base map's style and the tiles that are no static file
 * (worker/map/); InfluxDB's write API (line protocol in, worker/influx/) at the root and under `/influx`.
 */
export function createWorker(renderApp: RenderApp, allowances: PageAllowances = { styleHashes: [] }) {
  const app = new Hono<{ Bindings: Cloudflare.Env }>();
  app.route('/rest', createApi());
  app.route(staBase, createSta());
  app.route(ogcBase, createOgc());
  app.route('/map', mapRoutes);
  const influx = createInflux();
  app.route(influxBase, influx);
  app.route('/', influx);
  app.all('*', async (c) => {
    const nonce = newNonce();
    const response = await renderApp(c.req.raw, nonce);
    const url = new URL(c.req.url);
    return withPageHeaders(response, pagePolicy(nonce, url, allowances, framingOrigins(response)), url);
  });
  return {
    fetch: app.fetch,
    scheduled: runScheduled,
  } satisfies ExportedHandler<Cloudflare.Env>;
}
