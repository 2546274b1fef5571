import { layers as protomapsLayers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';
import { outlineMaxZoom, outlineTilesPath, regionTilesPath, type MapScheme } from '../contracts/map';
import type { RegionArchive } from './region';

/** The base map's colours, close to the app's own palette: a pale sea and paper land by day, slate at night. */
const palettes = {
  light: { water: '#cddfe9', land: '#f4f3ee', border: '#9d9aae', river: '#a9c9dd' },
  dark: { water: '#1c2634', land: '#283344', border: '#66748c', river: '#31506b' },
} satisfies Record<MapScheme, Record<string, string>>;

const naturalEarth = '<a href="https://www.naturalearthdata.com/">Natural Earth</a>';
const openStreetMap =
  '© <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors, <a href="https://protomaps.com">Protomaps</a>';

/** Land, lakes, rivers and national borders of the bundled outlines, drawn thinner where the world is small. */
function outlineLayers(scheme: MapScheme): LayerSpecification[] {
  const colour = palettes[scheme];
  const source = 'outlines';
  const byZoom = (low: number, high: number) => ['interpolate', ['linear'], ['zoom'], 2, low, 8, high] as never;
  return [
    { id: 'background', type: 'background', paint: { 'background-color': colour.water } },
    { id: 'land', type: 'fill', source, 'source-layer': 'land', paint: { 'fill-color': colour.land } },
    { id: 'lake', type: 'fill', source, 'source-layer': 'lake', paint: { 'fill-color': colour.water } },
    { id: 'river', type: 'line', source, 'source-layer': 'river', paint: { 'line-color': colour.river, 'line-width': byZoom(0.4, 1.6) } },
    {
      id: 'border',
      type: 'line',
      source,
      'source-layer': 'border',
      paint: { 'line-color': colour.border, 'line-width': byZoom(0.5, 1.4), 'line-dasharray': [3, 2] },
    },
  ];
}

/**
 * A colour scheme's MapLibre style, every URL in it on `origin`: the bundled outlines everywhere, and over them,
 * within its bounds, the regional archive's streets, water and land use when one is installed. No labels: text
 * would need glyphs (fonts cut into signed-distance PBFs), and the stations are named by their popups and cards.
 */
export function mapStyle(scheme: MapScheme, origin: string, region: RegionArchive | null): StyleSpecification {
  const style: StyleSpecification = {
    version: 8,
    name: `Hladina ${scheme}`,
    sources: {
      outlines: {
        type: 'vector',
        tiles: [origin + outlineTilesPath],
        minzoom: 0,
        maxzoom: outlineMaxZoom,
        attribution: naturalEarth,
      },
    },
    layers: outlineLayers(scheme),
  };
  if (!region) return style;
  const colour = palettes[scheme];
  const flavor = { ...namedFlavor(scheme), background: colour.water, earth: colour.land, water: colour.water };
  style.sources.region = {
    type: 'vector',
    tiles: [`${origin}${regionTilesPath}?v=${encodeURIComponent(region.version)}`],
    minzoom: region.minZoom,
    maxzoom: region.maxZoom,
    bounds: region.bounds,
    attribution: openStreetMap,
  };
  // Protomaps' background would hide the outlines beyond the region's bounds.
  style.layers.push(...protomapsLayers('region', flavor).filter((layer) => layer.type !== 'background'));
  return style;
}
