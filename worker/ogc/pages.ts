/**
 * What every `/items` request of the OGC API – Features shares: its parameters read once, a page cut from what was
 * read (one entity beyond it tells whether more follow, in either direction), and the GeoJSON FeatureCollection with
 * its `self`, `alternate`, `collection`, `next` and `prev` links, `numberReturned`, `numberMatched` where it is known,
 * and `timeStamp`.
 */
import type { SubjectCtx } from '../context';
import type { Bbox, Interval } from '../db/ogc';
import { bboxOf, commonParameters, datetimeOf, decodeCursor, encodeCursor, formatOf, limitOf, readParameters } from './params';

export const geoJson = 'application/geo+json';
export const json = 'application/json';

/**
 * How features are sent: GeoJSON, or with `f=json` the same body as plain JSON; the other is the `alternate` link's,
 * reached by setting or dropping `f`.
 */
export function encodingsOf(url: URL) {
  const plain = url.searchParams.get('f') === 'json';
  return {
    type: plain ? json : geoJson,
    alternate: { type: plain ? geoJson : json, f: plain ? undefined : 'json', title: plain ? 'as GeoJSON' : 'as JSON' },
  };
}

export interface Link {
  href: string;
  rel: string;
  type?: string;
  title?: string;
}

export interface Feature {
  type: 'Feature';
  id: string;
  geometry: { type: 'Point'; coordinates: [number, number] } | null;
  properties: Record<string, unknown>;
  links?: Link[];
}

/** A point in GeoJSON (longitude first), or null without coordinates. */
export const pointOf = (lat: number | null, lon: number | null): Feature['geometry'] =>
  lat === null || lon === null ? null : { type: 'Point', coordinates: [lon, lat] };

export const isoOf = (ts: number | null) => (ts === null ? null : new Date(ts).toISOString());

/** An `/items` request: who asks, its paging, its common filters and its collection's property filters. */
export interface ItemsRequest {
  ctx: SubjectCtx;
  url: URL;
  /** The API's root, absolute (`…/ogc`). */
  root: string;
  limit: number;
  bbox?: Bbox;
  datetime?: Interval;
  cursor?: { direction: 'next' | 'prev'; key: number[] };
  /** The property filters given, by name. */
  filters: Map<string, string>;
}

/** Reads an `/items` request of a collection whose property filters are `queryables`. */
export function itemsRequest(ctx: SubjectCtx, url: URL, root: string, queryables: readonly string[]): ItemsRequest {
  const params = readParameters(url, [...commonParameters, ...queryables]);
  formatOf(params.get('f'));
  return {
    ctx,
    url,
    root,
    limit: limitOf(params.get('limit')),
    bbox: bboxOf(params.get('bbox'), params.get('bbox-crs')),
    datetime: datetimeOf(params.get('datetime')),
    cursor: decodeCursor(params.get('cursor')),
    filters: new Map([...params].filter(([name]) => queryables.includes(name))),
  };
}

/** A page of entities in order, and the keys next and prev links continue from (absent: nothing there). */
export interface Page<T> {
  entities: T[];
  next?: number[];
  prev?: number[];
}

/**
 * The page among `read` (entities in order around the cursor, one more than the page where more exist): forward
 * from the start or a next link, or backward from a prev link (then the page is the last of them).
 */
export function cut<T>(request: ItemsRequest, read: T[], keyOf: (e: T) => number[]): Page<T> {
  const backward = request.cursor?.direction === 'prev';
  const entities = backward ? read.slice(-request.limit) : read.slice(0, request.limit);
  return pageOf(request, entities, read.length > request.limit, keyOf);
}

/** A page of `entities` (in order) where `more` says whether more lie beyond it in the direction it was read. */
export function pageOf<T>(request: ItemsRequest, entities: T[], more: boolean, keyOf: (e: T) => number[]): Page<T> {
  const backward = request.cursor?.direction === 'prev';
  if (!entities.length) return { entities };
  const [first, last] = [entities[0], entities.at(-1)!];
  // A page reached through a link has something on the side it came from.
  const before = backward ? more : request.cursor !== undefined;
  const after = backward ? true : more;
  return { entities, next: after ? keyOf(last) : undefined, prev: before ? keyOf(first) : undefined };
}

/** The request's URL with some parameters set (or, with undefined, removed). */
export function withParams(url: URL, changes: Record<string, string | undefined>): string {
  const copy = new URL(url);
  for (const [name, value] of Object.entries(changes)) {
    if (value === undefined) copy.searchParams.delete(name);
    else copy.searchParams.set(name, value);
  }
  return copy.toString();
}

/** The FeatureCollection of a page, with its links and counts. */
export function featureCollection(
  request: ItemsRequest,
  collection: string,
  page: Page<Feature>,
  extras: { numberMatched?: number; links?: Link[] } = {},
) {
  const { url } = request;
  const { type, alternate } = encodingsOf(url);
  const links: Link[] = [
    { href: url.toString(), rel: 'self', type, title: 'This page' },
    { href: withParams(url, { f: alternate.f }), rel: 'alternate', type: alternate.type, title: `This page ${alternate.title}` },
    { href: `${request.root}/collections/${collection}`, rel: 'collection', type: json, title: 'The collection' },
    ...(extras.links ?? []),
  ];
  if (page.next)
    links.push({ href: withParams(url, { cursor: encodeCursor('next', page.next) }), rel: 'next', type: geoJson, title: 'Next page' });
  if (page.prev)
    links.push({ href: withParams(url, { cursor: encodeCursor('prev', page.prev) }), rel: 'prev', type: geoJson, title: 'Previous page' });
  return {
    type: 'FeatureCollection',
    features: page.entities,
    links,
    timeStamp: new Date().toISOString(),
    ...(extras.numberMatched === undefined ? {} : { numberMatched: extras.numberMatched }),
    numberReturned: page.entities.length,
  };
}
