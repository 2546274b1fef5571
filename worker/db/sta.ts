/**
 * D1 reads of the SensorThings API (worker/sta/): its entity sets as views over `items` and the reading catalogue,
 * filtered, ordered and paged in SQL, always within what the subject may see; the stations whose readings a
 * request pages through; and the roll-up's figures per station and code (the one place that reads the roll-up's rows
 * for it).
 */
import { sql, type SQL } from 'drizzle-orm';
import { allReadingCodes, derivedReadingsOf, readingsOf, sources, type ReadingInfo, type Source } from '../../shared/readings';
import { dayNumber, firstDayOf, keySpan, lastDayOf, monthNumber, slotCodes } from './rollup-layout';
import { rawBatch } from './batch';
import type { Db } from './client';
import { newestReadingSql } from './daily-stats';
import { items, type Subject } from './schema';
import { visibleTo } from './stations';
import { compileFilter, orderColumns, UnsupportedQuery, type Column, type FilterNode, type Fragment } from '../sta/filter';
import { codesPerStation, derivedKinds, firstDerivedSlot, rawOffset } from '../sta/ids';

export type D1Set =
  'Things' | 'Locations' | 'HistoricalLocations' | 'FeaturesOfInterest' | 'Datastreams' | 'Sensors' | 'ObservedProperties';

/**
 * Sensors are the two sources; ObservedProperties the catalogue's codes (id = index + 1), then the derived kinds
 * (elevation, depth below ground, discharge: ids 14–16).
 */
export const sensorId = (source: Source) => sources.indexOf(source) + 1;

/** The catalogue's units by name and UCUM code (SensorThings' unitOfMeasurement, WaterML's uom). */
export const unitOf = (unit: string) => units[unit];

const units: Record<string, { name: string; ucum: string }> = {
  m: { name: 'metre', ucum: 'm' },
  mm: { name: 'millimetre', ucum: 'mm' },
  'mS/cm': { name: 'millisiemens per centimetre', ucum: 'mS/cm' },
  '%': { name: 'percent', ucum: '%' },
  '°C': { name: 'degree Celsius', ucum: 'Cel' },
  V: { name: 'volt', ucum: 'V' },
  hPa: { name: 'hectopascal', ucum: 'hPa' },
  'm³/s': { name: 'cubic metre per second', ucum: 'm3/s' },
};

export const observationType = 'http://www.opengis.net/def/observationType/OGC-OM/2.0/OM_Measurement';

const text = (value: string) => `'${value.replaceAll("'", "''")}'`;

const ucum = (unit: string) => `http://www.opengis.net/def/uom/UCUM/0/${units[unit].ucum}`;

/** A station's roll-up rows (days, months, discharge days) lie in this key range (`station` an SQL expression). */
const range = (station: string) => `BETWEEN ${station} * ${keySpan} AND ${station} * ${keySpan} + ${keySpan - 1}`;
/** Whether a station (an SQL expression) has discharge: its roll-up holds days of it (docs/decisions/0038). */
const ratedSql = (station: string) => `EXISTS (SELECT 1 FROM station_discharge_days d WHERE d.id ${range(station)})`;

const derivedProperty = (kind: string) => allReadingCodes.length + 1 + derivedKinds.indexOf(kind as (typeof derivedKinds)[number]);

/**
 * A station's datastreams per source as a table, written into the statement (constants of this code, 39 rows; D1
 * binds at most 100 values): each stored code's corrected series (its slot) and raw one (slot + 2^30), and its level
 * code's derived series (slots 13–15), which a station has only with a reference (`needs`) or discharge in its roll-up.
 */
