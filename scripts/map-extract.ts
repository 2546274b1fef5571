/**
 * `npm run map:extract -- --bbox W,S,E,N --source URL|FILE [--maxzoom 15] [--out region.pmtiles] [--upload local|remote]`:
 * cuts a deployment's regional base map out of a Protomaps basemap archive (OpenStreetMap data, a daily build or
 * a file of your own) and, with `--upload`, puts it into the `MAP_TILES` bucket as region.pmtiles, where the Worker
 * finds it (docs/decisions/0019). Uses the `pmtiles` command when it is installed (fast, for large areas); otherwise
 * reads the source tile by tile over HTTP ranges (or from the file) with the `pmtiles` library and writes the extract.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { open, writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { FetchSource, PMTiles, TileType, type RangeResponse, type Source } from 'pmtiles';
import { regionKey } from '../worker/map/region';
import { gzipped, writeArchive, type ArchiveTile } from './lib/pmtiles-write';

const { values } = parseArgs({
  options: {
    bbox: { type: 'string' },
    source: { type: 'string' },
    maxzoom: { type: 'string', default: '15' },
    out: { type: 'string', default: 'region.pmtiles' },
    upload: { type: 'string' },
    bucket: { type: 'string', default: 'hladina-map' },
  },
});

const bbox = values.bbox?.split(',').map(Number);
const maxZoom = Number(values.maxzoom);
if (!values.source || !bbox || bbox.length !== 4 || bbox.some((n) => !Number.isFinite(n)) || bbox[0] >= bbox[2] || bbox[1] >= bbox[3]) {
  console.error(
    'Usage: npm run map:extract -- --bbox WEST,SOUTH,EAST,NORTH --source URL|FILE [--maxzoom 15] [--out FILE] [--upload local|remote]',
  );
  process.exit(2);
}
if (!Number.isInteger(maxZoom) || maxZoom < 0 || maxZoom > 15) throw new Error('--maxzoom must be 0 to 15');
if (values.upload && values.upload !== 'local' && values.upload !== 'remote') throw new Error('--upload is local or remote');
const [west, south, east, north] = bbox;

/** A local archive read by range, like the Worker reads R2. */
class FileSource implements Source {
  constructor(private path: string) {}
  getKey() {
    return this.path;
  }
  async getBytes(offset: number, length: number): Promise<RangeResponse> {
    const file = await open(this.path);
    try {
      const data = new Uint8Array(length);
      const { bytesRead } = await file.read(data, 0, length, offset);
      return { data: data.buffer.slice(0, bytesRead) };
    } finally {
      await file.close();
    }
  }
}

/** The x and y of the tile holding a point at zoom z (Web Mercator). */
function tileAt(lon: number, lat: number, z: number) {
  const n = 2 ** z;
  const sin = Math.sin((Math.max(-85.0511, Math.min(85.0511, lat)) * Math.PI) / 180);
  const x = Math.floor(((lon + 180) / 360) * n);
  const y = Math.floor((0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * n);
  return [Math.min(n - 1, Math.max(0, x)), Math.min(n - 1, Math.max(0, y))];
}

/** Reads every tile of the bounding box from the source, a few at a time, and writes them as a new archive. */
async function extractByRange(sourcePath: string, out: string) {
  const archive = new PMTiles(/^https?:\/\//.test(sourcePath) ? new FetchSource(sourcePath) : new FileSource(sourcePath));
  const header = await archive.getHeader();
  if (header.tileType !== TileType.Mvt) throw new Error('The source holds no vector tiles.');
  const wanted: { z: number; x: number; y: number }[] = [];
  for (let z = header.minZoom; z <= Math.min(maxZoom, header.maxZoom); z++) {
    const [x0, y0] = tileAt(west, north, z);
    const [x1, y1] = tileAt(east, south, z);
    for (let x = x0; x <= x1; x++) for (let y = y0; y <= y1; y++) wanted.push({ z, x, y });
  }
  console.log(`Reading up to ${wanted.length} tiles by range (install the pmtiles command for large areas) …`);
  const tiles: ArchiveTile[] = [];
  for (let i = 0; i < wanted.length; i += 16) {
    const batch = await Promise.all(
      wanted.slice(i, i + 16).map(async (t) => {
        const tile = await archive.getZxy(t.z, t.x, t.y);
        return tile ? { ...t, data: await gzipped(new Uint8Array(tile.data)) } : null;
      }),
    );
    tiles.push(...batch.filter((t): t is ArchiveTile => t !== null));
    if (i % 1600 === 0) process.stdout.write(`\r${Math.min(i + 16, wanted.length)} / ${wanted.length}`);
  }
  process.stdout.write('\n');
  if (!tiles.length) throw new Error('The source has no tiles in this bounding box.');
  const attribution = ((await archive.getMetadata()) as { attribution?: string } | null)?.attribution ?? '© OpenStreetMap contributors';
  await writeFile(out, await writeArchive(tiles, { bounds: [west, south, east, north], attribution }));
  console.log(`${tiles.length} tiles written to ${out}`);
}

const hasPmtilesCommand = spawnSync('pmtiles', ['version'], { stdio: 'ignore' }).status === 0;
if (hasPmtilesCommand) {
  execFileSync('pmtiles', ['extract', values.source, values.out, `--bbox=${bbox.join(',')}`, `--maxzoom=${maxZoom}`], { stdio: 'inherit' });
} else {
  await extractByRange(values.source, values.out);
}

if (values.upload) {
  execFileSync(
    'npx',
    [
      'wrangler',
      'r2',
      'object',
      'put',
      `${values.bucket}/${regionKey}`,
      '--file',
      values.out,
      `--${values.upload}`,
      '--content-type',
      'application/octet-stream',
    ],
    { stdio: 'inherit' },
  );
  console.log('Uploaded: maps show the region within five minutes (as long as browsers keep the style).');
}
