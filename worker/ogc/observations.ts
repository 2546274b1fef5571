/**
 * The `observations` collection and its WaterML 2.0 form: readings from the station objects, paged from a keyset
 * as the SensorThings API pages them (worker/sta/observations.ts), with the same ids (docs/decisions/0021, 0022).
 */
import { allReadingCodes, readingsOf } from '../../shared/readings';
import type { Interval, StationRow } from '../db/ogc';
import { badRequest, notFound } from '../domain/errors';
import type { FilterNode } from '../sta/filter';
import { datastreamId, datastreamOf, observationId, observationKeyOf } from '../sta/ids';
import { countsOf, pageAcross, seriesOf, type Stream } from '../sta/observations';
import type { ObservationRow } from '../station/observations';
import { codeOf } from './daily';
import { featureCollection, isoOf, pageOf, pointOf, withParams, type Feature, type ItemsRequest, type Link } from './pages';
import { datetimeOf, readParameters } from './params';
import { coveredStations } from './stations';
import { watermlPieces } from './waterml';

/** Stations at most for which a first page also counts what matches (each is asked). */
const countedStations = 10;
/** The longest range and the most readings one WaterML document holds. */
const watermlDays = 366;
const watermlPoints = 200_000;

const time = (op: 'ge' | 'le', ts: number): FilterNode => ({
  kind: 'op',
  op,
  args: [
    { kind: 'prop', path: 'phenomenonTime' },
    { kind: 'value', value: ts, time: ts },
  ],
});

/** The readings' conditions: within the interval, and of one flag. */
function filterOf(interval: Interval | undefined, flag: string | undefined): FilterNode | undefined {
  const args: FilterNode[] = [];
  if (interval?.from !== undefined) args.push(time('ge', interval.from));
  if (interval?.to !== undefined) args.push(time('le', interval.to));
  if (flag !== undefined) {
    if (flag !== 'good' && flag !== 'suspect') throw badRequest('flag is good or suspect (rejected readings are no observations).', 'flag');
    args.push({
      kind: 'op',
      op: 'eq',
      args: [
        { kind: 'prop', path: 'resultQuality' },
        { kind: 'value', value: flag },
      ],
    });
  }
  return args.length > 1 ? { kind: 'op', op: 'and', args } : args[0];
}

const streamOf = (s: StationRow, code: string | undefined): Stream => ({
  station: s.id,
  codes: code === undefined ? readingsOf(s.source).map((r) => allReadingCodes.indexOf(r.code)) : [allReadingCodes.indexOf(code)],
  point: s.lat === null || s.lon === null ? null : [s.lon, s.lat],
});

const keyOf = (row: ObservationRow) => [row.station, row.code, row.ts, row.value];

function featureOf(station: StationRow, row: ObservationRow): Feature {
  const code = allReadingCodes[row.code];
  return {
    type: 'Feature',
    id: observationId(datastreamId(row.station, row.code), row.ts),
    geometry: pointOf(station.lat, station.lon),
    properties: {
      station: station.uniqueId,
      code,
      unit: readingsOf(station.source).find((r) => r.code === code)!.unit,
      time: isoOf(row.ts),
      value: row.value,
      flag: row.quality,
      approved: row.approved,
    },
  };
}