const streamRows = sources.flatMap((source) => {
  const row = (
    slot: number,
    r: ReadingInfo,
    series: string,
    property: number,
    extra: { suffix?: string; about?: string; from?: string; needs?: string; aboveDatum?: boolean },
  ) =>
    `(${slot}, ${text(r.code)}, ${text(source)}, ${sensorId(source)}, ${text(r.label)}, ${text(extra.suffix ?? '')}, ${text(extra.about ?? '')}, ${text(r.unit)}, ${text(units[r.unit].name)}, ${text(ucum(r.unit))}, ${text(series)}, ${extra.from ? text(extra.from) : 'NULL'}, ${text(extra.needs ?? '')}, ${extra.aboveDatum ? 1 : 0}, ${property})`;
  return [
    ...readingsOf(source).flatMap((r) => {
      const idx = allReadingCodes.indexOf(r.code);
      return [
        row(idx, r, 'corrected', idx + 1, {}),
        row(rawOffset + idx, r, 'raw', idx + 1, { suffix: ' (raw)', about: ', as stored (without corrections)' }),
      ];
    }),
    ...derivedReadingsOf(source).map((d) =>
      row(firstDerivedSlot + derivedKinds.indexOf(d.derived.kind), d, 'derived', derivedProperty(d.derived.kind), {
        about: `, derived from ${d.derived.from}`,
        from: d.derived.from,
        needs: d.derived.kind === 'discharge' ? 'rating' : 'reference',
        aboveDatum: d.aboveDatum,
      }),
    ),
  ];
});
const streams = `cat(slot, code, source, sensor, label, suffix, about, unit, unit_name, unit_definition, series, from_code, needs, above_datum, property) AS (VALUES ${streamRows.join(', ')})`;
/** Which of the source's datastreams station `i` has (a derived one only with its reference or discharge). */
const hasStream = `(c.needs = '' OR (c.needs = 'reference' AND i.datum IS NOT NULL) OR (c.needs = 'rating' AND ${ratedSql('i.id')}))`;

// The observed properties: the catalogue's codes, then the derived kinds (named after the first source's).
const propertyRows = [
  ...sources.flatMap((source) =>
    readingsOf(source).map(
      (r) =>
        `(${allReadingCodes.indexOf(r.code) + 1}, ${text(r.code)}, ${text(r.label)}, ${text(source)}, ${text(`urn:hladina:reading:${r.code.replaceAll(' ', '%20')}`)}, ${text(`${r.label} (${r.code}, ${source})`)})`,
    ),
  ),
  ...derivedReadingsOf(sources[0]).map(
    (d) =>
      `(${derivedProperty(d.derived.kind)}, ${text(d.derived.kind)}, ${text(d.label)}, NULL, ${text(`urn:hladina:derived:${d.derived.kind}`)}, ${text(`${d.label} (derived from a level, ${d.unit})`)})`,
  ),
];
const properties = `props(id, code, label, source, definition, description) AS (VALUES ${propertyRows.join(', ')})`;
const sensorTable = `sensors(id, name, codes) AS (VALUES ${sources
  .map(
    (s) =>
      `(${sensorId(s)}, ${text(s)}, ${text(
        readingsOf(s)
          .map((r) => r.code)
          .join(', '),
      )})`,
  )
  .join(', ')})`;

interface View {
  with?: string;
  from: string;
  /** The station column visibility is decided on; the catalogue's own sets have none. */
  station?: string;
  select: Record<string, string>;
  /** What `$filter` and `$orderby` may name, and the columns nested paths and expansions are scoped by. */
  columns: Record<string, Column>;
}

const textColumn = (sql: string): Column => ({ sql, type: 'text' });
const numberColumn = (sql: string): Column => ({ sql, type: 'number' });
const point = { type: 'point', x: 'i.location_y', y: 'i.location_x' } as const;
const pointType = textColumn(`(CASE WHEN i.location_x IS NOT NULL AND i.location_y IS NOT NULL THEN 'Point' END)`);
const geoJson = textColumn(`'application/geo+json'`);
const placeName = textColumn('coalesce(i.location_name, i.name)');

/** A view whose rows carry some of its columns under their own names (name, description…) and `extra` ones. */
function view(parts: Omit<View, 'select'> & { named: string[]; extra: Record<string, string> }): View {
  const { named, extra, ...rest } = parts;
  const select: Record<string, string> = {};
  for (const name of named) select[name] = (rest.columns[name] as { sql: string }).sql;
  return { ...rest, select: { ...select, ...extra } };
}

