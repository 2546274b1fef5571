/**
 * The entity sets D1 answers (all but Observations): pages, the children of many parents at once (an
 * expansion), and entities by id, shaped into entities. Datastreams' time spans come from the roll-up, only when
 * they are shown.
 */
import type { SubjectCtx } from '../context';
import { derivedReadings } from '../../shared/readings';
import { stationOf } from '../station/directory';
import { observationType, queryEntities, rolledUp, type D1Set, type EntityRow, type RolledUp } from '../db/sta';
import type { FilterNode } from './filter';
import type { Entity } from './model';

export interface Page {
  entities: Entity[];
  /** Whether entities follow the page. */
  more: boolean;
  count?: number;
}

export interface PageOptions {
  where?: FilterNode;
  orderBy: { path: string; desc: boolean }[];
  skip: number;
  top: number;
  count: boolean;
}

/** A `properties` object without its empty entries; left out altogether when nothing is left. */
function compact(o: Record<string, unknown>) {
  const kept = Object.entries(o).filter(([, v]) => v !== null && v !== undefined);
  return kept.length ? Object.fromEntries(kept) : undefined;
}
const point = (row: EntityRow) => (row.lat === null || row.lon === null ? null : { type: 'Point', coordinates: [row.lon, row.lat] });
const iso = (ts: number) => new Date(ts).toISOString();

function toEntity(set: D1Set, row: EntityRow): Entity {
  const { id, name, description } = row;
  switch (set) {
    case 'Things':
      return {
        set,
        id,
        props: {
          name,
          description,
          properties: compact({
            unique_id: row.unique_id,
            source: row.source,
            location_name: row.location_name,
            location_group: row.location_group,
            timezone: row.timezone,
          }),
        },
        keys: {},
      };
    case 'Locations':
      return {
        set,
        id,
        props: {
          name,
          description,
          encodingType: 'application/geo+json',
          location: point(row),
          properties: compact({ location_group: row.location_group }),
        },
        keys: {},
      };
    case 'FeaturesOfInterest':
      return { set, id, props: { name, description, encodingType: 'application/geo+json', feature: point(row) }, keys: {} };
    case 'HistoricalLocations':
      return { set, id, props: { time: iso(row.time as number) }, keys: {} };
    case 'Datastreams':
      return {
        set,
        id,
        props: {
          name,
          description,
          unitOfMeasurement: { name: row.unit_name, symbol: row.unit, definition: row.unit_definition },
          observationType,
          properties: compact({ code: row.code, unique_id: row.unique_id, series: row.series, from: row.from_code, datum: row.datum }),
        },
        keys: { station: row.station as number, sensor: row.sensor as number, observedProperty: row.property as number },
      };
    case 'Sensors':
      return { set, id, props: { name, description, encodingType: row.encodingType, metadata: row.metadata }, keys: {} };
    case 'ObservedProperties':
      return {
        set,
        id,
        props: { name, definition: row.definition, description, properties: compact({ code: row.code, source: row.source }) },
        keys: {},
      };
  }
}

const spans = new WeakMap<SubjectCtx, Map<string, Promise<RolledUp[]>>>();

/**
 * The roll-up's first and newest reading per datastream ([station, code]), read once per request for the same
 * datastreams (an expansion of Datastreams and of their newest Observations asks for the same).
 */
export function spansOf(ctx: SubjectCtx, datastreams: [number, string][]): Promise<RolledUp[]> {
  const key = JSON.stringify(datastreams.map((d) => d.join('|')).sort());
  const known = spans.get(ctx) ?? new Map<string, Promise<RolledUp[]>>();
  spans.set(ctx, known);
  if (!known.has(key)) known.set(key, rolledUp(ctx.db, { datastreams, counts: false }));
  return known.get(key)!;
}

/** Fills what the roll-up knows: a Datastream's phenomenonTime and resultTime, its first and last reading (left out without readings). */
async function fillFromRollUp(ctx: SubjectCtx, entities: Entity[]) {
  if (!entities.length) return;
  const codeOf = (e: Entity) => (e.props.properties as { code: string }).code;
  const spans = await spansOf(
    ctx,
    entities.map((e) => [e.keys.station, codeOf(e)]),
  );
  const byKey = new Map(spans.map((s) => [`${s.station}|${s.code}`, s]));
  for (const e of entities) {
    const span = byKey.get(`${e.keys.station}|${codeOf(e)}`);
    if (!span?.firstTs || !span.lastTs) continue;
    const interval = `${iso(span.firstTs)}/${iso(span.lastTs)}`;
    const { properties, ...rest } = e.props;
    e.props = { ...rest, phenomenonTime: interval, resultTime: interval, properties };
  }
}

