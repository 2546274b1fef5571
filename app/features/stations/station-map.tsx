import 'maplibre-gl/dist/maplibre-gl.css';
import '~/features/map/station-map.css';
import { Map as MapLibre, NavigationControl, setWorkerUrl } from 'maplibre-gl';
import workerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import { useNavigate, useRouter, type NavigateOptions } from '@tanstack/react-router';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { Severity } from '../../../worker/contracts/alarm-kinds';
import type { StationFace } from '../../../worker/contracts/items';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { EmptyState } from '~/components/states';
import { BaseMap, plainStyle, type BaseMapStatus } from '~/features/map/base-map';
import { BaseMapUnavailable, MapLegend } from '~/features/map/map-overlays';
import { placesKey, stationBounds, stationFeatures, type MarkerLevel, type StationCollection } from '~/features/map/station-features';
import { StationMarkers, withStations } from '~/features/map/station-markers';
import { useDarkScheme } from '~/features/map/use-dark-scheme';
import { highestLevel, levelName } from '~/features/warning/level-text';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { stationMapHeight } from './map-height';
import { chartLink } from './station-card';
import type { StationState } from './status';

setWorkerUrl(workerUrl);

/** Each station's highest warning level reached, as its marker shows it. */
function markerLevels(levels: ReadonlyMap<string, readonly LevelStanding[]>) {
  const found = new Map<string, MarkerLevel>();
  for (const [id, standings] of levels) {
    const highest = highestLevel(standings);
    if (highest) found.set(id, { rank: highest.level.rank, name: levelName(highest.level), color: highest.level.color });
  }
  return found;
}

/** SPEC §9: a single station is shown at zoom 16. */
const singleStationZoom = 16;
/** Room around the stations when the map fits them, so no marker sits on the edge or under a control. */
const fitPadding = 48;

export interface StationMapProps {
  items: StationFace[];
  /** Where a station's popup leads: its signed-in charts page unless given. */
  linkTo?: (item: StationFace) => NavigateOptions;
  /** More classes for the map's frame; its height is its own (`stationMapHeight`, as its placeholder's). */
  className?: string;
  /** What the map is called for screen readers: "Map of your stations" unless given. */
  label?: string;
  /** Each station's state (by unique_id), as the dashboard judged it; without them markers show no state. */
  states?: ReadonlyMap<string, StationState>;
  /** Each station's worst open alarm (by unique_id): a ring round its marker, a dot on its cluster. */
  alarms?: ReadonlyMap<string, Severity>;
  /** Each station's warning levels (by unique_id): the number of the highest one reached on a tag in its colour. */
  levels?: ReadonlyMap<string, readonly LevelStanding[]>;
  /** The chosen station (chosen here or in a list): the map highlights it, brings it into view and opens its popup. */
  selected?: string | null;
  /** A station pointed at elsewhere: the map highlights it (or the cluster holding it). */
  hovered?: string | null;
  /** A station's marker was activated (its id), or its popup closed (null). */
  onSelect?: (id: string | null) => void;
  /** The pointer or keyboard focus entered a station's marker (its id) or left it (null). */
  onHover?: (id: string | null) => void;
}

/** MapLibre's own texts (canvas label, zoom buttons, gesture hints, credits button) in the page's language. */
const mapTexts = () => ({
  'Map.Title': m.map_title(),
  'NavigationControl.ZoomIn': m.map_zoom_in(),
  'NavigationControl.ZoomOut': m.map_zoom_out(),
  'AttributionControl.ToggleAttribution': m.map_attribution(),
  'CooperativeGesturesHandler.WindowsHelpText': m.map_gesture_ctrl(),
  'CooperativeGesturesHandler.MacHelpText': m.map_gesture_mac(),
  'CooperativeGesturesHandler.MobileHelpText': m.map_gesture_touch(),
});

