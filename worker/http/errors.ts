import { DrizzleQueryError } from 'drizzle-orm';
import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { errorReply } from '../contracts/envelope';
import { AppError, type AppErrorCode } from '../domain/errors';

/** The HTTP status of each domain error, for the API and for the app's server functions alike. */
export const statusOf: Record<AppErrorCode, ContentfulStatusCode> = {
  bad_request: 400,
  invalid: 422,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  payload_too_large: 413,
  unsupported_media_type: 415,
  too_many_requests: 429,
};

/**
 * An unexpected error as a log line at error level may carry it: its kind and message. A failed query's own message
 * holds its SQL and every bound value (drizzle writes both), so its cause is told instead.
 */
export function failureOf(error: unknown): string {
  const inner = error instanceof DrizzleQueryError && error.cause instanceof Error ? error.cause : error;
  return inner instanceof Error ? `${inner.name}: ${inner.message}`.slice(0, 500) : 'a thrown non-Error';
}

/** The one place where anything thrown becomes the `{success:false, errors}` envelope. */
export function handleError(err: Error, c: Context) {
  if (err instanceof AppError) {
    if (err.retryAfterSeconds) c.header('Retry-After', String(err.retryAfterSeconds));
    return c.json(errorReply(err.errors), statusOf[err.code]);
  }
  if (err instanceof HTTPException) {
    const status = err.status as ContentfulStatusCode;
    return c.json(errorReply({ _: [err.message || 'Request failed.'] }), status);
  }
  console.error('unhandled error', c.req.method, c.req.path, failureOf(err));
  return c.json(errorReply({ _: ['Something went wrong on our side. Please try again.'] }), 500);
}
