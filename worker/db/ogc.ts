/**
 * D1 reads of the OGC API – Features (worker/ogc/): the stations a request covers (only those its subject may see)
 * with their point and newest reading, and the roll-up's day and month rows of some stations, read station after
 * station from a keyset so a deep page costs what the first does (docs/decisions/0022).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Source } from '../../shared/readings';
import { dayNumber, firstDayOf, keySpan, monthNumber, monthOfNumber } from './rollup-layout';
import { rawBatch } from './batch';
import type { Db } from './client';
import { newestReadingSql } from './daily-stats';
import { items, type Subject } from './schema';
import { visibleTo } from './stations';

/** A box in longitude and latitude (WGS 84); `minLon > maxLon` crosses the antimeridian. */
export interface Bbox {
  minLon: number;
  minLat: number;
  maxLon: number;
  maxLat: number;
}

/** An interval of instants (epoch ms, both ends included); an end left out is open. */
export interface Interval {
  from?: number;
  to?: number;
}

export interface StationFilter {
  ids?: number[];
  uniqueId?: string;
  name?: string;
  source?: Source;
  place?: string;
  group?: string;
  bbox?: Bbox;
  /** The newest reading lies in it. */
  newest?: Interval;
}

export interface StationRow {
  id: number;
  uniqueId: string;
  name: string;
  source: Source;
  place: string | null;
  group: string | null;
  timezone: string;
  lat: number | null;
  lon: number | null;
  lastTs: number | null;
}

/** A keyset page: entities after (or before) a key, at most `limit` of them (one more is read to tell whether more follow). */
export interface KeysetPage<K> {
  after?: K;
  before?: K;
  limit: number;
}

const newest = sql.raw(newestReadingSql('i.id'));

function stationConditions(subject: Subject, filter: StationFilter): SQL[] {
  const conditions: SQL[] = [visibleTo(subject, sql`i.id`)];
  if (filter.ids !== undefined) conditions.push(sql`i.id IN (SELECT value FROM json_each(${JSON.stringify(filter.ids)}))`);
  if (filter.uniqueId !== undefined) conditions.push(sql`i.unique_id = ${filter.uniqueId}`);
  if (filter.name !== undefined) conditions.push(sql`i.name = ${filter.name}`);
  if (filter.source !== undefined) conditions.push(sql`i.name_for_api = ${filter.source}`);
  if (filter.place !== undefined) conditions.push(sql`i.location_name = ${filter.place}`);
  if (filter.group !== undefined) conditions.push(sql`i.location_group = ${filter.group}`);
  const { bbox } = filter;
  if (bbox) {
    conditions.push(sql`i.location_x BETWEEN ${bbox.minLat} AND ${bbox.maxLat}`);
    conditions.push(
      bbox.minLon <= bbox.maxLon
        ? sql`i.location_y BETWEEN ${bbox.minLon} AND ${bbox.maxLon}`
        : sql`(i.location_y >= ${bbox.minLon} OR i.location_y <= ${bbox.maxLon})`,
    );
  }
  if (filter.newest?.from !== undefined) conditions.push(sql`${newest} >= ${filter.newest.from}`);
  if (filter.newest?.to !== undefined) conditions.push(sql`${newest} <= ${filter.newest.to}`);
  return conditions;
}

/**
 * The stations a subject may see that match `filter`, by id: a keyset page of them when `page` is given, else all;
 * with their count when asked (read alongside, in the same round trip).
 */
export async function selectStations(
  db: Db,
  subject: Subject,
  filter: StationFilter,
  page?: KeysetPage<number>,
  count = false,
): Promise<{ rows: StationRow[]; count?: number }> {
  const where = sql.join(stationConditions(subject, filter), sql` AND `);
  const keyset =
    page?.after !== undefined ? sql` AND i.id > ${page.after}` : page?.before !== undefined ? sql` AND i.id < ${page.before}` : sql``;
  const order = sql.raw(page?.before !== undefined ? 'DESC' : 'ASC');
  const limit = page ? sql` LIMIT ${page.limit + 1}` : sql``;
  const [rows, counted] = await rawBatch<Record<string, unknown>>(db, [
    sql`SELECT i.id AS id, i.unique_id AS uniqueId, i.name AS name, i.name_for_api AS source, i.location_name AS place,
          i.location_group AS "group", i.timezone AS timezone, i.location_x AS lat, i.location_y AS lon, ${newest} AS lastTs
        FROM ${items} i WHERE ${where}${keyset} ORDER BY i.id ${order}${limit}`,
    ...(count ? [sql`SELECT count(*) AS n FROM ${items} i WHERE ${where}`] : []),
  ]);
  const list = rows.results.map((r) => ({ ...r, lastTs: r.lastTs === null ? null : Number(r.lastTs) }) as StationRow);
  return { rows: page?.before !== undefined ? list.reverse() : list, count: counted ? Number(counted.results[0].n) : undefined };
}

/** The box around the stations a subject may see (null when none has coordinates). */
export async function selectStationExtent(db: Db, subject: Subject): Promise<Bbox | null> {
  const [row] = await db.all<{ minLon: number | null; minLat: number | null; maxLon: number | null; maxLat: number | null }>(
    sql`SELECT min(i.location_y) AS minLon, min(i.location_x) AS minLat, max(i.location_y) AS maxLon, max(i.location_x) AS maxLat
        FROM ${items} i WHERE ${visibleTo(subject, sql`i.id`)} AND i.location_x IS NOT NULL AND i.location_y IS NOT NULL`,
  );
  return row.minLon === null || row.minLat === null || row.maxLon === null || row.maxLat === null ? null : (row as Bbox);
}

