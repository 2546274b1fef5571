import type { z } from './zod';

/**
 * Who may make a call: anyone, any signed-in subject, administrators only, or a station/importer ingest token.
 * `read` calls (GET, signed in) also take a subject's read-only integration token.
 */
export type Access = 'public' | 'user' | 'admin' | 'station';
export type Method = 'get' | 'post';

/**
 * One documented call of `/rest`: the Worker mounts its route from it (and documents it in OpenAPI), the app sends
 * it through `send`, and both take their types from the same schemas.
 */
export interface CallSpec<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  R extends z.ZodType = z.ZodType,
  A extends Access = Access,
> {
  /** The first method is the one the app sends. */
  method: Method | readonly [Method, ...Method[]];
  /** The path under `/rest`; `{name}` segments are path parameters, read by `params`. */
  path: `/${string}`;
  access: A;
  summary: string;
  /** Longer text for the OpenAPI document (Markdown), where the summary is not enough. */
  description?: string;
  /** The path parameters' schema, for paths with `{name}` segments. */
  params?: z.ZodType;
  query?: Q;
  body?: B;
  /** The model name the body may arrive wrapped in, e.g. `{"LoginForm": {...}}`; the app always wraps it. */
  model?: string;
  /** The reply's `data`. */
  reply: R;
  /** Set for the documented GET deletes: a GET authenticated only by the cookie is refused. */
  writes?: boolean;
}

/** Declares a call; its literal type (which schemas it has, its access) is kept for the route and the client. */
export const defineCall = <const S extends AnyCall>(spec: S) => spec;

export type AnyCall = CallSpec<z.ZodType | undefined, z.ZodType | undefined, z.ZodType, Access>;

type Parsed<T> = T extends z.ZodType ? z.output<T> : undefined;
type Sent<T> = T extends z.ZodType ? z.input<T> : undefined;
type QueryOf<S> = S extends { query: infer Q extends z.ZodType } ? Q : undefined;
type ParamsOf<S> = S extends { params: infer P extends z.ZodType } ? P : undefined;
export type BodyOf<S> = S extends { body: infer B extends z.ZodType } ? B : undefined;

/** The path parameters, query and body a handler receives, parsed by the call's schemas. */
export type CallParams<S extends AnyCall> = Parsed<ParamsOf<S>>;
export type CallQuery<S extends AnyCall> = Parsed<QueryOf<S>>;
export type CallBody<S extends AnyCall> = Parsed<BodyOf<S>>;
/** What the call answers in `data`. */
export type CallReply<S extends AnyCall> = z.output<S['reply']>;

/** What the app passes to `send`: the path parameters, query and (unwrapped) body, each only where the call has one. */
export type CallInput<S extends AnyCall> = (ParamsOf<S> extends z.ZodType ? { params: Sent<ParamsOf<S>> } : { params?: never }) &
  (QueryOf<S> extends z.ZodType ? { query: Sent<QueryOf<S>> } : { query?: never }) &
  (BodyOf<S> extends z.ZodType ? { body: Sent<BodyOf<S>> } : { body?: never });

/**
 * A client's arguments after the spec: the call's input (with options of the client's own), which may be left out
 * when the call has no path parameters, query or body.
 */
export type CallArgs<S extends AnyCall, Options = unknown> =
  object extends CallInput<S> ? [input?: CallInput<S> & Options] : [input: CallInput<S> & Options];

/** The body as a client sends it: wrapped in the call's model name where it has one. */
export const sentBody = (spec: AnyCall, body: unknown) => (body === undefined || !spec.model ? body : { [spec.model]: body });

/** A call's path with its `{name}` segments filled in. */
export const pathOf = (spec: AnyCall, params: unknown = {}) =>
  spec.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(String((params as Record<string, unknown>)[name] ?? '')));

/** The method a client sends a call with. */
export const methodOf = (spec: AnyCall): Method => (typeof spec.method === 'string' ? spec.method : spec.method[0]);
export const methodsOf = (spec: AnyCall): readonly Method[] => (typeof spec.method === 'string' ? [spec.method] : spec.method);
