import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import {
  methodsOf,
  type Access,
  type AnyCall,
  type CallBody,
  type CallParams,
  type CallQuery,
  type CallReply,
  type Method,
} from '../contracts/call';
import { successReply } from '../contracts/envelope';
import { englishTexts, errorMap, fieldErrors } from '../contracts/validation';
import type { Ctx, SubjectCtx } from '../context';
import type { Subject } from '../db/schema';
import { AppError, adminsOnly, badRequest, forbidden, invalid, unauthorized } from '../domain/errors';
import { resolveIngestToken, type IngestCaller } from '../domain/telemetry/tokens';
import { bearerToken, isCrossSite, isSameOrigin } from './auth';
import { keepReply, keptReply, type Keeping } from './kept-replies';
import type { AppEnv } from './types';

/** The context a handler gets: who calls is part of it, as its access rule decided. */
export type CtxOf<A extends Access> = A extends 'public'
  ? Ctx & { subject: Subject | null }
  : A extends 'station'
    ? Ctx & { caller: IngestCaller }
    : SubjectCtx;

export interface HandlerArgs<S extends AnyCall> {
  c: Context<AppEnv>;
  ctx: CtxOf<S['access']>;
  params: CallParams<S>;
  query: CallQuery<S>;
  body: CallBody<S>;
}

type Security = Record<string, string[]>[];
const sessionSecurity: Security = [{ bearer: [] }, { accessToken: [] }, { cookie: [] }];
const securityOf: Record<Access, Security> = {
  public: [],
  user: sessionSecurity,
  admin: sessionSecurity,
  station: [{ bearer: [] }],
};

const serverErrors = { error: errorMap(englishTexts) };

function parse<T extends z.ZodType>(schema: T, input: unknown, asQuery: boolean): z.output<T> {
  const result = schema.safeParse(input, serverErrors);
  if (result.success) return result.data;
  const errors = fieldErrors(result.error);
  throw asQuery ? new AppError('bad_request', errors) : invalid(errors);
}

async function readBody(c: Context<AppEnv>, model: string | undefined): Promise<unknown> {
  let body: unknown;
  try {
    body = await c.req.json();
  } catch {
    throw badRequest('The request body is not valid JSON.');
  }
  if (model && body && typeof body === 'object' && !Array.isArray(body) && model in body) {
    return (body as Record<string, unknown>)[model];
  }
  return body;
}

/** Validates query parameters: a failure is a 400 naming each parameter. */
export const parseQuery = <T extends z.ZodType>(schema: T, input: unknown) => parse(schema, input, true);

// A cross-site page can post a form (urlencoded, multipart or text/plain) without asking first; only a JSON
// body needs the CORS preflight that another site cannot pass.
function requireJson(c: Context<AppEnv>) {
  const type = c.req.header('Content-Type')?.split(';')[0].trim().toLowerCase();
  if (type !== 'application/json') {
    throw new AppError('unsupported_media_type', { _: ['Send the body as JSON (Content-Type: application/json).'] });
  }
}

/**
 * An integration token reads for its owner and nothing more: no change, no administrator's call (not even with an
 * administrator's token), no live connection.
 */
function integrationSubject(c: Context<AppEnv>, access: Exclude<Access, 'station' | 'public'>, method: Method, writes: boolean): Subject {
  const { subject } = c.var.integration!;
  if (method !== 'get' || writes) throw forbidden('Integration tokens are read-only: sign in to the app to make changes.');
  if (access === 'admin') throw forbidden('Integration tokens cannot make administrators’ calls, not even an administrator’s token.');
  if (c.req.header('Upgrade')) throw forbidden('Integration tokens do not open live connections: sign in to the app.');
  return subject;
}

/**
 * Enforces a session access rule, including the cookie rules for writes; returns the signed-in subject (an
 * integration token's owner for the read calls it may make).
 */
