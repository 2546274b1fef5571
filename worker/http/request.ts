import type { Context } from 'hono';
import type { AppEnv } from './types';

/** Who is calling, for rate limits: Cloudflare sets CF-Connecting-IP at its edge. */
export const clientOf = (c: Context<AppEnv>) => c.req.header('CF-Connecting-IP') ?? 'unknown';

/** Origin for links in e-mails: the configured public URL, else the request's own. */
export const publicOrigin = (c: Context<AppEnv>) => c.var.config.APP_URL ?? new URL(c.req.url).origin;