const station = { from: 'items i', station: 'i.id' };
const place = { lat: 'i.location_x', lon: 'i.location_y' };

/** The SQL behind each entity set's properties; worker/sta/entities.ts shapes its rows into entities. */
const views: Record<D1Set, View> = {
  Things: view({
    ...station,
    columns: {
      id: numberColumn('i.id'),
      name: textColumn('i.name'),
      description: textColumn(`(i.name_for_api || ' station ' || i.unique_id)`),
      'properties/unique_id': textColumn('i.unique_id'),
      'properties/source': textColumn('i.name_for_api'),
      'properties/location_name': textColumn('i.location_name'),
      'properties/location_group': textColumn('i.location_group'),
      'properties/timezone': textColumn('i.timezone'),
      // A Thing's one Location is its point (FROST answers `geo.intersects(Locations/location, …)` on Things).
      'Locations/location': point,
    },
    named: ['id', 'name', 'description'],
    extra: {
      unique_id: 'i.unique_id',
      source: 'i.name_for_api',
      location_name: 'i.location_name',
      location_group: 'i.location_group',
      timezone: 'i.timezone',
    },
  }),
  Locations: view({
    ...station,
    columns: {
      id: numberColumn('i.id'),
      name: placeName,
      description: textColumn(`('Location of ' || i.name)`),
      encodingType: geoJson,
      location: point,
      'location/type': pointType,
      'location/geometry/type': textColumn('NULL'),
      'properties/location_group': textColumn('i.location_group'),
    },
    named: ['id', 'name', 'description'],
    extra: { ...place, location_group: 'i.location_group' },
  }),
  // A station stays where it is: its one HistoricalLocation is "last known there" at its newest reading.
  HistoricalLocations: view({
    ...station,
    columns: { id: numberColumn('i.id'), time: { sql: `coalesce(${newestReadingSql('i.id')}, 0)`, type: 'time' } },
    named: ['id', 'time'],
    extra: {},
  }),
  FeaturesOfInterest: view({
    ...station,
    columns: {
      id: numberColumn('i.id'),
      name: placeName,
      description: textColumn(`('Where station ' || i.name || ' measures')`),
      encodingType: geoJson,
      feature: point,
      'feature/type': pointType,
      'feature/geometry/type': textColumn('NULL'),
    },
    named: ['id', 'name', 'description'],
    extra: place,
  }),
  Datastreams: view({
    with: streams,
    from: `items i JOIN cat c ON c.source = i.name_for_api AND ${hasStream}`,
    station: 'i.id',
    columns: {
      id: numberColumn(`(i.id * ${codesPerStation} + c.slot)`),
      name: textColumn(`(i.name || ' – ' || c.label || c.suffix)`),
      description: textColumn(`(c.label || ' (' || c.code || ') at ' || i.name || c.about)`),
      observationType: textColumn(text(observationType)),
      unitOfMeasurement: textColumn('c.unit_name'),
      'unitOfMeasurement/name': textColumn('c.unit_name'),
      'unitOfMeasurement/symbol': textColumn('c.unit'),
      'unitOfMeasurement/definition': textColumn('c.unit_definition'),
      'properties/code': textColumn('c.code'),
      'properties/series': textColumn('c.series'),
      'properties/unique_id': textColumn('i.unique_id'),
      'Thing/id': numberColumn('i.id'),
      'Thing/name': textColumn('i.name'),
      'Sensor/id': numberColumn('c.sensor'),
      'ObservedProperty/id': numberColumn('c.property'),
    },
    named: ['id', 'name', 'description'],
    extra: {
      station: 'i.id',
      unique_id: 'i.unique_id',
      code: 'c.code',
      series: 'c.series',
      from_code: 'c.from_code',
      datum: '(CASE WHEN c.above_datum = 1 THEN i.datum END)',
      property: 'c.property',
      unit: 'c.unit',
      unit_name: 'c.unit_name',
      unit_definition: 'c.unit_definition',
      sensor: 'c.sensor',
    },
  }),
  Sensors: view({
    with: sensorTable,
    from: 'sensors s',
    columns: {
      id: numberColumn('s.id'),
      name: textColumn('s.name'),
      description: textColumn(`(s.name || ' station logger')`),
      encodingType: textColumn(`'text/plain'`),
      metadata: textColumn(`('Reading codes: ' || s.codes)`),
    },
    named: ['id', 'name', 'description', 'encodingType', 'metadata'],
    extra: {},
  }),
  ObservedProperties: view({
    with: properties,
    from: 'props p',
    columns: {
      id: numberColumn('p.id'),
      name: textColumn('p.label'),
      definition: textColumn('p.definition'),
      description: textColumn('p.description'),
      'properties/code': textColumn('p.code'),
    },
    named: ['id', 'name', 'definition', 'description'],
    extra: { code: 'p.code', source: 'p.source' },
  }),
};

