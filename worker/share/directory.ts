/**
 * The object of a share link, named by its secret's hash: the Worker finds it from the URL alone, without asking
 * D1. Typed by the binding (worker-configuration.d.ts), so nothing here imports the object's class.
 */
export const shareLinkOf = (env: Cloudflare.Env, secretHash: string) => env.SHARE.get(env.SHARE.idFromName(`share:${secretHash}`));
