import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test';
import { env, exports } from 'cloudflare:workers';
import type { z } from 'zod';
import worker from '../../scripts/lib/api-worker';
import { createDb } from '../../worker/db/client';

export const origin = 'http://hladina.test';
export const db = () => createDb(env.DB);

type Json = Record<string, unknown> | unknown[] | string | number | boolean | null;
export interface CallOptions {
  token?: string | null;
  body?: Json;
  rawBody?: string;
  headers?: Record<string, string>;
  /** A client address of its own per call, so per-client rate limits do not leak between tests; null sends none. */
  client?: string | null;
  /**
   * Calls the Worker's handler in this isolate with an execution context of the test's own, and answers only
   * once the work it left for after the reply (`waitUntil`) is done; passing the context lets a test watch it.
   */
  settle?: boolean | ExecutionContext;
}

let clientCounter = 0;
const nextClient = () => `198.51.100.${(clientCounter++ % 250) + 1}-${Math.random().toString(36).slice(2, 8)}`;

/** The request a client would send. */
export function request(method: string, path: string, options: CallOptions = {}) {
  const client = options.client === undefined ? nextClient() : options.client;
  const headers: Record<string, string> = { ...(client === null ? {} : { 'CF-Connecting-IP': client }), ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  let body: string | undefined;
  if (options.rawBody !== undefined) body = options.rawBody;
  else if (options.body !== undefined) body = JSON.stringify(options.body);
  if (body !== undefined) headers['Content-Type'] ??= 'application/json';
  return new Request(`${origin}${path}`, { method, headers, body });
}

/** Hands a request to the Worker: through its binding, or (`settle`) to its handler here, waiting for its after-reply work. */
export async function fetchWorker(req: Request, settle: CallOptions['settle'] = false) {
  if (!settle) return exports.default.fetch(req);
  const ctx = settle === true ? createExecutionContext() : settle;
  const response = await worker.fetch(req, env, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/** What a call answered; `data` is the reply's `data`, checked against the call's contract when one is given. */
export interface Reply<T = any> {
  status: number;
  json: any;
  text: string;
  headers: Headers;
  data: T;
}

export interface TypedCallOptions<T> extends CallOptions {
  /** The contract of the reply's `data` (from worker/contracts/): a successful reply that breaks it fails the test. */
  reply?: z.ZodType<T>;
  /** Query parameters, added to the path. */
  query?: Record<string, string | number | boolean | undefined>;
}

const withQuery = (path: string, query: TypedCallOptions<unknown>['query']) => {
  const params = new URLSearchParams(Object.entries(query ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]])));
  return params.size ? `${path}${path.includes('?') ? '&' : '?'}${params}` : path;
};

/** Calls the real Worker (the default export) as a client would. */
export async function call<T = any>(method: string, path: string, options: TypedCallOptions<T> = {}): Promise<Reply<T>> {
  const response = await fetchWorker(request(method, withQuery(path, options.query), options), options.settle);
  const text = await response.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = null;
  }
  if (options.reply && json?.success) {
    const checked = options.reply.safeParse(json.data);
    if (!checked.success) throw new Error(`${method} ${path} answered outside its contract: ${checked.error.message}`);
  }
  // The reply as sent, not the parse's output: a key the contract leaves out must still fail a test's toEqual.
  return { status: response.status, json, text, headers: response.headers, data: json?.data };
}

export const get = <T = any>(path: string, options?: TypedCallOptions<T>) => call<T>('GET', path, options);
export const post = <T = any>(path: string, body?: Json, options?: TypedCallOptions<T>) => call<T>('POST', path, { ...options, body });
