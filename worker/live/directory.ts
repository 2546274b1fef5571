import type { LiveWatcher } from './watcher';

/** The live watcher of a subject: every open page of that subject connects to it. */
export const watcherOf = (env: Cloudflare.Env, subjectId: number): DurableObjectStub<LiveWatcher> =>
  env.LIVE.get(env.LIVE.idFromName(`subject:${subjectId}`));
