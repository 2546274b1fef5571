import { OpenAPIHono } from '@hono/zod-openapi';
import { LiveQuery } from '../contracts/live';
import { badRequest, forbidden } from '../domain/errors';
import { visibleStations } from '../domain/items/visibility';
import { connectToWatcher } from '../live/connect';
import { isSameOrigin } from '../http/auth';
import { authorize, parseQuery } from '../http/route';
import type { AppEnv } from '../http/types';

export const liveRoutes = new OpenAPIHono<AppEnv>();

liveRoutes.openAPIRegistry.registerPath({
  method: 'get',
  path: '/',
  summary:
    'Open a WebSocket that receives every accepted ingest batch of the listed stations the subject may see, or of ' +
    'all of them when none are listed (messages: subscribed, readings, pong). Browsers authenticate with the ' +
    'session cookie or ?access_token=.',
  security: [{ accessToken: [] }, { cookie: [] }, { bearer: [] }],
  request: { query: LiveQuery },
  responses: { 101: { description: 'Switching protocols' } },
});

liveRoutes.get('/', async (c) => {
  const actor = authorize(c, 'user', 'get', false)!;
  // Browsers send Origin on every WebSocket handshake; a cookie-borne one from another site is hijacking.
  if (c.var.auth?.via === 'cookie' && !isSameOrigin(c)) throw forbidden('Cross-site live connections are refused.');
  if (c.req.header('Upgrade') !== 'websocket') throw badRequest('Connect with a WebSocket (Upgrade: websocket).');
  const { stations } = parseQuery(LiveQuery, c.req.query());
  const allowed = await visibleStations(c.var.db, actor, stations);
  if (stations && !allowed.length) throw forbidden('You may not watch any of these stations.', 'stations');
  return connectToWatcher(c.env, c.req.raw, { subjectId: actor.id, session: c.var.auth!.session.id, stations: stations ? allowed : null }, allowed);
});
