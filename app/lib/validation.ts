import type { z } from 'zod';
import { errorMap, fieldErrors, type ValidationTexts } from '../../worker/contracts/validation';
import type { FieldErrors } from '../../worker/contracts/envelope';
import { m } from '~/paraglide/messages';

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
