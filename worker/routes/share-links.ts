import type { Context } from 'hono';
import { shareCalls, shareLinkCalls } from '../contracts/share-links';
import { badRequest } from '../domain/errors';
import { askShareLink, connectToShareLink } from '../domain/share-links/ask';
import { listShareLinks, revokeShareLink, saveShareLink, shareLinkForEdit } from '../domain/share-links/manage';
import { clientOf } from '../http/request';
import { createRouter, document, mount, parseQuery, routePath } from '../http/route';
import type { AppEnv } from '../http/types';

/** Managing share links: signed in, each subject its own links (an administrator every link). */
export const shareLinkRoutes = createRouter();

mount(shareLinkRoutes, shareLinkCalls.list, ({ ctx }) => listShareLinks(ctx));
mount(shareLinkRoutes, shareLinkCalls.detail, ({ ctx, query }) => shareLinkForEdit(ctx, query));
mount(shareLinkRoutes, shareLinkCalls.save, ({ ctx, body }) => saveShareLink(ctx, body));
mount(shareLinkRoutes, shareLinkCalls.revoke, ({ ctx, query }) => revokeShareLink(ctx, query));

/**
 * A link's public answers: authorised by its secret alone (mounted ahead of the session lookup, so no session is
 * read), the same for every viewer, so shared caches may keep them a few seconds. Revocation does not wait for
 * them: the link's object answers 410 from the moment it is told.
 */
export const shareRoutes = createRouter();

const sharedBriefly = (c: Context<AppEnv>) => c.header('Cache-Control', 'public, max-age=10, s-maxage=10');

mount(shareRoutes, shareCalls.view, async ({ c, ctx, params }) => {
  const { data } = await askShareLink(ctx, {
    secret: params.secret,
    question: { kind: 'view', view: true },
    client: clientOf(c),
  });
  sharedBriefly(c);
  return data;
});

mount(shareRoutes, shareCalls.chart, async ({ c, ctx, params, query }) => {
  const { data } = await askShareLink(ctx, { secret: params.secret, question: { kind: 'chart', query }, client: clientOf(c) });
  sharedBriefly(c);
  return data;
});

const live = shareCalls.live;
document(shareRoutes, live, 'get', { 101: { description: 'Switching protocols' } });

shareRoutes.get(routePath(live), async (c) => {
  const { secret } = parseQuery(live.params, c.req.param());
  if (c.req.header('Upgrade') !== 'websocket') throw badRequest('Connect with a WebSocket (Upgrade: websocket).');
  return connectToShareLink(c.var.ctx, { secret, client: clientOf(c), request: c.req.raw });
});
