import { z } from './zod';

/** Rules a refine names with `params: { rule }`, so that its failure can be worded per language. */
export type RuleName = 'timeZone';

/** Texts for validation failures; the server uses English, the app passes translated ones. */
export interface ValidationTexts {
  required: () => string;
  minLength: (min: number) => string;
  maxLength: (max: number) => string;
  email: () => string;
  invalid: () => string;
  /** A named rule's own text; without one, `invalid`. */
  rules?: Partial<Record<RuleName, () => string>>;
}

export const englishTexts: ValidationTexts = {
  required: () => 'This field is required.',
  minLength: (min) => `Enter at least ${min} characters.`,
  maxLength: (max) => `Enter at most ${max} characters.`,
  email: () => 'Enter a valid e-mail address.',
  invalid: () => 'This value is not valid.',
  rules: { timeZone: () => 'This is an unknown time zone: use an IANA name such as Europe/Prague.' },
};

/** A zod error map that words every issue through `texts`, so contracts carry rules and no wording. */
export function errorMap(texts: ValidationTexts): z.core.$ZodErrorMap {
  return (issue) => {
    if (issue.input === undefined || issue.input === null || issue.input === '') return texts.required();
    switch (issue.code) {
      case 'too_small':
        return issue.origin === 'string' ? texts.minLength(Number(issue.minimum)) : texts.invalid();
      case 'too_big':
        return issue.origin === 'string' ? texts.maxLength(Number(issue.maximum)) : texts.invalid();
      case 'invalid_format':
        return issue.format === 'email' ? texts.email() : texts.invalid();
      case 'custom':
        return texts.rules?.[issue.params?.rule as RuleName]?.() ?? texts.invalid();
      default:
        return texts.invalid();
    }
  };
}

/** Flattens zod issues to `{field: [messages]}`; nested paths use their first key, root issues go to `_`. */
export function fieldErrors(error: z.ZodError): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    (out[key] ??= []).push(issue.message);
  }
  return out;
}

export const text = (min: number, max = 255) => z.string().trim().min(min).max(max);
export const optionalText = (max = 255) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => v || null);
export const email = () => z.string().trim().toLowerCase().min(1).max(254).pipe(z.email());
export const password = () => z.string().min(6).max(256);
/** A whole number in min..max, accepted as a number or a numeric string (query parameters arrive as text). */
export const wholeNumber = (min: number, max: number) =>
  z
    .union([z.number(), z.string().regex(/^\d+$/)])
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
/** A positive integer id. */
export const id = () => wholeNumber(1, Number.MAX_SAFE_INTEGER);
export const idList = () => z.array(id()).max(10_000);
export const idQuery = z.object({ id: id() });
/** Yes/No switches arrive as booleans, 0/1 or "true"/"false" from older clients. */
export const flag = () =>
  z
    .union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1'])])
    .transform((v) => v === true || v === 1 || v === 'true' || v === '1');
