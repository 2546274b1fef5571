/** The live watcher of a subject: every open page of that subject connects to it. */
export const watcherOf = (env: Cloudflare.Env, subjectId: number) => env.LIVE.get(env.LIVE.idFromName(`subject:${subjectId}`));
