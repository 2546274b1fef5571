import { OpenAPIHono } from '@hono/zod-openapi';
import { liveCalls } from '../contracts/live';
import { badRequest, forbidden } from '../domain/errors';
import { visibleStations } from '../domain/items/visibility';
import { connectToWatcher } from '../live/connect';
import { isSameOrigin } from '../http/auth';
import { authorize, document, parseQuery } from '../http/route';
import type { AppEnv } from '../http/types';

export const liveRoutes = new OpenAPIHono<AppEnv>();

const spec = liveCalls.connect;
document(liveRoutes, spec, 'get', { 101: { description: 'Switching protocols' } });

liveRoutes.get(spec.path, async (c) => {
  const actor = authorize(c, spec.access, 'get', false)!;
  // Browsers send Origin on every WebSocket handshake; a cookie-borne one from another site is hijacking.
  if (c.var.auth?.via === 'cookie' && !isSameOrigin(c)) throw forbidden('Cross-site live connections are refused.');
  if (c.req.header('Upgrade') !== 'websocket') throw badRequest('Connect with a WebSocket (Upgrade: websocket).');
  const { stations } = parseQuery(spec.query, c.req.query());
  const { db, env } = c.var.ctx;
  const allowed = await visibleStations({ db, subject: actor }, stations);
  if (stations && !allowed.length) throw forbidden('You may not watch any of these stations.', 'stations');
  return connectToWatcher(
    env,
    c.req.raw,
    { subjectId: actor.id, session: c.var.auth!.session.id, stations: stations ? allowed : null },
    allowed,
  );
});