/** Properties the roll-up fills after the page is read (worker/sta/entities.ts): shown, but not filtered or ordered by. */
const filledLater: Partial<Record<D1Set, string[]>> = { Datastreams: ['phenomenonTime', 'resultTime'] };

const columnOf = (set: D1Set) => (path: string) => {
  if (filledLater[set]?.includes(path))
    throw new UnsupportedQuery(`${set} cannot be filtered or ordered by ${path}: it comes from the daily roll-up.`);
  return views[set].columns[path];
};

const toSql = (fragment: Fragment): SQL => sql.join(fragment.map((p) => (typeof p === 'string' ? sql.raw(p) : sql`${p.value}`)));

export interface EntityQuery {
  set: D1Set;
  subject: Subject;
  where?: FilterNode;
  orderBy: { path: string; desc: boolean }[];
  skip: number;
  /** Rows wanted; one more is read to tell whether more follow. */
  top: number;
  count: boolean;
  /** An expansion: rows are numbered, paged and counted within each value of this column (the parent's id). */
  partition?: string;
}

export type EntityRow = Record<string, string | number | null> & { id: number };
export interface EntityRows {
  rows: EntityRow[];
  /** The rows of each partition, in order, when partitioned; `rows` holds them all. */
  parts?: Map<number, EntityRow[]>;
  count?: number;
  counts?: Map<number, number>;
}

/** One page of an entity set (or of each parent's children) with its count (read alongside). */
export async function queryEntities(db: Db, query: EntityQuery): Promise<EntityRows> {
  const view = views[query.set];
  const columns = columnOf(query.set);
  const conditions: SQL[] = [];
  if (view.station) conditions.push(visibleTo(query.subject, sql.raw(view.station)));
  if (query.where) conditions.push(toSql(compileFilter(query.where, columns)));
  const where = conditions.length ? sql` WHERE ${sql.join(conditions, sql` AND `)}` : sql``;
  // Ties are broken by id, so every page of an ordering is stable.
  const order = [...query.orderBy, { path: 'id', desc: false }]
    .flatMap((o) => orderColumns(o.path, columns).map((c) => `${c} ${o.desc ? 'DESC' : 'ASC'}`))
    .join(', ');
  const select = Object.entries(view.select)
    .map(([alias, expr]) => `${expr} AS ${alias}`)
    .join(', ');
  const head = sql.raw(view.with ? `WITH ${view.with} ` : '');
  const from = sql.raw(` FROM ${view.from}`);
  const end = query.skip + query.top + 1;

  if (query.partition) {
    const part = view.columns[query.partition];
    if (!part || part.type === 'point') throw new UnsupportedQuery(`Cannot scope ${query.set} by ${query.partition}.`);
    const rowsQuery = db.all<EntityRow & { part_: number }>(
      sql`${head}SELECT * FROM (SELECT ${sql.raw(select)}, ${sql.raw(part.sql)} AS part_, ROW_NUMBER() OVER (PARTITION BY ${sql.raw(part.sql)} ORDER BY ${sql.raw(order)}) AS rn_${from}${where}) WHERE rn_ > ${query.skip} AND rn_ <= ${end} ORDER BY part_, rn_`,
    );
    const countQuery = db.all<{ part_: number; n: number }>(
      sql`${head}SELECT ${sql.raw(part.sql)} AS part_, count(*) AS n${from}${where} GROUP BY part_`,
    );
    const [rows, counted] = query.count ? await Promise.all([rowsQuery, countQuery]) : [await rowsQuery, []];
    const parts = new Map<number, EntityRow[]>();
    for (const row of rows) {
      if (!parts.has(row.part_)) parts.set(row.part_, []);
      parts.get(row.part_)!.push(row);
    }
    return { rows, parts, counts: query.count ? new Map(counted.map((c) => [c.part_, c.n])) : undefined };
  }
  const rowsQuery = db.all<EntityRow>(
    sql`${head}SELECT ${sql.raw(select)}${from}${where} ORDER BY ${sql.raw(order)} LIMIT ${query.top + 1} OFFSET ${query.skip}`,
  );
  const countQuery = db.all<{ n: number }>(sql`${head}SELECT count(*) AS n${from}${where}`);
  if (!query.count) return { rows: await rowsQuery };
  if (!query.top) return { rows: [], count: (await countQuery)[0].n };
  const [rows, [counted]] = await Promise.all([rowsQuery, countQuery]);
  return { rows, count: counted.n };
}

