import type { FieldErrors } from '../../worker/contracts/envelope';
import { ApiError } from '~/lib/api';
import { m } from '~/paraglide/messages';

/** Failures a form words itself: by status, the field they belong to and the translated text. */
export type KnownErrors = Partial<Record<number, { field: string; text: () => string }>>;

/**
 * Server replies are worded in English; the statuses a form expects get a translated text of their own,
 * anything else keeps the server's words so no failure goes unexplained.
 */
export function serverErrors(error: unknown, known: KnownErrors = {}): FieldErrors {
  if (!(error instanceof ApiError)) return { _: [m.error_unexpected()] };
  if (error.status === 0) return { _: [m.error_network()] };
  const mapped = known[error.status];
  if (mapped) return { [mapped.field]: [mapped.text()] };
  if (error.status === 429) return { _: [m.error_too_many()] };
  return Object.keys(error.errors).length ? error.errors : { _: [m.error_unexpected()] };
}

/** The failure in one line, for a toast or an alert that belongs to no field. */
export const serverErrorText = (error: unknown, known?: KnownErrors) => Object.values(serverErrors(error, known)).flat().join(' ');
