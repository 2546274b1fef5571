import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import { gzipped, writeArchive } from '../../scripts/lib/pmtiles-write';

/** Around Brno: the tiny region the tests' archive covers. */
export const regionBounds: [number, number, number, number] = [16.5, 49.1, 16.7, 49.3];

const tileOf = (lon: number, lat: number, z: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  const n = 2 ** z;
  return [Math.floor(((lon + 180) / 360) * n), Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n)];
};

const polygon = (west: number, south: number, east: number, north: number) => ({
  type: 'Feature' as const,
  properties: { kind: 'earth' },
  geometry: {
    type: 'Polygon' as const,
    coordinates: [
      [
        [west, south],
        [east, south],
        [east, north],
        [west, north],
        [west, south],
      ],
    ],
  },
});

/**
 * A regional archive made in the test, nothing downloaded: Protomaps' `earth` and `water` layers over `regionBounds`
 * from `minZoom` to `maxZoom`. Also gives each tile as MVT, to compare what the Worker serves with.
 */
export async function regionArchive({ minZoom = 5, maxZoom = 8 } = {}) {
  const [west, south, east, north] = regionBounds;
  const layers = {
    earth: new GeoJSONVT({ type: 'FeatureCollection', features: [polygon(west, south, east, north)] }, { maxZoom }),
    water: new GeoJSONVT({ type: 'FeatureCollection', features: [polygon(16.55, 49.2, 16.6, 49.25)] }, { maxZoom }),
  };
  const tiles = new Map<string, Uint8Array>();
  for (let z = minZoom; z <= maxZoom; z++) {
    const [x0, y0] = tileOf(west, north, z);
    const [x1, y1] = tileOf(east, south, z);
    for (let x = x0; x <= x1; x++)
      for (let y = y0; y <= y1; y++) {
        const found = Object.fromEntries(
          Object.entries(layers).flatMap(([name, index]) => (index.getTile(z, x, y) ? [[name, index.getTile(z, x, y)!]] : [])),
        );
        tiles.set(`${z}/${x}/${y}`, fromGeojsonVt(found, { version: 2, extent: 4096 }));
      }
  }
  const archive = await writeArchive(
    await Promise.all(
      [...tiles].map(async ([key, data]) => {
        const [z, x, y] = key.split('/').map(Number);
        return { z, x, y, data: await gzipped(data) };
      }),
    ),
    { bounds: regionBounds, attribution: 'test' },
  );
  return { archive, tiles };
}
