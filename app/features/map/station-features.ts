// maplibre-gl's own GeoJSON types (@types/geojson is one of its dependencies).
import type { Feature, FeatureCollection, Point } from 'geojson';
import type { Severity } from '../../../worker/contracts/alarm-kinds';
import type { StationFace } from '../../../worker/contracts/items';
import type { StationState } from '~/features/stations/status';

/** A marker's state: the station's, or unknown when the map was given no readings to judge by. */
export type MarkerState = StationState | 'unknown';
export const markerStates: readonly MarkerState[] = ['fresh', 'stale', 'low_voltage', 'unknown'];

export interface StationProperties {
  id: string;
  name: string;
  state: MarkerState;
  /** The worst severity of the station's open alarms; absent when none is open. */
  alarm?: Severity;
  /** The warning level the station stands at (its highest reached); absent below every level. */
  level?: MarkerLevel;
}
/** A warning level as a marker shows it. */
export interface MarkerLevel {
  rank: number;
  name: string;
  color: string;
}
export type StationFeature = Feature<Point, StationProperties>;
export type StationCollection = FeatureCollection<Point, StationProperties>;

type Located = StationFace & { location_x: number; location_y: number };
export const isLocated = (item: StationFace): item is Located => item.location_x !== null && item.location_y !== null;

/** The stations that have coordinates as GeoJSON points (items keep latitude in location_x, GeoJSON wants longitude first). */
export function stationFeatures<S extends StationFace>(
  items: S[],
  stateOf: (item: S) => MarkerState,
  alarms?: ReadonlyMap<string, Severity>,
  levels?: ReadonlyMap<string, MarkerLevel>,
): StationCollection {
  return {
    type: 'FeatureCollection',
    features: items
      .filter((item): item is S & Located => isLocated(item))
      .map((item) => ({
        type: 'Feature',
        geometry: { type: 'Point', coordinates: [item.location_y, item.location_x] },
        properties: {
          id: item.unique_id,
          name: item.name,
          state: stateOf(item),
          alarm: alarms?.get(item.unique_id),
          level: levels?.get(item.unique_id),
        },
      })),
  };
}

/** Per-state counts every cluster carries (MapLibre sums them), so its marker shows the mix without asking for its leaves. */
export const clusterStateCounts = Object.fromEntries(
  markerStates.map((state) => [state, ['+', ['case', ['==', ['get', 'state'], state], 1, 0]]]),
) as Record<MarkerState, [unknown, unknown]>;

export type StateCounts = Record<MarkerState, number>;

/** Severities by rank, so a cluster can carry its worst as a number (MapLibre aggregates numbers). */
const alarmRanks = [undefined, 'warning', 'critical'] as const;
/** A cluster's worst open alarm: the highest rank among its stations (0 for none). */
export const clusterWorstAlarm = ['max', ['match', ['get', 'alarm'], 'critical', 2, 'warning', 1, 0]] as const;
export const alarmOfRank = (rank: unknown): Severity | undefined => alarmRanks[Number(rank)] ?? undefined;

/**
 * A key that changes only when stations come, go or move: the map fits its view to them again then, and not
 * when live readings merely change a state.
 */
export const placesKey = (collection: StationCollection) =>
  collection.features.map((f) => `${f.properties.id}@${f.geometry.coordinates.join(',')}`).join('|');

/** South-west and north-east corners around every station, or null when there is none. */
export function stationBounds(collection: StationCollection): [[number, number], [number, number]] | null {
  if (!collection.features.length) return null;
  const lngs = collection.features.map((f) => f.geometry.coordinates[0]);
  const lats = collection.features.map((f) => f.geometry.coordinates[1]);
  return [
    [Math.min(...lngs), Math.min(...lats)],
    [Math.max(...lngs), Math.max(...lats)],
  ];
}

/** Web Mercator position in world units (0…1 across the world at zoom 0). */
const mercator = ([lng, lat]: number[]) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  return [lng / 360 + 0.5, 0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)];
};

/**
 * The zoom from which a station lies at least `radiusPx` screen pixels from its nearest neighbour, which is
 * about where clustering stops swallowing it (MapLibre's world is `tileSize` pixels wide at zoom 0).
 * 0 for a lone station; Infinity when another one stands on the same spot.
 */
export function separationZoom(collection: StationCollection, id: string, radiusPx: number, tileSize = 512): number {
  const station = collection.features.find((f) => f.properties.id === id);
  if (!station) return 0;
  const [x, y] = mercator(station.geometry.coordinates);
  let nearest = Infinity;
  for (const other of collection.features) {
    if (other === station) continue;
    const [ox, oy] = mercator(other.geometry.coordinates);
    nearest = Math.min(nearest, Math.hypot(ox - x, oy - y));
  }
  if (nearest === Infinity) return 0;
  return Math.max(0, Math.log2(radiusPx / (nearest * tileSize)));
}
