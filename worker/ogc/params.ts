/**
 * The query parameters of OGC API – Features requests (Part 1 Core): `limit`, `bbox`, `datetime`, the paging cursor,
 * `f`, and each collection's property filters. A parameter the API does not define, or a value it cannot read, is a
 * 400 that names it.
 */
import type { Bbox, Interval } from '../db/ogc';
import { badRequest } from '../domain/errors';

/** How many features a page holds unless `limit` says, and the most it may hold (stated in the OpenAPI document). */
export const defaultLimit = 100;
export const maxLimit = 10_000;

/** The parameters every `/items` request may carry besides its collection's property filters. */
export const commonParameters = ['limit', 'bbox', 'bbox-crs', 'datetime', 'cursor', 'f'] as const;

const crs84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';

/** Refuses a parameter outside `known`; returns the request's parameters (the last value of each). */
export function readParameters(url: URL, known: readonly string[]): Map<string, string> {
  const params = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (!known.includes(name))
      throw badRequest(`The parameter "${name}" is not defined here; the API document (/ogc/api) lists them.`, name);
    params.set(name, value);
  }
  return params;
}

/** `limit`: a whole number from 1, the default when left out; beyond the maximum, the maximum. */
export function limitOf(value: string | undefined): number {
  if (value === undefined) return defaultLimit;
  if (!/^\d{1,9}$/.test(value) || Number(value) < 1) throw badRequest('limit must be a whole number from 1.', 'limit');
  return Math.min(Number(value), maxLimit);
}

/** `bbox`: west, south, east, north in WGS 84 longitude and latitude (six numbers: the heights are ignored). */
export function bboxOf(value: string | undefined, crs: string | undefined): Bbox | undefined {
  if (crs !== undefined && crs !== crs84) throw badRequest(`bbox-crs must be ${crs84}.`, 'bbox-crs');
  if (value === undefined) return undefined;
  const numbers = value.split(',').map((n) => (n.trim() === '' ? NaN : Number(n)));
  if ((numbers.length !== 4 && numbers.length !== 6) || !numbers.every(Number.isFinite))
    throw badRequest('bbox must be four numbers: west,south,east,north (longitude and latitude).', 'bbox');
  const [minLon, minLat, maxLon, maxLat] = numbers.length === 4 ? numbers : [numbers[0], numbers[1], numbers[3], numbers[4]];
  if (minLat > maxLat) throw badRequest('bbox: its south edge lies north of its north edge.', 'bbox');
  return { minLon, minLat, maxLon, maxLat };
}

/** An RFC 3339 date-time, or a date (its whole UTC day: `end` picks its last millisecond). */
function instantOf(text: string, end: boolean): number {
  if (/^\d{4}-\d\d-\d\d$/.test(text)) {
    const day = Date.parse(`${text}T00:00:00Z`);
    if (Number.isFinite(day)) return end ? day + 86_400_000 - 1 : day;
  } else if (/^\d{4}-\d\d-\d\d[Tt]\d\d:\d\d:\d\d(\.\d+)?([Zz]|[+-]\d\d:\d\d)$/.test(text)) {
    const time = Date.parse(text);
    if (Number.isFinite(time)) return time;
  }
  throw badRequest(`"${text}" is not an RFC 3339 date-time (2026-03-01T12:00:00Z) or date.`, 'datetime');
}

/** `datetime`: an instant, or an interval `start/end` whose ends may be open (`..` or empty). */
export function datetimeOf(value: string | undefined): Interval | undefined {
  if (value === undefined) return undefined;
  const parts = value.split('/');
  if (parts.length === 1) return { from: instantOf(value, false), to: instantOf(value, true) };
  if (parts.length !== 2) throw badRequest('datetime is an instant or an interval start/end.', 'datetime');
  const [start, end] = parts.map((p) => (p === '..' || p === '' ? undefined : p));
  if (start === undefined && end === undefined) return {};
  const interval = {
    from: start === undefined ? undefined : instantOf(start, false),
    to: end === undefined ? undefined : instantOf(end, true),
  };
  if (interval.from !== undefined && interval.to !== undefined && interval.from > interval.to)
    throw badRequest('datetime: the interval ends before it starts.', 'datetime');
  return interval;
}

/** `f`: the encoding asked for; JSON (GeoJSON for features) is all there is. */
export function formatOf(value: string | undefined): 'json' | 'geojson' | undefined {
  if (value === undefined || value === 'json' || value === 'geojson') return value;
  throw badRequest(`f=${value} is not offered: use f=json (GeoJSON for features).`, 'f');
}

/** A keyset cursor as links write it: the direction and the key, in URL-safe base64. */
export function encodeCursor(direction: 'next' | 'prev', key: unknown[]): string {
  return btoa(JSON.stringify([direction === 'next' ? 'n' : 'p', ...key]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');
}

export function decodeCursor(text: string | undefined): { direction: 'next' | 'prev'; key: number[] } | undefined {
  if (text === undefined) return undefined;
  try {
    const [d, ...key] = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/'))) as [string, ...number[]];
    if ((d === 'n' || d === 'p') && key.every(Number.isFinite)) return { direction: d === 'n' ? 'next' : 'prev', key };
  } catch {
    // refused below
  }
  throw badRequest('cursor is not one this server wrote: follow the next and prev links as given.', 'cursor');
}
