/**
 * OGC API – Features (Part 1 Core, GeoJSON, OpenAPI 3.0) under `/ogc` (docs/decisions/0022): the landing page, the
 * conformance declaration, the API document, and the collections `stations`, `daily` and `observations` with their
 * items; one station's code also as WaterML 2.0. The same visibility as the rest of the API; integration tokens as
 * Bearer or HTTP Basic. Without credentials only the landing page, the conformance declaration and the API document
 * answer.
 */
import type { Context } from 'hono';
import type { SubjectCtx } from '../context';
import { selectStationExtent } from '../db/ogc';
import { UnsupportedQuery } from '../sta/filter';
import { AppError, notFound } from '../domain/errors';
import { failureOf, statusOf } from '../http/errors';
import { basicChallenge, mustSignIn, readerApp, readerOf, signInText } from '../http/readers';
import type { AppEnv } from '../http/types';
import { collectionOf, collections, conformance, type CollectionInfo } from './collections';
import { dailyItem, dailyItems } from './daily';
import { observationItem, observationItems, watermlOf } from './observations';
import { openApiDocument, openApiType } from './openapi';
import { encodingsOf, geoJson, itemsRequest, json, withParams, type Feature, type Link } from './pages';
import { formatOf, readParameters } from './params';
import { stationItem, stationItems } from './stations';

export const ogcBase = '/ogc';

const crs84 = 'http://www.opengis.net/def/crs/OGC/1.3/CRS84';
/** Paths that answer without credentials (QGIS and GDAL probe them first). */
const publicPaths = ['', '/', '/conformance', '/api'];

/** An exception as OGC API – Features writes it: a code and a description. */
const ogcError = (c: Context, status: number, code: string, description: string, headers: Record<string, string> = {}) =>
  c.json({ code, description }, status as 400, headers);

const rootOf = (c: Context) => `${new URL(c.req.url).origin}${ogcBase}`;

/** Reads `f` alone (the other requests take no parameters), and answers JSON. */
function jsonReply(c: Context, body: unknown) {
  formatOf(readParameters(new URL(c.req.url), ['f']).get('f'));
  return c.json(body, 200, { 'Content-Type': json });
}

/** The box around the stations the caller may see (the whole world when none has coordinates). */
async function extentOf(c: Context<AppEnv>) {
  const box = await selectStationExtent(c.var.ctx.db, readerOf(c)!);
  return box ? [box.minLon, box.minLat, box.maxLon, box.maxLat] : [-180, -90, 180, 90];
}

function collectionJson(root: string, c: CollectionInfo, bbox: number[]) {
  const links: Link[] = [
    { href: `${root}/collections/${c.id}`, rel: 'self', type: json, title: c.title },
    { href: `${root}/collections/${c.id}/items`, rel: 'items', type: geoJson, title: `${c.title} as GeoJSON` },
    { href: `${root}/collections/${c.id}/items?f=json`, rel: 'items', type: json, title: `${c.title} as JSON` },
  ];
  return {
    id: c.id,
    title: c.title,
    description: c.description,
    itemType: 'feature',
    crs: [crs84],
    extent: {
      spatial: { bbox: [bbox], crs: crs84 },
      temporal: { interval: [[null, null]], trs: 'http://www.opengis.net/def/uom/ISO-8601/0/Gregorian' },
    },
    links,
  };
}

