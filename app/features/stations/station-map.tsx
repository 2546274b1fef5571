import 'maplibre-gl/dist/maplibre-gl.css';
import { LngLatBounds, Map as MapLibre, Marker, setWorkerUrl, type StyleSpecification } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useNavigate } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';
import type { ItemRow } from '../../../worker/contracts/items';
import { EmptyState } from '~/components/states';
import { m } from '~/paraglide/messages';
import { mapStyleUrls } from './map-style';
import { chartLink } from './station-card';

setWorkerUrl(workerUrl);

// Tiles come from outside; without a configured style (and offline, as in tests) the markers sit on a plain
// background rather than on a map that never loads.
const plainStyle: StyleSpecification = {
  version: 8,
  sources: {},
  layers: [{ id: 'background', type: 'background', paint: { 'background-color': '#dbe7ee' } }],
};
const styleUrl = mapStyleUrls.light;

/** SPEC §9: a single station is shown at zoom 16. */
const singleStationZoom = 16;

type Located = ItemRow & { location_x: number; location_y: number };
const isLocated = (item: ItemRow): item is Located => item.location_x !== null && item.location_y !== null;

/** All the subject's stations as markers; a marker opens that station's charts. */
export default function StationMap({ items }: { items: ItemRow[] }) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();

  useEffect(() => {
    const located = items.filter(isLocated);
    if (!container.current || located.length === 0) return;
    const map = new MapLibre({
      container: container.current,
      style: styleUrl ?? plainStyle,
      center: [located[0].location_y, located[0].location_x],
      zoom: singleStationZoom,
      attributionControl: styleUrl ? undefined : false,
    });
    for (const item of located) {
      const marker = new Marker({ color: item.name_for_api === 'DANES' ? '#2563eb' : '#0d9488' })
        .setLngLat([item.location_y, item.location_x])
        .addTo(map);
      const element = marker.getElement();
      element.setAttribute('role', 'link');
      element.setAttribute('tabindex', '0');
      element.setAttribute('aria-label', m.stations_open_charts({ name: item.name }));
      element.title = item.name;
      element.dataset.station = item.unique_id;
      element.style.cursor = 'pointer';
      const open = () => void navigate(chartLink(item));
      element.addEventListener('click', open);
      element.addEventListener('keydown', (event) => {
        if (event.key === 'Enter') open();
      });
    }
    if (located.length > 1) {
      const bounds = new LngLatBounds();
      for (const item of located) bounds.extend([item.location_y, item.location_x]);
      map.fitBounds(bounds, { padding: 48, maxZoom: singleStationZoom, animate: false });
    }
    return () => map.remove();
  }, [items, navigate]);

  if (!items.some(isLocated)) return <EmptyState title={m.stations_map_no_locations()} />;
  return <div ref={container} role="region" aria-label={m.stations_map_label()} className="h-[360px] w-full overflow-hidden rounded-xl border md:h-[800px]" />;
}
