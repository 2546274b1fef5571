import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import { createWorker } from '../worker';
import { paraglideMiddleware } from './paraglide/server';

const renderApp = createStartHandler(defaultStreamHandler);

/**
 * Fixed <style> texts that libraries insert while running, without the nonce, allowed by their hashes (which
 * tests/e2e/security-headers.test.ts recomputes from the installed packages): sonner's toast stylesheet (its
 * element is added empty first), the lightweight-charts attribution logo's and Radix Select's viewport rule.
 */
const libraryStyleHashes = [
  'sha256-StEaX+se6YS7pqjzrzMIA0KaX9zF/8zAhvQXZAe5epY=',
  'sha256-47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=',
  'sha256-3pRED1tOXas1FXFoPb9TGCjmYe9XQsmO9OV23khV2nY=',
  'sha256-441zG27rExd4/il+NvIqyL8zFx5XmyNQtE381kSkUJk=',
];

// The locale comes from the request's cookie for the whole render, so the server speaks the user's language;
// the nonce reaches the router through the request context (see the root route).
export default createWorker((request, nonce) => paraglideMiddleware(request, () => renderApp(request, { context: { nonce } })), {
  styleHashes: libraryStyleHashes,
});
export { StationCore } from '../worker/station/object';
export { LiveWatcher } from '../worker/objects/live-watcher';
export { CronRunner } from '../worker/objects/cron-runner';
export { ShareLink } from '../worker/objects/share-link';

declare module '@tanstack/react-start' {
  interface Register {
    server: { requestContext: { nonce: string } };
  }
}