/**
 * Stations the subject may see, in id order (only `ids` when given), with their source, point, and whether they have
 * a reference (their elevation and depth datastreams) and discharge (as the Datastreams view decides).
 */
export async function selectStreamStations(db: Db, subject: Subject, ids?: number[]) {
  const only = ids ? sql` AND ${items.id} IN (SELECT value FROM json_each(${JSON.stringify(ids)}))` : sql``;
  return db.all<{ id: number; source: Source; lat: number | null; lon: number | null; referenced: number; rated: number }>(
    sql`SELECT ${items.id} AS id, ${items.nameForApi} AS source, ${items.locationX} AS lat, ${items.locationY} AS lon,
      ${items.datum} IS NOT NULL AS referenced, ${sql.raw(ratedSql('items.id'))} AS rated
      FROM ${items} WHERE ${visibleTo(subject)}${only} ORDER BY ${items.id}`,
  );
}

export interface RolledUp {
  station: number;
  code: string;
  count: number;
  firstTs: number | null;
  lastTs: number | null;
  /** The newest reading's value (with `lastTs`). */
  lastValue: number | null;
}

/** What a station's object holds newer figures of than D1: whole days, and folded months it rolls up anew. */
export interface Excluded {
  station: number;
  days: string[];
  months: string[];
}

// A code belongs to one source; its slot is its place among that source's codes (a derived one's after them).
const slotOf = (code: string) => {
  for (const source of sources) {
    const s = slotCodes(source).indexOf(code);
    if (s >= 0) return s;
  }
  return -1;
};

/**
 * What the roll-up knows per datastream (station and code), and the one function of the SensorThings API that
 * reads the roll-up's rows (a change of their layout changes only this and `newestReadingSql`). With `counts`:
 * readings per datastream, less those of the days and months in `exclude` (which a station's object holds newer
 * figures of); otherwise the first and the newest reading, found by seeks at either end of the station's rows.
 */
