import { readConfig, type Config } from './config';
import { createDb, type Db } from './db/client';
import type { Subject } from './db/schema';

/** Work a verb leaves for after the reply (mails, notifications): the runtime keeps the request alive for it. */
export type Defer = (work: Promise<unknown>) => void;

/** What every domain verb is given: the database, the bindings, the parsed config, and a way to defer work. */
export interface Ctx {
  db: Db;
  env: Cloudflare.Env;
  config: Config;
  defer: Defer;
}

/** A verb called for a signed-in subject: what it may see and do is scoped by `subject`. */
export interface SubjectCtx extends Ctx {
  subject: Subject;
}

// The database client and the parsed config depend on the bindings only: built once per isolate and env, not per request.
const shared = new WeakMap<Cloudflare.Env, Pick<Ctx, 'db' | 'config'>>();

/** The context of an invocation (a request, an object, the cron, a server function). */
export function contextOf(env: Cloudflare.Env, defer: Defer): Ctx {
  let known = shared.get(env);
  if (!known) shared.set(env, (known = { db: createDb(env.DB), config: readConfig(env) }));
  return { ...known, env, defer };
}
