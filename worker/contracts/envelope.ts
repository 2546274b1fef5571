import { z } from './zod';

/** Field name → messages; `_` holds messages that belong to no field. */
export type FieldErrors = Record<string, string[]>;

/** Every `/rest` reply: the data of a success, or the field errors of a failure (with an honest status code). */
export type Reply<T> = { success: true; data: T } | { success: false; errors: FieldErrors };

/** The success reply around a call's data, as the OpenAPI document describes it. */
export const successReply = <T extends z.ZodType>(data: T) => z.object({ success: z.literal(true), data });

export const errorReply = (errors: FieldErrors) => ({ success: false as const, errors });
