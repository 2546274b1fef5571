import { createStartHandler, defaultStreamHandler } from '@tanstack/react-start/server';
import { createWorker } from '../worker';

const renderApp = createStartHandler(defaultStreamHandler);

export default createWorker((request) => renderApp(request));