/** Where a roll-up row sorts: its station, its first day (days since 1970-01-01), and month rows before day rows. */
export interface RollupKey {
  station: number;
  start: number;
  rank: 0 | 1;
}

/** A day or folded month row of the roll-up, with every slot's figures as D1 holds them. */
export interface RollupRowOf extends RollupKey {
  period: 'day' | 'month';
  /** The row as D1 holds it: `id`, `first_ts`, `last_ts` and each slot's `n`, `q`, `lo`, `hi`, `sm`, `f`, `l`, `v`. */
  columns: Record<string, unknown>;
}

export interface RollupRowFilter {
  /** Only rows holding this slot (the code asked for, of the stations' one source). */
  slot?: number;
  /** Only the row of this day: its day row, or its folded month's row. */
  day?: string;
  /** Only rows whose readings (first to last) meet this interval. */
  during?: Interval;
}

const compareKeys = (a: RollupKey, b: RollupKey) => a.station - b.station || a.start - b.start || a.rank - b.rank;
const monthStart = (monthKey: number) => dayNumber(firstDayOf(monthOfNumber(monthKey)));

/** Stations whose rows are read in one round trip. */
const stationsPerRound = 8;

/**
 * Roll-up rows of `stations` (ids, ascending) in key order from `page.after` on (or up to `page.before`, read backwards
 * and returned in key order), the edge row itself included (its codes may continue the page), and `limit + 1` beyond
 * it when that many exist: each station's day and month rows by their own key ranges, a few stations per round trip.
 */
export async function selectRollupRows(
  db: Db,
  stations: number[],
  filter: RollupRowFilter,
  page: KeysetPage<RollupKey>,
): Promise<RollupRowOf[]> {
  const backwards = page.before !== undefined;
  const edge = page.after ?? page.before;
  const ordered = backwards ? [...stations].reverse() : stations;
  const list = edge ? ordered.filter((s) => (backwards ? s <= edge.station : s >= edge.station)) : ordered;
  const need = page.limit + 1 + (edge ? 1 : 0);
  const rows: RollupRowOf[] = [];
  for (let i = 0; i < list.length && rows.length < need; i += stationsPerRound) {
    const round = list.slice(i, i + stationsPerRound);
    const statements = round.flatMap((station) => [
      rollupStatement('station_days', station, filter, edge, backwards, need),
      rollupStatement('station_months', station, filter, edge, backwards, need),
    ]);
    const results = await rawBatch<Record<string, unknown>>(db, statements);
    round.forEach((station, k) => {
      const days = results[2 * k].results.map((columns): RollupRowOf => {
        const start = Number(columns.id) - station * keySpan;
        return { station, start, rank: 1, period: 'day', columns };
      });
      const months = results[2 * k + 1].results.map((columns): RollupRowOf => {
        const start = monthStart(Number(columns.id) - station * keySpan);
        return { station, start, rank: 0, period: 'month', columns };
      });
      const merged = [...days, ...months]
        .filter((r) => !edge || (backwards ? compareKeys(r, edge) <= 0 : compareKeys(r, edge) >= 0))
        .sort((a, b) => (backwards ? compareKeys(b, a) : compareKeys(a, b)));
      rows.push(...merged);
    });
  }
  return backwards ? rows.reverse() : rows;
}

/** One station's day (or month) rows from the edge on, in key order (or backwards), at most `limit`. */
function rollupStatement(
  table: 'station_days' | 'station_months',
  station: number,
  filter: RollupRowFilter,
  edge: RollupKey | undefined,
  backwards: boolean,
  limit: number,
): SQL {
  const months = table === 'station_months';
  const base = station * keySpan;
  // The edge row itself is read again (its slots may continue); the caller drops what lies before it.
  const edgeKey = edge && edge.station === station ? base + (months ? monthOfDay(edge.start) : edge.start) : undefined;
  const conditions: SQL[] = [sql`r.id BETWEEN ${base} AND ${base + keySpan - 1}`];
  if (edgeKey !== undefined) conditions.push(backwards ? sql`r.id <= ${edgeKey}` : sql`r.id >= ${edgeKey}`);
  if (filter.slot !== undefined) conditions.push(sql`r.${sql.raw(`n${filter.slot}`)} IS NOT NULL`);
  if (filter.day !== undefined)
    conditions.push(sql`r.id = ${base + (months ? monthNumber(filter.day.slice(0, 7)) : dayNumber(filter.day))}`);
  if (filter.during?.from !== undefined) conditions.push(sql`r.last_ts >= ${filter.during.from}`);
  if (filter.during?.to !== undefined) conditions.push(sql`r.first_ts <= ${filter.during.to}`);
  return sql`SELECT r.* FROM ${sql.raw(table)} r WHERE ${sql.join(conditions, sql` AND `)} ORDER BY r.id ${sql.raw(backwards ? 'DESC' : 'ASC')} LIMIT ${limit}`;
}

/** The month number (decision 0015's layout) of a day number. */
const monthOfDay = (day: number) => monthNumber(new Date(day * 86_400_000).toISOString().slice(0, 7));
