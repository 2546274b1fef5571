import type { Point } from 'geojson';
import {
  Marker,
  type GeoJSONSource,
  type LngLatLike,
  type Map as MapLibre,
  type MapSourceDataEvent,
  type StyleSpecification,
} from 'maplibre-gl';
import type { Severity } from '../../../worker/contracts/alarm-kinds';
import { alarmName, clusterLabel, clusterRing, levelLabel, stateName, stationLabel } from './marker-look';
import {
  alarmOfRank,
  clusterStateCounts,
  clusterWorstAlarm,
  markerStates,
  separationZoom,
  type MarkerLevel,
  type StationCollection,
  type StationFeature,
  type StateCounts,
} from './station-features';
import { StationPopup } from './station-popup';
import { textOn } from '~/features/warning/level-text';

export const stationsSource = 'stations';
/** Markers nearer each other than this (in screen pixels) merge into a cluster. */
export const clusterRadius = 44;
/** Above this zoom every station stands alone. */
export const clusterMaxZoom = 13;
/** While the map moves, the markers follow the clusters at most this often (the rest is MapLibre's own positioning). */
const moveUpdateMs = 120;

export interface MarkerHandlers {
  /** The station's charts address, for the link in its popup. */
  href(id: string): string;
  /** The popup's link to the station's charts was followed. */
  open(id: string): void;
  /** A station was chosen on the map (its marker activated: `id`) or let go (its popup closed: null). */
  select(id: string | null): void;
  hover(id: string | null): void;
}

/**
 * Adds the stations to a style as a clustered GeoJSON source. Its one layer draws nothing: it only makes
 * MapLibre cut the source into tiles, whose clusters and stations the DOM markers below then show. DOM markers
 * stay keyboard reachable and need no glyphs for their counts (symbol text would need fonts from the network).
 */
export const withStations = (style: StyleSpecification, collection: StationCollection): StyleSpecification => ({
  ...style,
  sources: {
    ...style.sources,
    [stationsSource]: {
      type: 'geojson',
      data: collection,
      cluster: true,
      clusterRadius,
      clusterMaxZoom,
      clusterProperties: { ...clusterStateCounts, alarm: clusterWorstAlarm },
    },
  },
  layers: [
    ...style.layers.filter((layer) => layer.id !== stationsSource),
    { id: stationsSource, type: 'circle', source: stationsSource, paint: { 'circle-radius': 0, 'circle-opacity': 0 } },
  ],
});

type Key = `station:${string}` | `cluster:${number}`;

/**
 * One DOM marker per cluster or lone station in view, never one per station: with 500 stations a view holds a
 * few dozen elements. Markers are plain DOM kept by this class, so moving the map costs React nothing.
 */
export class StationMarkers {
  private shown = new Map<Key, Marker>();
  private byId = new Map<string, StationFeature>();
  /** Stations inside each cluster, asked for only while a station to highlight hides in one. */
  private leaves = new Map<number, Set<string>>();
  private version = 0;
  private selected: string | null = null;
  private hovered: string | null = null;
  private pending?: ReturnType<typeof setTimeout>;
  private popup: StationPopup;

  constructor(
    private map: MapLibre,
    public collection: StationCollection,
    private handlers: MarkerHandlers,
  ) {
    this.index(collection);
    this.popup = new StationPopup(map, {
      href: handlers.href,
      open: handlers.open,
      closed: (id, fromKeyboard) => {
        if (fromKeyboard) this.markerOf(id)?.focus();
        handlers.select(null);
      },
    });
    map.on('move', this.updateSoon);
    // Once the stations' own tiles are in, not only when the map is idle: idle waits for every source, and a base map
    // tile that was slow to come held the markers (and a cluster's click) back. Sourcedata can come before the source
    // counts as loaded, so each is checked.
    map.on('sourcedata', this.onSourceData);
    map.on('idle', this.update);
  }

  setData(collection: StationCollection) {
    this.collection = collection;
    this.index(collection);
    this.version++;
    this.leaves.clear();
    void this.source()?.setData(collection);
    // The popup follows its station's state (live readings) and goes with it when it leaves the map.
    const shown = this.popup.station;
    if (shown !== null) this.select(this.byId.has(shown) ? shown : null);
  }

  highlight(selected: string | null, hovered: string | null) {
    this.hovered = hovered;
    if (selected === this.selected) this.applyHighlight();
    else this.select(selected);
  }

  /** Marks a station as chosen and opens its popup (with the keyboard in it, when chosen with the keyboard), or none. */
  private select(id: string | null, focus = false) {
    this.selected = id;
    const station = id === null ? undefined : this.byId.get(id);
    if (station) this.popup.show(station, focus);
    else this.popup.hide();
    this.applyHighlight();
  }

