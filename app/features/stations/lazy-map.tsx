import { lazy } from 'react';

/** maplibre is large and needs a browser: its chunk loads only on the client, and only where the map shows. */
export const LazyStationMap = import.meta.env.SSR ? () => null : lazy(() => import('./station-map'));