/** A page of observations, by station, code and time, from the cursor on (or back from it). */
export async function observationItems(request: ItemsRequest) {
  const { ctx, cursor, limit } = request;
  const code = codeOf(request.filters.get('code'));
  const stations = await coveredStations(ctx, { uniqueId: request.filters.get('station'), bbox: request.bbox, code });
  const byId = new Map(stations.map((s) => [s.id, s]));
  const streams = stations.map((s) => streamOf(s, code));
  const filter = filterOf(request.datetime, request.filters.get('flag'));
  const backward = cursor?.direction === 'prev';
  const after = cursor && { station: cursor.key[0], code: cursor.key[1], ts: cursor.key[2], value: cursor.key[3] };
  const [read, counts] = await Promise.all([
    pageAcross(ctx, streams, { filter, order: backward ? [{ key: 'id', desc: true }] : [], after, skip: 0, top: limit }),
    !cursor && streams.length <= countedStations ? countsOf(ctx, [streams], filter) : undefined,
  ]);
  const rows = backward ? read.rows.reverse() : read.rows;
  const page = pageOf(request, rows, read.more, keyOf);
  // One station's one code is also a WaterML 2.0 time series.
  const waterml: Link[] =
    stations.length === 1 && code !== undefined
      ? [
          {
            href: withParams(new URL(`${request.root}/collections/observations/waterml`), {
              station: stations[0].uniqueId,
              code,
              datetime: request.url.searchParams.get('datetime') ?? undefined,
            }),
            rel: 'alternate',
            type: 'application/xml',
            title: 'This time series as WaterML 2.0',
          },
        ]
      : [];
  return featureCollection(
    request,
    'observations',
    { ...page, entities: page.entities.map((row) => featureOf(byId.get(row.station)!, row)) },
    { numberMatched: counts?.[0], links: waterml },
  );
}

/** One observation by its id, `<datastream>-<epoch ms>` (as in the SensorThings API). */
export async function observationItem(request: Pick<ItemsRequest, 'ctx'>, id: string): Promise<Feature> {
  const key = observationKeyOf(id);
  const stream = key && datastreamOf(key.datastream);
  const code = stream && allReadingCodes[stream.codeIndex];
  if (!key || !stream || !code) throw notFound('Observation', 'featureId');
  const [station] = await coveredStations(request.ctx, { ids: [stream.station], code });
  if (!station) throw notFound('Observation', 'featureId');
  const ts = key.ts;
  const { rows } = await pageAcross(request.ctx, [streamOf(station, code)], {
    filter: filterOf({ from: ts, to: ts }, undefined),
    order: [],
    skip: 0,
    top: 1,
  });
  if (!rows.length) throw notFound('Observation', 'featureId');
  return featureOf(station, rows[0]);
}

/**
 * One station's readings of one code over `datetime` (the last 30 days unless given; at most 366 days and 200,000
 * readings) as a WaterML 2.0 document, in pieces to stream.
 */
export async function watermlOf(request: Pick<ItemsRequest, 'ctx' | 'url' | 'root'>): Promise<Iterable<string>> {
  const params = readParameters(request.url, ['station', 'code', 'datetime']);
  const uniqueId = params.get('station');
  const code = codeOf(params.get('code'));
  if (uniqueId === undefined || code === undefined)
    throw badRequest('WaterML is one station’s one code: give station and code.', 'station');
  const asked = datetimeOf(params.get('datetime'));
  const to = asked?.to ?? Date.now();
  const from = asked?.from ?? to - 30 * 86_400_000;
  if (to - from > watermlDays * 86_400_000) throw badRequest(`A WaterML document covers at most ${watermlDays} days.`, 'datetime');
  const [station] = await coveredStations(request.ctx, { uniqueId });
  if (!station) throw notFound('Station', 'station');
  if (!readingsOf(station.source).some((r) => r.code === code))
    throw badRequest(`A ${station.source} station has no ${code} readings.`, 'code');
  const { series, more } = await seriesOf(request.ctx, streamOf(station, code), {
    filter: filterOf({ from, to }, undefined),
    order: [],
    top: watermlPoints,
  });
  if (more) throw badRequest(`More than ${watermlPoints.toLocaleString('en')} readings: ask for a shorter range.`, 'datetime');
  return watermlPieces({
    station: { uniqueId: station.uniqueId, name: station.name, source: station.source, lat: station.lat, lon: station.lon },
    code,
    from,
    to,
    points: series,
    self: request.url.toString(),
    stationUrl: `${request.root}/collections/stations/items/${encodeURIComponent(station.uniqueId)}`,
    generated: Date.now(),
  });
}
