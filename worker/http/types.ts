import type { Ctx } from '../context';
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
  };
}
