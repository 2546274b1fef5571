import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import { createWorker } from '../worker';
import { paraglideMiddleware } from './paraglide/server';

const renderApp = createStartHandler(defaultStreamHandler);

// The locale comes from the request's cookie for the whole render, so the server speaks the user's language.
export default createWorker((request) => paraglideMiddleware(request, () => renderApp(request)));
export { StationCore } from '../worker/station/station-core';
export { LiveWatcher } from '../worker/live/watcher';
export { RollupRunner } from '../worker/station/rollup-runner';