  /** Brings a station into view, close enough that no cluster hides it; a station already on screen stays put. */
  reveal(id: string) {
    const station = this.byId.get(id);
    if (!station) return;
    const at = station.geometry.coordinates as [number, number];
    if (this.shown.has(`station:${id}`) && this.map.getBounds().contains(at)) return;
    // Clusters are made per whole zoom level (the map's zoom rounded down), so only the next whole level is sure to part them.
    const apart = Math.min(clusterMaxZoom + 1, Math.ceil(separationZoom(this.collection, id, clusterRadius) + 0.05));
    this.map.flyTo({ center: at, zoom: Math.max(this.map.getZoom(), apart), essential: true });
  }

  destroy() {
    clearTimeout(this.pending);
    this.popup.hide();
    this.map.off('move', this.updateSoon);
    this.map.off('sourcedata', this.onSourceData);
    this.map.off('idle', this.update);
    for (const marker of this.shown.values()) marker.remove();
    this.shown.clear();
  }

  private index(collection: StationCollection) {
    this.byId = new Map(collection.features.map((f) => [f.properties.id, f]));
  }

  private source = () => this.map.getSource<GeoJSONSource>(stationsSource);

  /** Asked only while the source exists: for a missing one MapLibre fires an error event, which the base map takes as its own failure. */
  private stationsLoaded = () => !!this.source() && this.map.isSourceLoaded(stationsSource);

  private onSourceData = (event: MapSourceDataEvent) => {
    if (event.sourceId === stationsSource && this.stationsLoaded()) this.updateSoon();
  };

  /** Resolves once the stations' tiles are in; the base map's may still be coming. */
  private whenStationsLoaded() {
    return new Promise<void>((resolve) => {
      const check = () => {
        if (!this.stationsLoaded()) return;
        this.map.off('sourcedata', check);
        this.map.off('idle', check);
        resolve();
      };
      this.map.on('sourcedata', check);
      this.map.on('idle', check);
    });
  }

  private updateSoon = () => {
    this.pending ??= setTimeout(this.update, moveUpdateMs);
  };

  /** Makes the DOM markers match the clusters and stations MapLibre has tiled for the current view. */
  private update = () => {
    clearTimeout(this.pending);
    this.pending = undefined;
    if (!this.stationsLoaded()) return;
    const bounds = this.map.getBounds();
    const seen = new Set<Key>();
    for (const feature of this.map.querySourceFeatures(stationsSource)) {
      const properties = feature.properties;
      if (properties.cluster) {
        const key: Key = `cluster:${properties.cluster_id}`;
        const at = (feature.geometry as Point).coordinates as [number, number];
        // Tiles reach beyond the view; a marker out of sight must not take keyboard focus.
        if (seen.has(key) || !bounds.contains(at)) continue;
        seen.add(key);
        const counts = Object.fromEntries(markerStates.map((state) => [state, Number(properties[state] ?? 0)])) as StateCounts;
        this.fillCluster(
          this.place(key, at, () => this.clusterElement(properties.cluster_id, at)),
          counts,
          alarmOfRank(properties.alarm),
        );
      } else {
        const station = this.byId.get(properties.id);
        const key: Key = `station:${properties.id}`;
        // The tiled position is rounded to the tile grid; the station's own coordinates are exact.
        const at = station?.geometry.coordinates as [number, number] | undefined;
        if (!station || !at || seen.has(key) || !bounds.contains(at)) continue;
        seen.add(key);
        this.fillStation(
          this.place(key, at, () => this.stationElement(station.properties.id)),
          station,
        );
      }
    }
    for (const [key, marker] of this.shown) {
      if (seen.has(key)) continue;
      marker.remove();
      this.shown.delete(key);
    }
    this.applyHighlight();
  };

  private place(key: Key, at: LngLatLike, create: () => HTMLElement): HTMLElement {
    const marker = this.shown.get(key);
    if (marker) return marker.setLngLat(at).getElement();
    const created = new Marker({ element: create() }).setLngLat(at).addTo(this.map);
    this.shown.set(key, created);
    return created.getElement();
  }

