/** The station object of a station, named by its D1 id (stable when the unique id is edited). */
export const stationOf = (env: Cloudflare.Env, itemId: number) => env.STATION.get(env.STATION.idFromName(`item:${itemId}`));
