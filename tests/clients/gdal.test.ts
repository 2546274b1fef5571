/**
 * GDAL from Debian (`ogrinfo`, `ogr2ogr`, its OAPIF driver) reads Hladina's OGC API – Features from a real local
 * server: every collection with an integration token as HTTP Basic or as a Bearer header, GeoPackage copies of the
 * stations and of a day of observations, paging through `next` links that agree with GDAL's counts, and a 401 for
 * wrong credentials.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { codesPerReport, edits, reportsPerDay } from './server';
import { clientsServer } from './ready';

const run = promisify(execFile);
const { base, token, stations, hidden, nowhere } = await clientsServer();
const api = `OAPIF:${base}/ogc`;
const dir = mkdtempSync(join(tmpdir(), 'hladina-gdal-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The token as GDAL sends HTTP Basic (any user name). */
const basic = { GDAL_HTTP_AUTH: 'BASIC', GDAL_HTTP_USERPWD: `gdal:${token}` };

/** Runs a GDAL command with `env` added; its output, or its failure with code and output. */
async function gdal(command: 'ogrinfo' | 'ogr2ogr', args: string[], env: Record<string, string> = basic) {
  try {
    const { stdout, stderr } = await run(command, args, { env: { ...process.env, ...env }, maxBuffer: 64 * 1024 * 1024 });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** `ogrinfo -so` of one layer: its feature count and field names. */
function summary(stdout: string, layer: string) {
  const part = stdout.slice(stdout.indexOf(`Layer name: ${layer}`)).split(/\nLayer name: /)[0];
  return {
    count: Number(/Feature Count: (\d+)/.exec(part)?.[1]),
    fields: [...part.matchAll(/^(\w+): (?:String|Integer|Real|Date|DateTime)/gm)].map((m) => m[1]),
  };
}

/** A GeoPackage layer as GeoJSON (ogr2ogr to stdout). */
async function features(file: string, layer: string) {
  const { stdout } = await gdal('ogr2ogr', ['-f', 'GeoJSON', '/vsistdout/', file, layer], {});
  return JSON.parse(stdout).features as { properties: Record<string, unknown>; geometry: { coordinates: number[] } | null }[];
}

// Station 1 reports two UTC days, station 2 one: in Prague's zone those are three and two local days. The station
// without coordinates holds six readings of one code on one day; one of station 1's readings is rejected.
const observations = stations.reduce((n, s) => n + s.days.length * reportsPerDay * codesPerReport, 0) + 6 - 1;
const dailyFeatures = (3 + 2) * codesPerReport + 1;
const visible = stations.length + 1;

describe('ogrinfo', () => {
  it('reads every collection with the token as HTTP Basic', async () => {
    const { code, stdout, stderr } = await gdal('ogrinfo', ['-ro', '-al', '-so', api]);
    expect(code, stderr).toBe(0);
    expect(summary(stdout, 'stations')).toEqual({
      count: visible,
      fields: ['id', 'name', 'unique_id', 'source', 'place', 'group', 'timezone', 'last_update', 'newest'],
    });
    expect(summary(stdout, 'daily')).toEqual({
      count: dailyFeatures,
      fields: [
        'id',
        'station',
        'code',
        'unit',
        'period',
        'day',
        'last_day',
        'count',
        'suspect',
        'min',
        'max',
        'mean',
        'total',
        'first_time',
        'last_time',
      ],
    });
    expect(summary(stdout, 'observations')).toEqual({
      count: observations,
      fields: ['id', 'station', 'code', 'unit', 'time', 'value', 'flag', 'approved'],
    });
    expect(stdout).toMatch(/Geometry: Point/);
  });

  it('reads with the token as a Bearer header', async () => {
    const { code, stdout, stderr } = await gdal('ogrinfo', ['-ro', '-so', api, 'stations'], {
      GDAL_HTTP_HEADERS: `Authorization: Bearer ${token}`,
    });
    expect(code, stderr).toBe(0);
    expect(summary(stdout, 'stations').count).toBe(visible);
  });

  it('is refused with 401 for wrong credentials, and for none', async () => {
    for (const env of [{ GDAL_HTTP_AUTH: 'BASIC', GDAL_HTTP_USERPWD: 'gdal:hladina_wrong' }, {}] as Record<string, string>[]) {
      const { code, stderr } = await gdal('ogrinfo', ['-ro', '-so', api], env);
      expect(code).not.toBe(0);
      expect(stderr).toMatch(/HTTP error code : 401/);
    }
  });
});

describe('ogr2ogr', () => {
  it('copies the stations to a GeoPackage', async () => {
    const file = join(dir, 'stations.gpkg');
    const { code, stderr } = await gdal('ogr2ogr', ['-f', 'GPKG', file, api, 'stations']);
    expect(code, stderr).toBe(0);
    const copied = await features(file, 'stations');
    expect(copied.map((f) => f.properties.unique_id)).toEqual([...stations.map((s) => s.uniqueId), nowhere]);
    expect(copied.map((f) => f.properties.unique_id)).not.toContain(hidden);
    expect(copied.map((f) => f.geometry?.coordinates ?? null)).toEqual([[12.2, 48.65], [12.2, 48.7], null]);
  });

  it('copies a day of observations, filtered by station and time on the server', async () => {
    const file = join(dir, 'observations.gpkg');
    const where = `(time >= '2026-03-02T00:00:00' AND time <= '2026-03-02T23:59:59') AND station = '${stations[0].uniqueId}'`;
    const { code, stderr } = await gdal('ogr2ogr', ['-oo', 'PAGE_SIZE=1000', '-f', 'GPKG', file, api, 'observations', '-where', where]);
    expect(code, stderr).toBe(0);
    const copied = await features(file, 'observations');
    expect(copied).toHaveLength(reportsPerDay * codesPerReport - 1);
    const h1 = copied.filter((f) => f.properties.code === 'H1');
    const [from, to] = [Date.parse(edits.suspect.from), Date.parse(edits.suspect.to)];
    const stretch = h1.filter((f) => Date.parse(String(f.properties.time)) >= from && Date.parse(String(f.properties.time)) <= to);
    expect(stretch.map((f) => f.properties.flag)).toEqual(Array(edits.suspect.readings).fill('suspect'));
    expect(h1.some((f) => f.properties.approved)).toBe(false);
  });
});

describe('paging through next links', () => {
  const auth = { Authorization: `Basic ${btoa(`gdal:${token}`)}` };

  it.each([
    ['stations', visible],
    ['daily', dailyFeatures],
    ['observations', observations],
  ])('reads every %s feature once, as many as GDAL counts', async (collection, expected) => {
    const ids: string[] = [];
    for (let next: string | undefined = `${base}/ogc/collections/${collection}/items?limit=500`; next;) {
      const res = await fetch(next, { headers: auth });
      expect(res.status).toBe(200);
      expect(res.headers.get('Content-Type')).toBe('application/geo+json');
      const page = (await res.json()) as { features: { id: string }[]; numberReturned: number; links: { rel: string; href: string }[] };
      expect(page.numberReturned).toBe(page.features.length);
      ids.push(...page.features.map((f) => f.id));
      next = page.links.find((l) => l.rel === 'next')?.href;
    }
    expect(ids).toHaveLength(expected);
    expect(new Set(ids).size).toBe(expected);
  });
});
