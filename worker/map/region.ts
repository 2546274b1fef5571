import { EtagMismatch, PMTiles, ResolvedValueCache, TileType, type RangeResponse, type Source } from 'pmtiles';

/** The key of a deployment's regional archive in its `MAP_TILES` bucket (`npm run map:extract` puts it there). */
export const regionKey = 'region.pmtiles';

/** What the style needs to know of an installed regional archive. */
export interface RegionArchive {
  /** The archive's ETag: a new archive gets new tile addresses, so no cache anywhere keeps the old one's tiles. */
  version: string;
  minZoom: number;
  maxZoom: number;
  bounds: [number, number, number, number];
}

/** The bucket holds no regional archive (any more). */
export class MissingArchive extends Error {}

/** Reads the archive from R2 by byte range; a changed archive (another ETag) makes the reader start over. */
class R2Source implements Source {
  constructor(private bucket: R2Bucket) {}

  getKey() {
    return regionKey;
  }

  async getBytes(offset: number, length: number, _signal?: AbortSignal, etag?: string): Promise<RangeResponse> {
    const object = await this.bucket.get(regionKey, { range: { offset, length }, onlyIf: etag ? { etagMatches: etag } : undefined });
    if (!object) throw new MissingArchive(`${regionKey} is not in the bucket`);
    if (!('body' in object)) throw new EtagMismatch();
    return { data: await object.arrayBuffer(), etag: object.etag };
  }
}

/**
 * Headers and directories stay in the isolate's memory, so a tile costs one ranged R2 read once they are in. Only
 * values are kept, never a pending read (a request must not wait on another request's I/O) nor a failure.
 */
const directories = new ResolvedValueCache();

/** The archive's reader; a replaced archive shows as an ETag mismatch, on which the reader reads its header again. */
const readerOf = (bucket: R2Bucket) => new PMTiles(new R2Source(bucket), directories);

/** The regional archive's zooms and bounds for the style, or null when the deployment has none (no bucket or no file). */
export async function regionArchive(bucket: R2Bucket | undefined): Promise<RegionArchive | null> {
  const stored = await bucket?.head(regionKey);
  if (!bucket || !stored) return null;
  const reader = readerOf(bucket);
  // A header kept from an archive since replaced is read again.
  if ((await reader.getHeader()).etag !== stored.etag) await directories.invalidate(reader.source);
  const { tileType, minZoom, maxZoom, minLon, minLat, maxLon, maxLat } = await reader.getHeader();
  if (tileType !== TileType.Mvt) throw new Error(`${regionKey} holds no vector tiles`);
  return { version: stored.etag, minZoom, maxZoom, bounds: [minLon, minLat, maxLon, maxLat] };
}

/** One tile of the regional archive (uncompressed MVT), or null where the archive has none; MissingArchive without one. */
export async function regionTile(bucket: R2Bucket, z: number, x: number, y: number): Promise<ArrayBuffer | null> {
  return (await readerOf(bucket).getZxy(z, x, y))?.data ?? null;
}
