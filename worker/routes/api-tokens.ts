import { apiTokenCalls } from '../contracts/api-tokens';
import { createApiToken, listApiTokens, revokeApiToken } from '../domain/api-tokens/manage';
import { createRouter, mount } from '../http/route';

export const apiTokenRoutes = createRouter();

mount(apiTokenRoutes, apiTokenCalls.list, ({ ctx }) => listApiTokens(ctx));
mount(apiTokenRoutes, apiTokenCalls.create, ({ ctx, body }) => createApiToken(ctx, body));
mount(apiTokenRoutes, apiTokenCalls.revoke, async ({ ctx, query }) => {
  await revokeApiToken(ctx, query);
  return null;
});