export async function rolledUp(
  db: Db,
  { datastreams, counts, exclude = [] }: { datastreams: [number, string][]; counts: boolean; exclude?: Excluded[] },
): Promise<RolledUp[]> {
  if (!datastreams.length) return [];
  const bySlot = new Map<number, [number, string][]>();
  for (const pair of datastreams) {
    const s = slotOf(pair[1]);
    if (s < 0) continue;
    bySlot.set(s, [...(bySlot.get(s) ?? []), pair]);
  }
  const slots = [...bySlot.keys()];
  const stationsOf = (s: number) => JSON.stringify([...new Set(bySlot.get(s)!.map(([station]) => station))]);
  const codeAt = (s: number, station: number) => bySlot.get(s)!.find(([id]) => id === station)?.[1];
  if (!counts) {
    const results = (
      await rawBatch<{ station: number; first_ts: number | null; last: string | null }>(
        db,
        slots.map((s) =>
          sql.raw(`
          SELECT j.value AS station,
            coalesce((SELECT m.f${s} FROM station_months m WHERE m.id ${range('j.value')} AND m.n${s} IS NOT NULL ORDER BY m.id LIMIT 1),
                     (SELECT d.f${s} FROM station_days d WHERE d.id ${range('j.value')} AND d.n${s} IS NOT NULL ORDER BY d.id LIMIT 1)) AS first_ts,
            coalesce((SELECT json_array(d.l${s}, d.v${s}) FROM station_days d WHERE d.id ${range('j.value')} AND d.n${s} IS NOT NULL ORDER BY d.id DESC LIMIT 1),
                     (SELECT json_array(m.l${s}, m.v${s}) FROM station_months m WHERE m.id ${range('j.value')} AND m.n${s} IS NOT NULL ORDER BY m.id DESC LIMIT 1)) AS last
          FROM json_each('${stationsOf(s)}') j`),
        ),
      )
    ).map((r) => r.results);
    return slots.flatMap((s, i) =>
      results[i].flatMap((r) => {
        const code = codeAt(s, r.station);
        if (!code || r.first_ts === null || r.last === null) return [];
        const [lastTs, lastValue] = JSON.parse(r.last) as [number, number];
        return [{ station: r.station, code, count: 0, firstTs: r.first_ts, lastTs, lastValue }];
      }),
    );
  }
  // Rows of what the objects hold anew: excluded days, excluded months and any day rows left of those months.
  const dayKeys = exclude.flatMap((x) => x.days.map((d) => x.station * keySpan + dayNumber(d)));
  const monthKeys = exclude.flatMap((x) => x.months.map((m) => x.station * keySpan + monthNumber(m)));
  const monthDays = exclude.flatMap((x) =>
    x.months.map((m) => [x.station * keySpan + dayNumber(firstDayOf(m)), x.station * keySpan + dayNumber(lastDayOf(m))]),
  );
  const slotSums = slots.map((s) => `n${s}`).join(', ');
  const [totals, ...excluded] = (
    await rawBatch<Record<string, number | null>>(db, [
      sql.raw(`SELECT j.value AS station, ${slots.map((s) => `(SELECT sum(d.n${s}) FROM station_days d WHERE d.id ${range('j.value')}) AS d${s}, (SELECT sum(m.n${s}) FROM station_months m WHERE m.id ${range('j.value')}) AS m${s}`).join(', ')}
      FROM json_each('${JSON.stringify([...new Set(datastreams.map(([station]) => station))])}') j`),
      sql`SELECT id, ${sql.raw(slotSums)} FROM station_days WHERE id IN (SELECT value FROM json_each(${JSON.stringify(dayKeys)}))`,
      sql`SELECT id, ${sql.raw(slotSums)} FROM station_months WHERE id IN (SELECT value FROM json_each(${JSON.stringify(monthKeys)}))`,
      ...monthDays.map(([lo, hi]) => sql`SELECT id, ${sql.raw(slotSums)} FROM station_days WHERE id BETWEEN ${lo} AND ${hi}`),
    ])
  ).map((r) => r.results);
  const less = new Map<string, number>();
  for (const row of excluded.flat()) {
    const station = Math.floor(Number(row.id) / keySpan);
    for (const s of slots) less.set(`${station}|${s}`, (less.get(`${station}|${s}`) ?? 0) + (row[`n${s}`] ?? 0));
  }
  const totalOf = new Map(totals.map((t) => [t.station, t]));
  return slots.flatMap((s) =>
    bySlot.get(s)!.flatMap(([station, code]) => {
      const row = totalOf.get(station);
      const d = row?.[`d${s}`] ?? null;
      const m = row?.[`m${s}`] ?? null;
      if (d === null && m === null) return [];
      return [
        { station, code, count: (d ?? 0) + (m ?? 0) - (less.get(`${station}|${s}`) ?? 0), firstTs: null, lastTs: null, lastValue: null },
      ];
    }),
  );
}
