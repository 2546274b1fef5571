import { env, exports } from 'cloudflare:workers';
import type { StyleSpecification } from 'maplibre-gl';
import { afterEach, describe, expect, it } from 'vitest';
import { regionKey } from '../../worker/map/region';
import { origin } from '../support/api';
import { regionArchive, regionBounds } from '../support/region-archive';

const fetchMap = (path: string) => exports.default.fetch(new Request(`${origin}${path}`));
const styleOf = async (scheme: string) => (await (await fetchMap(`/map/style/${scheme}.json`)).json()) as StyleSpecification;

/** Every URL a style names: its sources' tiles, glyphs and sprites. */
const urlsOf = (style: StyleSpecification) => [
  ...Object.values(style.sources).flatMap((source) => ('tiles' in source ? (source.tiles ?? []) : [])),
  ...(style.glyphs ? [style.glyphs] : []),
  ...(typeof style.sprite === 'string' ? [style.sprite] : []),
];

afterEach(() => env.MAP_TILES.delete(regionKey));

describe('the bundled base map', () => {
  it('has a light and a dark style whose every address is on this origin, with no labels (no glyphs)', async () => {
    const [light, dark] = [await styleOf('light'), await styleOf('dark')];
    for (const style of [light, dark]) {
      expect(Object.keys(style.sources)).toEqual(['outlines']);
      expect(urlsOf(style)).toEqual([`${origin}/map/base/{z}/{x}/{y}.mvt`]);
      expect(style.layers.map((l) => l.type)).not.toContain('symbol');
    }
    const background = (style: StyleSpecification) => style.layers.find((l) => l.type === 'background')!.paint;
    expect(background(light)).not.toEqual(background(dark));
    expect((await fetchMap('/map/style/sepia.json')).status).toBe(404);
  });

  it('answers the outline tiles the build left out, as empty, and refuses addresses that name no tile', async () => {
    const empty = await fetchMap('/map/base/6/0/0.mvt');
    expect(empty.status).toBe(204);
    expect(empty.headers.get('cache-control')).toBe('public, max-age=86400');
    for (const path of ['/map/base/7/0/0.mvt', '/map/base/2/4/0.mvt', '/map/base/2/0/4.mvt', '/map/base/a/0/0.mvt'])
      expect((await fetchMap(path)).status, path).toBe(404);
  });
});

describe("a deployment's regional archive", () => {
  it('is drawn over the outlines within its bounds, its tiles read through the Worker by range', async () => {
    const { archive, tiles } = await regionArchive();
    await env.MAP_TILES.put(regionKey, archive);
    const style = await styleOf('light');
    const { version } = { version: (await env.MAP_TILES.head(regionKey))!.etag };
    expect(style.sources.region).toMatchObject({
      type: 'vector',
      tiles: [`${origin}/map/tiles/{z}/{x}/{y}.mvt?v=${version}`],
      minzoom: 5,
      maxzoom: 8,
      attribution: expect.stringContaining('OpenStreetMap'),
    });
    const bounds = (style.sources.region as { bounds: number[] }).bounds;
    bounds.forEach((edge, i) => expect(edge).toBeCloseTo(regionBounds[i], 6));
    // Protomaps' layers come after the outlines, without a background of their own that would hide them.
    expect(style.layers.filter((l) => l.type === 'background').map((l) => l.id)).toEqual(['background']);
    expect(style.layers.some((l) => 'source' in l && l.source === 'region' && l['source-layer'] === 'water')).toBe(true);
    expect(style.layers.map((l) => l.type)).not.toContain('symbol');
    expect(urlsOf(style).every((url) => url.startsWith(`${origin}/map/`))).toBe(true);

    for (const [key, data] of tiles) {
      const reply = await fetchMap(`/map/tiles/${key}.mvt?v=${version}`);
      expect(reply.status, key).toBe(200);
      expect(reply.headers.get('content-type')).toBe('application/vnd.mapbox-vector-tile');
      expect(new Uint8Array(await reply.arrayBuffer()), key).toEqual(data);
    }
    // Inside the archive's zooms but outside its bounds, and beyond its zooms: empty.
    expect((await fetchMap('/map/tiles/8/0/0.mvt')).status).toBe(204);
    expect((await fetchMap('/map/tiles/12/2240/1400.mvt')).status).toBe(204);
    expect((await fetchMap('/map/tiles/8/300/0.mvt')).status).toBe(404);
  });

  it('a replaced archive changes the style (and its tile addresses); a removed one leaves the outlines', async () => {
    await env.MAP_TILES.put(regionKey, (await regionArchive()).archive);
    const before = (await styleOf('dark')).sources.region as { tiles: string[]; maxzoom: number };
    await env.MAP_TILES.put(regionKey, (await regionArchive({ minZoom: 4, maxZoom: 6 })).archive);
    const after = (await styleOf('dark')).sources.region as { tiles: string[]; minzoom: number; maxzoom: number };
    expect([after.minzoom, after.maxzoom]).toEqual([4, 6]);
    expect(after.tiles).not.toEqual(before.tiles);
    await env.MAP_TILES.delete(regionKey);
    expect(Object.keys((await styleOf('dark')).sources)).toEqual(['outlines']);
    expect((await fetchMap('/map/tiles/5/17/10.mvt')).status).toBe(404);
  });
});
