import type { LiveMessage } from '../contracts/live';

const hubOf = (env: Cloudflare.Env) => env.LIVE_HUB.get(env.LIVE_HUB.idFromName('all-stations'));

/** Hands an accepted batch to the live hub; a failure here must never fail the ingest that already stored it. */
export async function publishReadings(env: Cloudflare.Env, message: Extract<LiveMessage, { type: 'readings' }>) {
  try {
    return await hubOf(env).publish(message.unique_id, message);
  } catch (err) {
    console.error('live publish failed', err);
    return 0;
  }
}

/** Forwards a page's WebSocket upgrade to the hub with the stations it was allowed to watch. */
export function connectToHub(env: Cloudflare.Env, request: Request, subjectId: number, stations: string[]) {
  const headers = new Headers(request.headers);
  headers.set('X-Hladina-Subscription', JSON.stringify({ subjectId, stations }));
  return hubOf(env).fetch(new Request(request.url, { headers }));
}

export const countWatchers = (env: Cloudflare.Env) => hubOf(env).watchers();
