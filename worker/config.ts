import { z } from 'zod';

const Config = z.object({
  MAIL_TRANSPORT: z.enum(['console', 'resend']).default('console'),
  MAIL_FROM: z.string().default('Hladina <no-reply@hladina.local>'),
  RESEND_API_KEY: z.string().optional(),
  /** Public origin used in e-mailed links; the request's own origin when unset. */
  APP_URL: z.url().optional(),
});
export type Config = z.infer<typeof Config>;

/** Reads the Worker's vars and secrets once per request through one schema. */
export const readConfig = (env: Cloudflare.Env): Config => Config.parse(env);