  private stationElement(id: string) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'station-marker';
    button.dataset.station = id;
    button.appendChild(Object.assign(document.createElement('span'), { className: 'station-marker-dot' }));
    button.addEventListener('click', (event) => {
      // Chosen with the keyboard (no pointer: detail 0), the keyboard moves on into the popup.
      this.select(id, event.detail === 0);
      this.handlers.select(id);
    });
    button.addEventListener('mouseenter', () => this.handlers.hover(id));
    button.addEventListener('focus', () => this.handlers.hover(id));
    button.addEventListener('mouseleave', () => this.handlers.hover(null));
    button.addEventListener('blur', () => this.handlers.hover(null));
    return button;
  }

  private markerOf = (id: string) => this.shown.get(`station:${id}`)?.getElement();

  private fillStation(element: HTMLElement, station: StationFeature) {
    const { name, state, alarm, level } = station.properties;
    const look = `${state}|${alarm}|${name}|${level?.rank}|${level?.color}|${level?.name}`;
    if (element.dataset.look === look) return;
    element.dataset.look = look;
    element.dataset.state = state;
    setAlarm(element, alarm);
    setLevel(element, level);
    element.setAttribute('aria-label', stationLabel(name, state, alarm, level));
    element.title = [name, stateName(state), alarm && alarmName(alarm), level && levelLabel(level)].filter(Boolean).join(' · ');
  }

  private clusterElement(clusterId: number, at: [number, number]) {
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'cluster-marker';
    button.dataset.cluster = String(clusterId);
    const ring = button.appendChild(Object.assign(document.createElement('span'), { className: 'cluster-marker-ring' }));
    ring.appendChild(Object.assign(document.createElement('span'), { className: 'cluster-marker-count' }));
    button.addEventListener('click', (event) => void this.expand(clusterId, at, event.detail === 0));
    return button;
  }

  private fillCluster(element: HTMLElement, counts: StateCounts, alarm: Severity | undefined) {
    const count = markerStates.reduce((sum, state) => sum + counts[state], 0);
    const look = `${markerStates.map((state) => counts[state]).join(',')}|${alarm}`;
    if (element.dataset.look === look) return;
    element.dataset.look = look;
    setAlarm(element, alarm);
    element.dataset.count = String(count);
    element.querySelector('.cluster-marker-count')!.textContent = String(count);
    element.style.setProperty('--ring-states', clusterRing(counts));
    element.style.setProperty('--size', `${Math.round(30 + 5 * Math.log10(count))}px`);
    element.setAttribute('aria-label', clusterLabel(counts, alarm));
  }

  /** Zooms to where the cluster splits; from the keyboard, focus goes to the map, as the cluster's button is gone. */
  private async expand(clusterId: number, at: [number, number], fromKeyboard: boolean) {
    // The stations' source goes with the style while the base map is swapped (as the page opens, or a theme change)
    // and the markers stay: a click then waits for the stations to be back instead of being lost.
    if (!this.stationsLoaded()) await this.whenStationsLoaded();
    // A cluster asked for while live states reload the source is gone from the new index: the click still zooms in.
    const zoom =
      (await this.source()
        ?.getClusterExpansionZoom(clusterId)
        .catch(() => null)) ?? Math.floor(this.map.getZoom()) + 2;
    this.map.easeTo({ center: at, zoom: Math.min(zoom, this.map.getMaxZoom()) });
    if (fromKeyboard) this.map.getCanvas().focus();
  }

  private applyHighlight() {
    const wanted = [this.selected, this.hovered].filter((id): id is string => id !== null);
    for (const [key, marker] of this.shown) {
      const holds = (id: string | null) => id !== null && (key === `station:${id}` || !!this.leaves.get(clusterIdOf(key))?.has(id));
      const element = marker.getElement();
      element.classList.toggle('is-selected', holds(this.selected));
      element.classList.toggle('is-hovered', holds(this.hovered));
      if (key.startsWith('station:')) element.setAttribute('aria-pressed', String(holds(this.selected)));
    }
    if (wanted.some((id) => !this.shown.has(`station:${id}`))) void this.loadLeaves();
  }

  private async loadLeaves() {
    const source = this.source();
    const version = this.version;
    const missing = [...this.shown.keys()].filter((key) => key.startsWith('cluster:') && !this.leaves.has(clusterIdOf(key)));
    if (!source || !missing.length) return;
    await Promise.all(
      missing.map(async (key) => {
        const leaves = await source.getClusterLeaves(clusterIdOf(key), Infinity, 0).catch(() => []);
        if (version === this.version) this.leaves.set(clusterIdOf(key), new Set(leaves.map((leaf) => String(leaf.properties?.id))));
      }),
    );
    if (version === this.version) this.applyHighlight();
  }
}

/** The marker's ring (station) or dot (cluster) in the colour of its worst open alarm. */
const setAlarm = (element: HTMLElement, alarm: Severity | undefined) => {
  if (alarm) element.dataset.alarm = alarm;
  else delete element.dataset.alarm;
};

/** The marker's tag: the number of the warning level it stands at, in the level's colour. */
const setLevel = (element: HTMLElement, level: MarkerLevel | undefined) => {
  element.querySelector('.station-marker-level')?.remove();
  if (!level) {
    delete element.dataset.level;
    return;
  }
  element.dataset.level = String(level.rank);
  const tag = Object.assign(document.createElement('span'), { className: 'station-marker-level', textContent: String(level.rank) });
  tag.setAttribute('aria-hidden', 'true');
  tag.style.backgroundColor = level.color;
  tag.style.color = textOn(level.color);
  element.appendChild(tag);
};

const clusterIdOf = (key: Key) => (key.startsWith('cluster:') ? Number(key.slice('cluster:'.length)) : -1);
