import { OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { z } from 'zod';
import { successReply } from '../contracts/envelope';
import { englishTexts, errorMap, fieldErrors } from '../contracts/validation';
import { AppError, adminsOnly, badRequest, forbidden, invalid, unauthorized } from '../domain/errors';
import type { Subject } from '../db/schema';
import { resolveIngestToken, type IngestCaller } from '../domain/telemetry/tokens';
import { bearerToken, isCrossSite, isSameOrigin } from './auth';
import type { AppEnv } from './types';

/** Who may call a route: anyone, any signed-in subject, administrators only, or a station/importer ingest token. */
export type Access = 'public' | 'user' | 'admin' | 'station';
type Method = 'get' | 'post';

interface RouteSpec<Q extends z.ZodType | undefined, B extends z.ZodType | undefined> {
  method: Method | Method[];
  path: string;
  access: Access;
  summary: string;
  /** Longer text for the OpenAPI document (Markdown), where the summary is not enough. */
  description?: string;
  query?: Q;
  /** The body schema and the model name it may arrive wrapped in, e.g. `{"LoginForm": {...}}`. */
  body?: { model?: string; schema: NonNullable<B> };
  data: z.ZodType;
  /** Set for the documented GET deletes: a GET authenticated only by the cookie is refused. */
  writes?: boolean;
}

type Out<T> = T extends z.ZodType ? z.output<T> : undefined;

export interface HandlerArgs<Q, B, A extends Access> {
  c: Context<AppEnv>;
  query: Q;
  body: B;
  actor: A extends 'public' ? Subject | null : A extends 'station' ? IngestCaller : Subject;
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

/** Enforces a session access rule, including the cookie rules for writes; returns the signed-in subject. */
export function authorize(c: Context<AppEnv>, access: Exclude<Access, 'station'>, method: Method, writes: boolean): Subject | null {
  const auth = c.var.auth;
  if (access === 'public') {
    // Another site must not sign a visitor in (to an account of its choosing) or act for it; scripts send no Origin.
    if (writes && isCrossSite(c)) throw forbidden('This call must come from the Hladina app itself (cross-site request refused).');
    return auth?.subject ?? null;
  }
  if (!auth) throw unauthorized();
  if (auth.via === 'cookie' && writes) {
    // A GET can be triggered cross-site by a link or an image, so a state-changing GET never rides on the cookie.
    if (method === 'get') throw forbidden('Send this call as POST, or authenticate it with the token.');
    if (!isSameOrigin(c)) throw forbidden('This change must come from the Hladina app itself (cross-site request refused).');
  }
  if (access === 'admin' && !auth.subject.isAdmin) throw adminsOnly();
  return auth.subject;
}

/**
 * Mounts one documented call: registers it in the OpenAPI document from the same zod contracts,
 * enforces its access rule, validates query and body, and wraps the handler's result in `{success, data}`.
 */
export function defineRoute<
  Q extends z.ZodType | undefined = undefined,
  B extends z.ZodType | undefined = undefined,
  A extends Access = Access,
>(
  app: OpenAPIHono<AppEnv>,
  spec: RouteSpec<Q, B> & { access: A },
  handler: (args: HandlerArgs<Out<Q>, Out<B>, A>) => Promise<unknown>,
) {
  const methods = Array.isArray(spec.method) ? spec.method : [spec.method];
  const bodySchema = spec.body && (spec.body.model ? z.object({ [spec.body.model]: spec.body.schema }) : spec.body.schema);
  for (const method of methods) {
    app.openAPIRegistry.registerPath({
      method,
      path: spec.path,
      summary: spec.summary,
      description: spec.description,
      security: securityOf[spec.access],
      request: {
        query: spec.query as never,
        body: bodySchema && method !== 'get' ? { content: { 'application/json': { schema: bodySchema } } } : undefined,
      },
      responses: {
        200: {
          description: `${spec.summary}${spec.access === 'admin' ? ' (administrators only)' : ''}`,
          content: { 'application/json': { schema: successReply(spec.data) } },
        },
      },
    });
    app.on(method.toUpperCase(), spec.path, async (c) => {
      const actor =
        spec.access === 'station'
          ? await resolveIngestToken(c.var.db, bearerToken(c))
          : authorize(c, spec.access, method, method !== 'get' || spec.writes === true);
      if (spec.body && method !== 'get' && spec.access !== 'station') requireJson(c);
      const query = spec.query ? parse(spec.query, c.req.query(), true) : undefined;
      const body = spec.body ? parse(spec.body.schema, await readBody(c, spec.body.model), false) : undefined;
      const data = await handler({ c, query, body, actor } as HandlerArgs<Out<Q>, Out<B>, A>);
      return c.json({ success: true, data: data ?? null });
    });
  }
}

export const createRouter = () => new OpenAPIHono<AppEnv>();
