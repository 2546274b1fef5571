import type { Ctx } from '../context';
import type { IntegrationAuth } from '../domain/api-tokens/token';
import type { SessionWithSubject } from '../domain/auth/sessions';

export type AuthVia = 'bearer' | 'query' | 'cookie';
export interface Auth extends SessionWithSubject {
  via: AuthVia;
}

export interface AppEnv {
  Bindings: Cloudflare.Env;
  Variables: {
    ctx: Ctx;
    auth: Auth | null;
    /** A read-only integration token's owner; set instead of `auth`, never beside it. */
    integration: IntegrationAuth | null;
    /** Where a request's time went, by phase (ms), for its `Server-Timing` header (ingest sets it). */
    timings?: Record<string, number>;
  };
}
