import { Hono, type Context } from 'hono';
import { mapSchemes, outlineMaxZoom, type MapScheme } from '../contracts/map';
import { MissingArchive, regionArchive, regionTile } from './region';
import { mapStyle } from './style';

type MapEnv = { Bindings: Cloudflare.Env };

const vectorTile = 'application/vnd.mapbox-vector-tile';
/** Tiles change only with a new build or a new archive: a day in browsers and shared caches. */
const tileCaching = 'public, max-age=86400';
/** The deepest zoom a PMTiles archive can address. */
const maxArchiveZoom = 26;

/** z, x and y of a tile's address (`…/{z}/{x}/{y}.mvt`), or null when it names no tile at zoom 0 to `maxZoom`. */
function tileOf(c: Context<MapEnv>, maxZoom: number) {
  const [z, x, y] = [c.req.param('z'), c.req.param('x'), (c.req.param('y') ?? '').replace(/\.mvt$/, '')].map(Number);
  const inRange = (n: number, below: number) => Number.isInteger(n) && n >= 0 && n < below;
  return inRange(z, maxZoom + 1) && inRange(x, 2 ** z) && inRange(y, 2 ** z) ? { z, x, y } : null;
}

/** A tile with nothing in it: MapLibre draws an empty tile, where a 404 would be an error. */
const emptyTile = () => new Response(null, { status: 204, headers: { 'Cache-Control': tileCaching } });

/**
 * The base map, all from this origin (docs/decisions/0019): `/map/style/{light|dark}.json`, the outline tiles the
 * build leaves out because nothing is in them (`/map/base/…`, the others are static files), and the regional
 * archive's tiles (`/map/tiles/…`) read from R2 by range and kept in the edge cache.
 */
export const mapRoutes = new Hono<MapEnv>();

mapRoutes.use(async (c, next) => {
  await next();
  c.res.headers.set('X-Content-Type-Options', 'nosniff');
});

mapRoutes.get('/style/:file', async (c) => {
  const scheme = mapSchemes.find((s) => `${s}.json` === c.req.param('file')) as MapScheme | undefined;
  if (!scheme) return c.notFound();
  const style = mapStyle(scheme, new URL(c.req.url).origin, await regionArchive(c.env.MAP_TILES));
  // Short: a regional archive installed or replaced shows within minutes.
  c.header('Cache-Control', 'public, max-age=300');
  return c.json(style);
});

mapRoutes.get('/base/:z/:x/:y{[0-9]+\\.mvt}', (c) => (tileOf(c, outlineMaxZoom) ? emptyTile() : c.notFound()));

mapRoutes.get('/tiles/:z/:x/:y{[0-9]+\\.mvt}', async (c) => {
  const bucket = c.env.MAP_TILES;
  const tile = tileOf(c, maxArchiveZoom);
  if (!bucket || !tile) return c.notFound();
  // Keyed by the whole address, whose `v` names the archive (worker/map/style.ts).
  const cache = await caches.open('map-tiles');
  const cached = await cache.match(c.req.raw);
  if (cached) return cached;
  const data = await regionTile(bucket, tile.z, tile.x, tile.y).catch((error: unknown) => {
    if (error instanceof MissingArchive) return undefined;
    throw error;
  });
  if (data === undefined) return c.notFound();
  if (!data) return emptyTile();
  // Compressed on the way out by the runtime, as the archive's own gzip was undone by the reader.
  const response = new Response(data, {
    headers: { 'Content-Type': vectorTile, 'Content-Encoding': 'gzip', 'Cache-Control': tileCaching },
  });
  c.executionCtx.waitUntil(cache.put(c.req.raw, response.clone()));
  return response;
});
