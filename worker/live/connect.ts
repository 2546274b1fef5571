import { watchHeader, type WatchedStation, type WatchRequest } from './watcher';
import { watcherOf } from './directory';

/**
 * Hands a page's WebSocket upgrade to its subject's watcher. A page watching everything first refreshes the
 * watcher's list of the subject's stations, which may be too long for a header.
 */
export async function connectToWatcher(env: Cloudflare.Env, request: Request, watch: WatchRequest, visible: WatchedStation[]) {
  const watcher = watcherOf(env, watch.subjectId);
  if (watch.stations === null) await watcher.setVisible(visible);
  const headers = new Headers(request.headers);
  headers.set(watchHeader, JSON.stringify(watch));
  return watcher.fetch(new Request(request.url, { headers }));
}
