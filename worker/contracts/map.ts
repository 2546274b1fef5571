/**
 * Where the base map comes from: only this deployment's own origin (docs/decisions/0019). The style names the tiles;
 * the app asks only for the style of its colour scheme.
 */
export const mapSchemes = ['light', 'dark'] as const;
export type MapScheme = (typeof mapSchemes)[number];

/** A scheme's MapLibre style, built by the Worker: the regional archive's when one is installed, else the outlines. */
export const mapStyleUrl = (scheme: MapScheme) => `/map/style/${scheme}.json`;

/** The bundled outlines' tiles: static files made at build time (`npm run map:base`), zoom 0 to `outlineMaxZoom`. */
export const outlineTilesPath = '/map/base/{z}/{x}/{y}.mvt';
export const outlineMaxZoom = 6;

/** The regional archive's tiles, read by the Worker from R2. */
export const regionTilesPath = '/map/tiles/{z}/{x}/{y}.mvt';

/** The layers of the outline tiles: land, national borders, lakes and rivers (Natural Earth, 1:50 million). */
export const outlineLayers = ['land', 'border', 'lake', 'river'] as const;
