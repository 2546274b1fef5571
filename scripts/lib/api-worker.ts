/**
 * The Worker without the React app: the real `/rest` API, cron and station objects. Scripts that only talk to the
 * API (dev seed, benchmarks) serve it with `wrangler dev` against the same wrangler.toml, so its objects and
 * D1 are the app's own.
 */
import { createWorker } from '../../worker';

export default createWorker(() => new Response('This Worker serves /rest only.', { status: 404 }));
export { StationCore } from '../../worker/station/object';
export { LiveWatcher } from '../../worker/objects/live-watcher';
export { CronRunner } from '../../worker/objects/cron-runner';
export { ShareLink } from '../../worker/objects/share-link';