export function authorize(c: Context<AppEnv>, access: Exclude<Access, 'station'>, method: Method, writes: boolean): Subject | null {
  const auth = c.var.auth;
  if (access === 'public') {
    // Another site must not sign a visitor in (to an account of its choosing) or act for it; scripts send no Origin.
    if (writes && isCrossSite(c)) throw forbidden('This call must come from the Hladina app itself (cross-site request refused).');
    return auth?.subject ?? null;
  }
  if (!auth && c.var.integration) return integrationSubject(c, access, method, writes);
  if (!auth) throw unauthorized();
  if (auth.via === 'cookie' && writes) {
    // A GET can be triggered cross-site by a link or an image, so a state-changing GET never rides on the cookie.
    if (method === 'get') throw forbidden('Send this call as POST, or authenticate it with the token.');
    if (!isSameOrigin(c)) throw forbidden('This change must come from the Hladina app itself (cross-site request refused).');
  }
  if (access === 'admin' && !auth.subject.isAdmin) throw adminsOnly();
  return auth.subject;
}

/** Registers a call in the OpenAPI document, from the same schemas its route validates with. */
export function document(
  app: OpenAPIHono<AppEnv>,
  spec: AnyCall,
  method: Method,
  responses?: Parameters<typeof app.openAPIRegistry.registerPath>[0]['responses'],
) {
  const bodySchema = spec.body && (spec.model ? z.object({ [spec.model]: spec.body }) : spec.body);
  app.openAPIRegistry.registerPath({
    method,
    path: spec.path,
    summary: spec.summary,
    description: spec.description,
    security: securityOf[spec.access],
    request: {
      params: spec.params as never,
      query: spec.query as never,
      body: bodySchema && method !== 'get' ? { content: { 'application/json': { schema: bodySchema } } } : undefined,
    },
    responses: responses ?? {
      200: {
        description: `${spec.summary}${spec.access === 'admin' ? ' (administrators only)' : ''}`,
        content: { 'application/json': { schema: successReply(spec.reply) } },
      },
    },
  });
}

/** What `c.json` would send as the type, for replies sent as their JSON text (kept ones). */
const jsonType = { 'Content-Type': 'application/json' };

/** A spec's path as Hono matches it: `{name}` segments become `:name`. */
export const routePath = (spec: AnyCall) => spec.path.replace(/\{(\w+)\}/g, ':$1');

/**
 * Mounts one documented call from its spec: registers it in the OpenAPI document, enforces its access rule,
 * validates query and body, and wraps what the handler returns (checked against the reply at compile time) in
 * `{success, data}`.
 */
export function mount<const S extends AnyCall>(
  app: OpenAPIHono<AppEnv>,
  spec: S,
  handler: (args: HandlerArgs<S>) => Promise<CallReply<S>> | CallReply<S>,
  /** Whether and under which key the whole reply is kept (./kept-replies.ts); null: answered anew, not kept. */
  keep?: (args: HandlerArgs<S>) => Promise<Keeping | null>,
) {
  for (const method of methodsOf(spec)) {
    document(app, spec, method);
    app.on(method.toUpperCase(), routePath(spec), async (c) => {
      const base = c.var.ctx;
      let at = Date.now();
      const lap = (phase: string) => {
        const now = Date.now();
        if (c.var.timings) c.var.timings[phase] = now - at;
        at = now;
      };
      const ctx =
        spec.access === 'station'
          ? { ...base, caller: await resolveIngestToken(base, bearerToken(c)) }
          : { ...base, subject: authorize(c, spec.access, method, method !== 'get' || spec.writes === true) };
      lap('auth');
      if (spec.body && method !== 'get' && spec.access !== 'station') requireJson(c);
      const params = spec.params ? parse(spec.params, c.req.param(), true) : undefined;
      const query = spec.query ? parse(spec.query, c.req.query(), true) : undefined;
      const body = spec.body ? parse(spec.body, await readBody(c, spec.model), false) : undefined;
      lap('body');
      const args = { c, ctx, params, query, body } as HandlerArgs<S>;
      const keeping = keep ? await keep(args) : null;
      const kept = keeping && (await keptReply(keeping));
      // Through the context, so a kept reply carries the API's headers (./security-headers.ts) as every other does.
      if (kept) return c.body(kept, 200, jsonType);
      const envelope = { success: true, data: (await handler(args)) ?? null };
      if (!keeping) return c.json(envelope);
      const text = JSON.stringify(envelope);
      keepReply(base.defer, keeping, text);
      return c.body(text, 200, jsonType);
    });
  }
}

/** One resource's sub-app; its calls carry their whole path under `/rest`. */
export const createRouter = () => new OpenAPIHono<AppEnv>();
