import { ClientOnly } from '@tanstack/react-router';
import { lazy, Suspense } from 'react';
import { Skeleton } from '~/components/ui/skeleton';
import { stationMapHeight } from './map-height';
import type { StationMapProps } from './station-map';

/** maplibre is large and needs a browser: its chunk loads only on the client, and only where the map shows. */
const StationMap = import.meta.env.SSR ? () => null : lazy(() => import('./station-map'));

const placeholder = <Skeleton className={`w-full rounded-xl ${stationMapHeight}`} data-testid="map-skeleton" />;

/** The station map where a page wants it: server and hydration show a placeholder of its size, the browser the map. */
export function LazyStationMap(props: StationMapProps) {
  return (
    <ClientOnly fallback={placeholder}>
      <Suspense fallback={placeholder}>
        <StationMap {...props} />
      </Suspense>
    </ClientOnly>
  );
}

/** The placeholder alone, for a page's skeleton. */
export const MapSkeleton = () => placeholder;
