/**
 * Writes a PMTiles v3 archive of vector tiles (the `pmtiles` package only reads them): header, root directory, JSON
 * metadata, leaf directories and the tiles in tile-id order, directories gzipped. Runs in Node and in workerd (the
 * tests build their archive with it), so it compresses with CompressionStream, not node:zlib.
 */
import { zxyToTileId } from 'pmtiles';

export interface ArchiveTile {
  z: number;
  x: number;
  y: number;
  /** The tile, already gzipped. */
  data: Uint8Array;
}

export interface ArchiveInfo {
  bounds: [number, number, number, number];
  /** Shown by MapLibre and kept in the archive's metadata. */
  attribution: string;
}

interface Entry {
  tileId: number;
  offset: number;
  length: number;
  runLength: number;
}

const headerBytes = 127;
/** Spec: the header and root directory fit in the first 16 KiB; leaves hold this many entries each. */
const rootLimit = 16_384 - headerBytes;
const leafSize = 4096;
const gzip = 2;
const mvt = 1;

export async function gzipped(data: Uint8Array): Promise<Uint8Array> {
  return new Uint8Array(await new Response(new Blob([data as BlobPart]).stream().pipeThrough(new CompressionStream('gzip'))).arrayBuffer());
}

function varints(values: number[]) {
  const out: number[] = [];
  for (let value of values) {
    while (value >= 0x80) {
      out.push((value % 0x80) | 0x80);
      value = Math.floor(value / 0x80);
    }
    out.push(value);
  }
  return out;
}

/** A directory as the spec lays it out: count, id deltas, run lengths, lengths, then offsets (0: right after the previous). */
function directory(entries: Entry[]) {
  const offsets = entries.map((e, i) => (i > 0 && e.offset === entries[i - 1].offset + entries[i - 1].length ? 0 : e.offset + 1));
  return new Uint8Array(
    varints([
      entries.length,
      ...entries.map((e, i) => e.tileId - (i > 0 ? entries[i - 1].tileId : 0)),
      ...entries.map((e) => e.runLength),
      ...entries.map((e) => e.length),
      ...offsets,
    ]),
  );
}

/** The root directory, and the leaves it points to when the entries do not fit in the root alone. */
async function directories(entries: Entry[]) {
  const root = await gzipped(directory(entries));
  if (root.length <= rootLimit) return { root, leaves: new Uint8Array() };
  const leaves: Uint8Array[] = [];
  const pointers: Entry[] = [];
  let offset = 0;
  for (let i = 0; i < entries.length; i += leafSize) {
    const leaf = await gzipped(directory(entries.slice(i, i + leafSize)));
    pointers.push({ tileId: entries[i].tileId, offset, length: leaf.length, runLength: 0 });
    leaves.push(leaf);
    offset += leaf.length;
  }
  return { root: await gzipped(directory(pointers)), leaves: concat(leaves) };
}

function concat(parts: Uint8Array[]) {
  const out = new Uint8Array(parts.reduce((sum, p) => sum + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/** A PMTiles archive of gzipped MVT tiles. */
export async function writeArchive(tiles: ArchiveTile[], info: ArchiveInfo): Promise<Uint8Array> {
  const sorted = tiles.map((t) => ({ ...t, tileId: zxyToTileId(t.z, t.x, t.y) })).sort((a, b) => a.tileId - b.tileId);
  const entries: Entry[] = [];
  let offset = 0;
  for (const tile of sorted) {
    entries.push({ tileId: tile.tileId, offset, length: tile.data.length, runLength: 1 });
    offset += tile.data.length;
  }
  const { root, leaves } = await directories(entries);
  const metadata = await gzipped(new TextEncoder().encode(JSON.stringify({ attribution: info.attribution })));
  const data = concat(sorted.map((t) => t.data));
  const zooms = sorted.map((t) => t.z);
  const [minLon, minLat, maxLon, maxLat] = info.bounds;

  const header = new DataView(new ArrayBuffer(headerBytes));
  new Uint8Array(header.buffer).set(new TextEncoder().encode('PMTiles'), 0);
  header.setUint8(7, 3);
  const sections = [root, metadata, leaves, data];
  let at = headerBytes;
  sections.forEach((section, i) => {
    header.setBigUint64(8 + i * 16, BigInt(at), true);
    header.setBigUint64(16 + i * 16, BigInt(section.length), true);
    at += section.length;
  });
  header.setBigUint64(72, BigInt(entries.length), true);
  header.setBigUint64(80, BigInt(entries.length), true);
  header.setBigUint64(88, BigInt(entries.length), true);
  header.setUint8(96, 1);
  header.setUint8(97, gzip);
  header.setUint8(98, gzip);
  header.setUint8(99, mvt);
  header.setUint8(100, Math.min(...zooms));
  header.setUint8(101, Math.max(...zooms));
  const e7 = (degrees: number) => Math.round(degrees * 1e7);
  header.setInt32(102, e7(minLon), true);
  header.setInt32(106, e7(minLat), true);
  header.setInt32(110, e7(maxLon), true);
  header.setInt32(114, e7(maxLat), true);
  header.setUint8(118, Math.min(...zooms));
  header.setInt32(119, e7((minLon + maxLon) / 2), true);
  header.setInt32(123, e7((minLat + maxLat) / 2), true);
  return concat([new Uint8Array(header.buffer), ...sections]);
}
