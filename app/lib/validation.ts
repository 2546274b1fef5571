import type { z } from 'zod';
import { errorMap, fieldErrors, type ValidationTexts } from '../../worker/contracts/validation';
import type { FieldErrors } from '../../worker/contracts/envelope';
import { m } from '~/paraglide/messages';
import { ApiError } from '~/lib/api';

const texts: ValidationTexts = {
  required: () => m.validation_required(),
  minLength: (min) => m.validation_min_length({ min }),
  maxLength: (max) => m.validation_max_length({ max }),
  email: () => m.validation_email(),
  invalid: () => m.validation_invalid(),
};

/** Checks form values against the server's own contract, worded in the current language. */
export function validate<S extends z.ZodType>(schema: S, values: unknown): { data: z.output<S> } | { errors: FieldErrors } {
  const result = schema.safeParse(values, { error: errorMap(texts) });
  return result.success ? { data: result.data } : { errors: fieldErrors(result.error) };
}

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
