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

/** Calls the API with the session cookie and unwraps `{success, data}`; anything else throws an ApiError. */
export async function api<T>(path: string, options: { method?: 'GET' | 'POST'; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/rest${path}`, {
      method: options.method ?? 'GET',
      credentials: 'same-origin',
      headers: options.body === undefined ? undefined : { 'Content-Type': 'application/json' },
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
    });
  } catch {
    throw new ApiError(0, {});
  }
  const reply = (await response.json().catch(() => null)) as Reply<T> | null;
  if (reply?.success === true) return reply.data;
  throw new ApiError(response.status, reply?.success === false ? reply.errors : {});
}

/** Posts a form's values wrapped in the documented model name, e.g. `{"Groups": {...}}`. */
export const postModel = <T>(path: string, model: string, values: unknown) => api<T>(path, { method: 'POST', body: { [model]: values } });
