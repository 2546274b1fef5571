import { OpenAPIHono } from '@hono/zod-openapi';
import { AppError } from './domain/errors';
import { resolveSession } from './http/auth';
import { errorReply } from './contracts/envelope';
import { boundedBody } from './http/body';
import { withContext } from './http/context';
import { handleError } from './http/errors';
import { apiHeaders } from './http/security-headers';
import type { AppEnv } from './http/types';
import { siteRoutes } from './routes/site';
import { subjectRoutes } from './routes/subjects';
import { itemRoutes } from './routes/items';
import { groupRoutes } from './routes/groups';
import { liveRoutes } from './routes/live';
import { apiRoutes } from './routes/api';
import { ingestRoutes } from './routes/ingest';
import { legacyRoutes } from './routes/legacy';
import { alarmRuleRoutes } from './routes/alarm-rules';
import { groupRuleRoutes } from './routes/group-rules';
import { alarmRoutes } from './routes/alarms';
import { notificationRoutes } from './routes/notifications';
import { webhookRoutes } from './routes/webhooks';
import { apiTokenRoutes } from './routes/api-tokens';
import { shareLinkRoutes, shareRoutes } from './routes/share-links';
import { rollupRoutes } from './routes/rollup';
import { qualityRoutes } from './routes/quality';
import { correctionRoutes } from './routes/corrections';
import { levelRoutes } from './routes/levels';
import { ratingRoutes } from './routes/ratings';
import { warningRoutes } from './routes/warning';
import { escalationRoutes } from './routes/escalations';
import { maintenanceRoutes } from './routes/maintenance';
import { pushRoutes } from './routes/push';

export const maxBodyBytes = 1024 * 1024;

/** The `/rest` API: every resource's sub-app behind shared body limit, session and error handling. */
export function createApi() {
  const api = new OpenAPIHono<AppEnv>();
  api.onError(handleError);
  api.use(apiHeaders);
  api.use(boundedBody(maxBodyBytes, () => new AppError('payload_too_large', { _: ['The request body is larger than 1 MiB.'] })));
  api.use(withContext);
  // Stations authenticate with ingest tokens and share links with their secret, never sessions: mounted ahead of
  // the session lookup, they skip it.
  api.route('/', ingestRoutes);
  api.route('/', shareRoutes);
  api.use(resolveSession);

  api.route('/', siteRoutes);
  api.route('/', subjectRoutes);
  api.route('/', itemRoutes);
  api.route('/', groupRoutes);
  api.route('/', apiRoutes);
  api.route('/', liveRoutes);
  api.route('/', legacyRoutes);
  api.route('/', alarmRuleRoutes);
  api.route('/', groupRuleRoutes);
  api.route('/', alarmRoutes);
  api.route('/', notificationRoutes);
  api.route('/', webhookRoutes);
  api.route('/', apiTokenRoutes);
  api.route('/', shareLinkRoutes);
  api.route('/', rollupRoutes);
  api.route('/', qualityRoutes);
  api.route('/', correctionRoutes);
  api.route('/', levelRoutes);
  api.route('/', ratingRoutes);
  api.route('/', warningRoutes);
  api.route('/', escalationRoutes);
  api.route('/', maintenanceRoutes);
  api.route('/', pushRoutes);

  api.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer' });
  api.openAPIRegistry.registerComponent('securitySchemes', 'accessToken', {
    type: 'apiKey',
    in: 'query',
    name: 'access_token',
  });
  api.openAPIRegistry.registerComponent('securitySchemes', 'cookie', {
    type: 'apiKey',
    in: 'cookie',
    name: 'hladina_session',
  });
  // Built on the first request and kept for the isolate's life: generating it from every contract took ~40 ms a call.
  let document: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  const documentConfig: Parameters<typeof api.getOpenAPI31Document>[0] = {
    openapi: '3.1.0',
    info: {
      title: 'Hladina API',
      version: '1.0.0',
      description:
        'Every reply is `{"success": true, "data": …}` or `{"success": false, "errors": {"field": ["message"]}}`. ' +
        'Bodies may be sent wrapped in their model name (as documented) or unwrapped.',
    },
    servers: [{ url: '/rest' }],
  };
  api.get('/openapi.json', (c) => c.json((document ??= api.getOpenAPI31Document(documentConfig))));
  // Mounted under the root app, the sub-app's notFound never fires: an explicit last route keeps /rest in the envelope.
  api.all('*', (c) => c.json(errorReply({ _: [`No such call: ${c.req.method} ${c.req.path}`] }), 404));
  return api;
}
