import { lazy } from 'react';

/** lightweight-charts draws on a canvas in the browser: loaded on the client only, when a chart shows. */
export const LazyReadingChart = import.meta.env.SSR ? () => null : lazy(() => import('./reading-chart'));
