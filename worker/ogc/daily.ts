/**
 * The `daily` collection: the roll-up per station, reading code and station-local day (a folded month as one
 * feature), read from D1's `station_days` and `station_months` a station at a time from a keyset, so paging never
 * counts rows it skips (docs/decisions/0022).
 */
import { allReadingCodes, isDerived, isSummed, readingInfo, toMillionths } from '../../shared/readings';
import { selectRollupRows, type RollupKey, type RollupRowOf, type StationRow } from '../db/ogc';
import { datastreamId, datastreamOf } from '../sta/ids';
import { badRequest, notFound } from '../domain/errors';
import { dayOfNumber, figuresOfRow, lastDayOf, slotCodes } from '../db/rollup-layout';
import { cut, featureCollection, isoOf, pointOf, type Feature, type ItemsRequest } from './pages';
import { coveredStations } from './stations';

/** A daily feature with where it sorts: its row's key and its code's slot. */
interface Keyed {
  feature: Feature;
  key: [number, number, number, number];
}

/** A code of the catalogue, or a 400. */
export function codeOf(value: string | undefined): string | undefined {
  if (value === undefined || readingInfo(value)) return value;
  throw badRequest(`"${value}" is no reading code of the catalogue.`, 'code');
}

/** The features of one roll-up row: one per code it holds (only `code` when given), in slot order. */
function featuresOfRow(station: StationRow, row: RollupRowOf, code: string | undefined): Keyed[] {
  const codes = slotCodes(station.source);
  const figures = figuresOfRow(station.source, row.columns);
  const day = dayOfNumber(row.start);
  const month = row.period === 'month' ? day.slice(0, 7) : undefined;
  return Object.entries(figures).flatMap(([c, f]) => {
    // A derived code has no Datastream (nor its id) yet: the daily features are the stored codes'.
    if ((code !== undefined && c !== code) || isDerived(c)) return [];
    const summed = isSummed(c);
    const feature: Feature = {
      type: 'Feature',
      id: `${datastreamId(station.id, allReadingCodes.indexOf(c))}-${month ?? day}`,
      geometry: pointOf(station.lat, station.lon),
      properties: {
        station: station.uniqueId,
        code: c,
        unit: readingInfo(c)!.unit,
        period: row.period,
        day,
        last_day: month ? lastDayOf(month) : day,
        count: f.count,
        suspect: f.suspect,
        min: f.min,
        max: f.max,
        mean: summed || !Number.isFinite(f.sum) ? null : toMillionths(f.sum / f.count),
        total: summed && Number.isFinite(f.sum) ? toMillionths(f.sum) : null,
        first_time: isoOf(f.firstTs),
        last_time: isoOf(f.lastTs),
      },
    };
    return [{ feature, key: [row.station, row.start, row.rank, codes.indexOf(c)] }];
  });
}

const compare = (a: number[], b: number[]) => a.reduce((d, x, i) => d || x - b[i], 0);

/** A page of daily features (no count: it would read every row). */
export async function dailyItems(request: ItemsRequest) {
  const code = codeOf(request.filters.get('code'));
  const day = request.filters.get('day');
  if (day !== undefined && (!/^\d{4}-\d\d-\d\d$/.test(day) || Number.isNaN(Date.parse(day))))
    throw badRequest('day is a date, YYYY-MM-DD.', 'day');
  const stations = await coveredStations(request.ctx, { uniqueId: request.filters.get('station'), bbox: request.bbox, code });
  const byId = new Map(stations.map((s) => [s.id, s]));
  const { cursor, limit } = request;
  const edge: RollupKey | undefined = cursor && { station: cursor.key[0], start: cursor.key[1], rank: cursor.key[2] === 0 ? 0 : 1 };
  const slot = code === undefined ? undefined : slotCodes(stations[0]?.source ?? 'DANES').indexOf(code);
  const rows = await selectRollupRows(
    request.ctx.db,
    stations.map((s) => s.id),
    { slot, day, during: request.datetime },
    cursor?.direction === 'prev' ? { before: edge, limit } : { after: edge, limit },
  );
  const keyed = rows
    .flatMap((row) => featuresOfRow(byId.get(row.station)!, row, code))
    // The cursor's own row comes back whole: only its features beyond the cursor count.
    .filter((k) => !cursor || (cursor.direction === 'next' ? compare(k.key, cursor.key) > 0 : compare(k.key, cursor.key) < 0));
  const page = cut(request, keyed, (k) => k.key);
  return featureCollection(request, 'daily', { ...page, entities: page.entities.map((k) => k.feature) });
}

/** One daily feature by its id, `<datastream>-<YYYY-MM-DD>` (or `-<YYYY-MM>` for a folded month). */
export async function dailyItem(request: Pick<ItemsRequest, 'ctx'>, id: string): Promise<Feature> {
  const match = /^(\d{1,15})-(\d{4}-\d\d)(-\d\d)?$/.exec(id);
  const stream = match ? datastreamOf(Number(match[1])) : undefined;
  const code = stream && allReadingCodes[stream.codeIndex];
  if (!match || !stream || !code) throw notFound('Daily feature', 'featureId');
  const [station] = await coveredStations(request.ctx, { ids: [stream.station], code });
  if (!station) throw notFound('Daily feature', 'featureId');
  const day = match[3] ? `${match[2]}${match[3]}` : `${match[2]}-01`;
  const found = await selectRollupRows(request.ctx.db, [station.id], { slot: slotCodes(station.source).indexOf(code), day }, { limit: 2 });
  const feature = found.flatMap((row) => featuresOfRow(station, row, code)).find((k) => k.feature.id === id)?.feature;
  if (!feature) throw notFound('Daily feature', 'featureId');
  return feature;
}