function fitStations(map: MapLibre, collection: StationCollection) {
  const bounds = stationBounds(collection);
  if (!bounds) return;
  if (collection.features.length === 1) map.jumpTo({ center: bounds[0], zoom: singleStationZoom });
  else map.fitBounds(bounds, { padding: fitPadding, maxZoom: singleStationZoom, animate: false });
}

interface View {
  map: MapLibre;
  markers: StationMarkers;
  base: BaseMap;
  places: string;
}

/**
 * The subject's stations on a base map: clusters where they crowd, a colour (and shape) per state; a marker
 * chooses its station, whose popup leads to its charts. All map work happens in MapLibre and plain DOM; React
 * only passes props in.
 */
export default function StationMap({
  items,
  linkTo = chartLink,
  className,
  label,
  states,
  alarms,
  levels,
  selected = null,
  hovered = null,
  onSelect,
  onHover,
}: StationMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const navigate = useNavigate();
  const router = useRouter();
  const dark = useDarkScheme();
  const [baseMap, setBaseMap] = useState<BaseMapStatus>('loading');
  const collection = useMemo(
    () => stationFeatures(items, (item) => states?.get(item.unique_id) ?? 'unknown', alarms, levels && markerLevels(levels)),
    [items, states, alarms, levels],
  );
  const located = collection.features.length > 0;
  const view = useRef<View | null>(null);
  // The map is built once; its handlers read the newest props through this.
  const latest = useRef({ items, linkTo, collection, dark, onSelect, onHover });
  useEffect(() => {
    latest.current = { items, linkTo, collection, dark, onSelect, onHover };
  });

  useEffect(() => {
    if (!container.current || !located) return;
    const { collection, dark } = latest.current;
    const itemOf = (id: string) => latest.current.items.find((item) => item.unique_id === id)!;
    const map = new MapLibre({
      container: container.current,
      style: withStations(plainStyle(dark), collection),
      locale: mapTexts(),
      // Inside a scrolling page the wheel and one finger scroll the page; Ctrl + wheel and two fingers move the map.
      cooperativeGestures: true,
      dragRotate: false,
      pitchWithRotate: false,
      touchPitch: false,
    });
    map.touchZoomRotate.disableRotation();
    map.keyboard.disableRotation();
    map.addControl(new NavigationControl({ showCompass: false }), 'top-right');
    fitStations(map, collection);
    const markers = new StationMarkers(map, collection, {
      href: (id) => router.buildLocation(latest.current.linkTo(itemOf(id))).href,
      open: (id) => void navigate(latest.current.linkTo(itemOf(id))),
      select: (id) => latest.current.onSelect?.(id),
      hover: (id) => latest.current.onHover?.(id),
    });
    const base = new BaseMap(map, (style) => withStations(style, markers.collection), setBaseMap, dark);
    view.current = { map, markers, base, places: placesKey(collection) };
    return () => {
      markers.destroy();
      base.destroy();
      map.remove();
      view.current = null;
    };
  }, [located, navigate, router]);

  useEffect(() => {
    const current = view.current;
    if (!current || current.markers.collection === collection) return;
    current.markers.setData(collection);
    // Live readings only change states; the view is fitted again only when stations come, go or move.
    const places = placesKey(collection);
    if (places !== current.places) fitStations(current.map, collection);
    current.places = places;
  }, [collection]);

  useEffect(() => view.current?.base.show(dark), [dark]);
  useEffect(() => view.current?.markers.highlight(selected, hovered), [selected, hovered, collection]);
  useEffect(() => {
    if (selected) view.current?.markers.reveal(selected);
  }, [selected]);

  if (!located) return <EmptyState title={m.stations_map_no_locations()} />;
  return (
    <div
      role="region"
      aria-label={label ?? m.stations_map_label()}
      data-base-map={baseMap}
      className={cn('station-map relative w-full overflow-hidden rounded-xl border', stationMapHeight, className)}
    >
      <div ref={container} className="h-full w-full" />
      {states && <MapLegend alarms={!!alarms?.size} />}
      {baseMap === 'unavailable' && <BaseMapUnavailable />}
    </div>
  );
}