/** The OGC API – Features sub-app, mounted at `/ogc` ahead of the React app. */
export function createOgc() {
  const ogc = readerApp();
  ogc.onError((err, c) => {
    if (err instanceof UnsupportedQuery) return ogcError(c, 400, 'InvalidParameterValue', err.message);
    if (err instanceof AppError) {
      const status = statusOf[err.code];
      const code = status === 400 ? 'InvalidParameterValue' : status === 404 ? 'NotFound' : err.code;
      return ogcError(c, status, code, Object.values(err.errors).flat().join(' '));
    }
    console.error('OGC API request failed', c.req.method, c.req.path, failureOf(err));
    return ogcError(c, 500, 'ServerError', 'Something went wrong on our side. Please try again.');
  });
  ogc.use(async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD')
      return ogcError(c, 405, 'MethodNotAllowed', 'The OGC API of Hladina is read-only: only GET is answered.', { Allow: 'GET, HEAD' });
    if (mustSignIn(c, publicPaths.includes(c.req.path.slice(ogcBase.length))))
      return ogcError(c, 401, 'Unauthorized', signInText, basicChallenge('Hladina OGC API'));
    await next();
  });
  const ctxOf = (c: Context<AppEnv>): SubjectCtx => ({ ...c.var.ctx, subject: readerOf(c)! });

  const landing = (c: Context<AppEnv>) => {
    const root = rootOf(c);
    return jsonReply(c, {
      title: 'Hladina',
      description: 'Environmental measuring stations, their daily statistics and their readings (OGC API – Features).',
      links: [
        { href: root, rel: 'self', type: json, title: 'This page' },
        { href: `${root}/api`, rel: 'service-desc', type: openApiType, title: 'The API document (OpenAPI 3.0)' },
        { href: `${root}/conformance`, rel: 'conformance', type: json, title: 'Conformance classes' },
        { href: `${root}/collections`, rel: 'data', type: json, title: 'The collections' },
      ],
    });
  };
  ogc.get('/', landing);
  ogc.get('/conformance', (c) => jsonReply(c, { conformsTo: conformance }));
  ogc.get('/api', (c) => {
    readParameters(new URL(c.req.url), ['f']);
    return c.json(openApiDocument(rootOf(c)), 200, { 'Content-Type': openApiType });
  });
  ogc.get('/collections', async (c) => {
    const root = rootOf(c);
    const bbox = await extentOf(c);
    return jsonReply(c, {
      links: [{ href: `${root}/collections`, rel: 'self', type: json, title: 'The collections' }],
      collections: collections.map((info) => collectionJson(root, info, bbox)),
    });
  });
  ogc.get('/collections/observations/waterml', async (c) => {
    const pieces = (await watermlOf({ ctx: ctxOf(c), url: new URL(c.req.url), root: rootOf(c) }))[Symbol.iterator]();
    // Written as the client reads it: a year of one code is megabytes, never held whole.
    const encoder = new TextEncoder();
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const next = pieces.next();
        if (next.done) controller.close();
        else controller.enqueue(encoder.encode(next.value));
      },
    });
    return c.body(body, 200, { 'Content-Type': 'application/xml; charset=utf-8' });
  });
  ogc.get('/collections/:id', async (c) => {
    const info = collectionOf(c.req.param('id'));
    if (!info) throw notFound('Collection', 'collectionId');
    return jsonReply(c, collectionJson(rootOf(c), info, await extentOf(c)));
  });
  ogc.get('/collections/:id/items', async (c) => {
    const info = collectionOf(c.req.param('id'));
    if (!info) throw notFound('Collection', 'collectionId');
    const request = itemsRequest(ctxOf(c), new URL(c.req.url), rootOf(c), Object.keys(info.queryables));
    const body =
      info.id === 'stations'
        ? await stationItems(request)
        : info.id === 'daily'
          ? await dailyItems(request)
          : await observationItems(request);
    return c.json(body, 200, { 'Content-Type': encodingsOf(request.url).type });
  });
  ogc.get('/collections/:id/items/:featureId', async (c) => {
    const info = collectionOf(c.req.param('id'));
    if (!info) throw notFound('Collection', 'collectionId');
    const url = new URL(c.req.url);
    formatOf(readParameters(url, ['f']).get('f'));
    const ctx = ctxOf(c);
    const id = c.req.param('featureId');
    const feature: Feature =
      info.id === 'stations'
        ? await stationItem(ctx, id)
        : info.id === 'daily'
          ? await dailyItem({ ctx }, id)
          : await observationItem({ ctx }, id);
    const { type, alternate } = encodingsOf(url);
    feature.links = [
      { href: url.toString(), rel: 'self', type, title: 'This feature' },
      { href: withParams(url, { f: alternate.f }), rel: 'alternate', type: alternate.type, title: `This feature ${alternate.title}` },
      { href: `${rootOf(c)}/collections/${info.id}`, rel: 'collection', type: json, title: info.title },
    ];
    return c.json(feature, 200, { 'Content-Type': type });
  });
  // Mounted routes match without a trailing slash; the landing page is asked for with one too.
  ogc.all('*', (c) =>
    c.req.path === `${ogcBase}/`
      ? landing(c)
      : ogcError(c, 404, 'NotFound', `No such resource: ${c.req.path}. The landing page (${ogcBase}) links to everything.`),
  );
  return ogc;
}
