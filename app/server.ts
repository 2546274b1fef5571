import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import { createWorker } from '../worker';
import { mapOrigins } from './features/stations/map-style';
import { paraglideMiddleware } from './paraglide/server';

const renderApp = createStartHandler(defaultStreamHandler);

// The locale comes from the request's cookie for the whole render, so the server speaks the user's language;
// the nonce reaches the router through the request context (see the root route).
export default createWorker(
  (request, nonce) => paraglideMiddleware(request, () => renderApp(request, { context: { nonce } })),
  mapOrigins(),
);
export { LiveHub } from '../worker/live/hub';

declare module '@tanstack/react-start' {
  interface Register {
    server: { requestContext: { nonce: string } };
  }
}
