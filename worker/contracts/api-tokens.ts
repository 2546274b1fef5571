import { z } from './zod';
import { defineCall } from './call';
import { idQuery, text } from './validation';

/** What a user names a new integration token by (e.g. "QGIS on my laptop"). */
export const ApiTokenInput = z.object({ name: text(1, 100) });

export const ApiToken = z.object({
  id: z.number(),
  name: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable().meta({ description: 'To the hour: a token’s use is written at most once an hour.' }),
});
export type ApiToken = z.infer<typeof ApiToken>;

export const NewApiToken = ApiToken.extend({
  token: z.string().meta({ description: 'The token itself, shown only in this reply: only its SHA-256 is stored.' }),
});
export type NewApiToken = z.infer<typeof NewApiToken>;

/** Most tokens a subject may hold at once. */
export const maxApiTokens = 20;

const tokenUse =
  'Send it as `Authorization: Bearer …` or as the password of HTTP Basic (any user name). It reads what its owner ' +
  'may see, through the SensorThings API (`/sta/v1.1`) and the read (GET) calls of `/rest`; it never writes.';

export const apiTokenCalls = {
  list: defineCall({
    method: 'get',
    path: '/api-tokens',
    access: 'user',
    summary: 'Your integration tokens, newest first',
    reply: z.array(ApiToken),
  }),
  create: defineCall({
    method: 'post',
    path: '/api-tokens/create',
    access: 'user',
    summary: 'Create a named read-only integration token (returned once)',
    description: tokenUse,
    body: ApiTokenInput,
    model: 'ApiToken',
    reply: NewApiToken,
  }),
  revoke: defineCall({
    method: 'post',
    path: '/api-tokens/revoke',
    access: 'user',
    summary: 'Revoke one of your integration tokens',
    query: idQuery,
    reply: z.null(),
  }),
};
