import type { Config } from '../config';
import type { Db } from '../db/client';
import type { SessionWithSubject } from '../domain/auth/sessions';

export type AuthVia = 'bearer' | 'query' | 'cookie';
export interface Auth extends SessionWithSubject {
  via: AuthVia;
}

export interface AppEnv {
  Bindings: Cloudflare.Env;
  Variables: {
    db: Db;
    config: Config;
    auth: Auth | null;
  };
}
