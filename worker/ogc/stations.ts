/**
 * The `stations` collection: every station its subject may see as a point feature, its id the station's unique id,
 * with the newest value of each of its codes from the roll-up (docs/decisions/0022).
 */
import type { SubjectCtx } from '../context';
import { isReadingOf, readingsOf, sources, type Source } from '../../shared/readings';
import { selectStations, type Bbox, type StationFilter, type StationRow } from '../db/ogc';
import { rolledUp } from '../db/sta';
import { badRequest, notFound } from '../domain/errors';
import { cut, featureCollection, isoOf, pointOf, type Feature, type ItemsRequest } from './pages';

function sourceOf(value: string | undefined): Source | undefined {
  if (value === undefined || (sources as readonly string[]).includes(value)) return value as Source | undefined;
  throw badRequest(`source is ${sources.join(' or ')}.`, 'source');
}

/** The property filters of a stations request as a D1 filter. */
const filterOf = (request: ItemsRequest): StationFilter => ({
  uniqueId: request.filters.get('unique_id'),
  name: request.filters.get('name'),
  source: sourceOf(request.filters.get('source')),
  place: request.filters.get('place'),
  group: request.filters.get('group'),
  bbox: request.bbox,
  newest: request.datetime,
});

/** Stations as features, each with its codes' newest values (one roll-up read for all of them). */
async function featuresOf(ctx: SubjectCtx, rows: StationRow[]): Promise<Feature[]> {
  const newest = await rolledUp(ctx.db, {
    datastreams: rows.flatMap((s) => readingsOf(s.source).map((r): [number, string] => [s.id, r.code])),
    counts: false,
  });
  return rows.map((s) => ({
    type: 'Feature',
    id: s.uniqueId,
    geometry: pointOf(s.lat, s.lon),
    properties: {
      name: s.name,
      unique_id: s.uniqueId,
      source: s.source,
      place: s.place,
      group: s.group,
      timezone: s.timezone,
      last_update: isoOf(s.lastTs),
      newest: Object.fromEntries(
        newest.filter((n) => n.station === s.id).map((n) => [n.code, { value: n.lastValue, time: isoOf(n.lastTs) }]),
      ),
    },
  }));
}

/** A page of stations, with how many match. */
export async function stationItems(request: ItemsRequest) {
  const { ctx, cursor, limit } = request;
  const [key] = cursor?.key ?? [];
  const page = cursor?.direction === 'prev' ? { before: key, limit } : { after: key, limit };
  const { rows, count } = await selectStations(ctx.db, ctx.subject, filterOf(request), page, true);
  const cutPage = cut(request, rows, (s) => [s.id]);
  return featureCollection(
    request,
    'stations',
    { ...cutPage, entities: await featuresOf(ctx, cutPage.entities) },
    { numberMatched: count },
  );
}

/** One station by its unique id (404 when it does not exist or is not visible). */
export async function stationItem(ctx: SubjectCtx, uniqueId: string): Promise<Feature> {
  const { rows } = await selectStations(ctx.db, ctx.subject, { uniqueId });
  if (!rows.length) throw notFound('Station', 'featureId');
  return (await featuresOf(ctx, rows))[0];
}

/**
 * The stations a daily or observations request covers: those the subject may see, of a unique id or of ids, within a
 * box, and of the source a code belongs to.
 */
export async function coveredStations(
  ctx: SubjectCtx,
  { ids, uniqueId, bbox, code }: { ids?: number[]; uniqueId?: string; bbox?: Bbox; code?: string },
): Promise<StationRow[]> {
  const source = code === undefined ? undefined : isReadingOf('DANES', code) ? 'DANES' : 'UNIWAN';
  return (await selectStations(ctx.db, ctx.subject, { ids, uniqueId, bbox, source })).rows;
}
