import type { FieldErrors } from '../../worker/domain/errors';

/** A failed `/rest` call: the HTTP status and the envelope's field errors (`_` for the form as a whole). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly errors: FieldErrors,
  ) {
    super(Object.values(errors).flat()[0] ?? `Request failed with status ${status}`);
    this.name = 'ApiError';
  }
}

type Envelope<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

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
  const envelope = (await response.json().catch(() => null)) as Envelope<T> | null;
  if (envelope?.success === true) return envelope.data;
  throw new ApiError(response.status, envelope?.success === false ? envelope.errors : {});
}