/**
 * Names the rating a discharge Datastream's values come through: its stage code's rating versions (each in effect
 * from its `from`), as the station's object keeps them.
 */
async function fillRatings(ctx: SubjectCtx, entities: Entity[]) {
  const discharge = new Set(derivedReadings.filter((d) => d.derived.kind === 'discharge').map((d) => d.code));
  const discharges = entities.filter((e) => discharge.has((e.props.properties as { code: string }).code));
  await Promise.all(
    discharges.map(async (e) => {
      const properties = e.props.properties as { from: string };
      const { versions } = await stationOf(ctx.env, e.keys.station).ratings().state(properties.from);
      e.props.properties = {
        ...properties,
        rating: { code: properties.from, versions: versions.map((v) => ({ id: v.id, from: v.from, to: v.to, note: v.note })) },
      };
    }),
  );
}

/** Whether a page shows the time span the roll-up fills. */
const needsRollUp = (set: D1Set, select?: string[]) =>
  set === 'Datastreams' && (!select || select.includes('phenomenonTime') || select.includes('resultTime'));
const needsRatings = (set: D1Set, select?: string[]) => set === 'Datastreams' && (!select || select.includes('properties'));

/** What is filled after the page is read: the roll-up's time spans and the ratings of discharges. */
const fillLater = (ctx: SubjectCtx, set: D1Set, entities: Entity[], select?: string[]) =>
  Promise.all([
    needsRollUp(set, select) ? fillFromRollUp(ctx, entities) : undefined,
    needsRatings(set, select) ? fillRatings(ctx, entities) : undefined,
  ]).then(() => undefined);

/** A page of a set, with its count. */
export async function d1Page(ctx: SubjectCtx, set: D1Set, options: PageOptions, select?: string[]): Promise<Page> {
  const { rows, count } = await queryEntities(ctx.db, { set, subject: ctx.subject, ...options });
  const entities = rows.slice(0, options.top).map((row) => toEntity(set, row));
  await fillLater(ctx, set, entities, select);
  return { entities, more: rows.length > options.top, count };
}

/**
 * The children of many parents at once: each parent's page (by `column`, e.g. a Datastream's `Thing/id`) and count.
 * What the roll-up fills is `filled`, under way meanwhile (an expansion of the children's own relations need not
 * wait for it).
 */
export async function d1Children(
  ctx: SubjectCtx,
  set: D1Set,
  column: string,
  keys: number[],
  options: PageOptions,
  select?: string[],
): Promise<{ pages: Map<number, Page>; filled: Promise<void> }> {
  const scope: FilterNode = { kind: 'in', arg: { kind: 'prop', path: column }, values: [...new Set(keys)] };
  const where: FilterNode = options.where ? { kind: 'op', op: 'and', args: [scope, options.where] } : scope;
  const { parts, counts } = await queryEntities(ctx.db, { set, subject: ctx.subject, ...options, where, partition: column });
  const all: Entity[] = [];
  const pages = new Map<number, Page>();
  for (const key of keys) {
    const rows = parts?.get(key) ?? [];
    const entities = rows.slice(0, options.top).map((row) => toEntity(set, row));
    all.push(...entities);
    pages.set(key, { entities, more: rows.length > options.top, count: counts?.get(key) ?? (counts ? 0 : undefined) });
  }
  return { pages, filled: fillLater(ctx, set, all, select) };
}

/** Entities of a set by id (those the subject may see), with their filled properties. */
export async function d1ById(ctx: SubjectCtx, set: D1Set, ids: number[], select?: string[]): Promise<Map<number, Entity>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const where: FilterNode = { kind: 'in', arg: { kind: 'prop', path: 'id' }, values: unique };
  const page = await d1Page(ctx, set, { where, orderBy: [], skip: 0, top: unique.length, count: false }, select);
  // The sets D1 answers have number ids.
  return new Map(page.entities.map((e) => [e.id as number, e]));
}
