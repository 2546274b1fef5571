import { methodOf, pathOf, sentBody, type AnyCall, type CallArgs, type CallInput, type CallReply } from '../../worker/contracts/call';
import type { FieldErrors, Reply } from '../../worker/contracts/envelope';

/**
 * A failed call, from `/rest` or from a server function: the HTTP status (0 when the server could not be
 * reached) and the envelope's field errors (`_` for the form as a whole).
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FieldErrors,
  ) {
    super(Object.values(errors).flat()[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

/** A call's spec, or a loader of it: forms load theirs (and its schemas) when first used, off the page's first load. */
export type CallRef<S extends AnyCall> = S | (() => Promise<S>);

export const resolveCall = <S extends AnyCall>(ref: CallRef<S>): Promise<S> => Promise.resolve(typeof ref === 'function' ? ref() : ref);

const withQuery = (path: string, query: unknown) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries((query ?? {}) as Record<string, unknown>))
    if (value !== undefined && value !== null) params.set(key, String(value));
  return params.size ? `${path}?${params}` : path;
};

/**
 * Makes a documented call with the session cookie, its body wrapped in the call's model name, and unwraps
 * `{success, data}`; anything else throws an ApiError. Path, method and types all come from the call's spec.
 */
export async function send<S extends AnyCall>(ref: CallRef<S>, ...[input = {} as CallInput<S>]: CallArgs<S>): Promise<CallReply<S>> {
  const spec = await resolveCall(ref);
  const body = sentBody(spec, input.body);
  let response: Response;
  try {
    response = await fetch(`/rest${withQuery(pathOf(spec, input.params), input.query)}`, {
      method: methodOf(spec).toUpperCase(),
      credentials: 'same-origin',
      headers: body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError(0, {});
  }
  const reply = (await response.json().catch(() => null)) as Reply<CallReply<S>> | null;
  if (reply?.success === true) return reply.data;
  throw new ApiError(response.status, reply?.success === false ? reply.errors : {});
}
