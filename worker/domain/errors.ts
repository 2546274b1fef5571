import type { FieldErrors } from '../contracts/envelope';

// Domain modules name the type from here; its home is the contract every reply follows.
export type { FieldErrors };

export type AppErrorCode =
  | 'bad_request'
  | 'invalid'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'gone'
  | 'payload_too_large'
  | 'unsupported_media_type'
  | 'too_many_requests';

/** The one error type domain verbs throw; the HTTP layer maps `code` to a status. */
export class AppError extends Error {
  constructor(
    readonly code: AppErrorCode,
    readonly errors: FieldErrors,
    readonly retryAfterSeconds?: number,
  ) {
    super(Object.values(errors).flat().join('; ') || code);
    this.name = 'AppError';
  }
}

const one = (field: string, message: string): FieldErrors => ({ [field]: [message] });

export const badRequest = (message: string, field = '_') => new AppError('bad_request', one(field, message));
export const invalid = (errors: FieldErrors) => new AppError('invalid', errors);
export const unauthorized = (message = 'Sign in to continue.') => new AppError('unauthorized', one('_', message));
export const forbidden = (message = 'You are not allowed to do this.', field = '_') => new AppError('forbidden', one(field, message));
/** The administrator-only rule, worded once for the API and the app's server functions. */
export const adminsOnly = () => forbidden('Only administrators may do this.');
export const notFound = (what: string, field = 'id') => new AppError('not_found', one(field, `${what} not found.`));
export const conflict = (field: string, message: string) => new AppError('conflict', one(field, message));
/** Something that existed and never will again (a revoked or expired share link). */
export const gone = (message: string) => new AppError('gone', one('_', message));

/** "15 minutes", "1 minute", "40 seconds": how long a refused caller has to wait, rounded up. */
function waitText(seconds: number) {
  if (seconds < 60) return seconds === 1 ? '1 second' : `${seconds} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/** A 429 whose Retry-After is a whole number of seconds (at least 1) and whose text says the same wait. */
export function tooManyRequests(waitSeconds: number) {
  const seconds = Math.max(1, Math.ceil(waitSeconds));
  return new AppError('too_many_requests', one('_', `Too many attempts. Try again in ${waitText(seconds)}.`), seconds);
}
