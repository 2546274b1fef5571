/**
 * What a SensorThings request reads, set by set: a collection's page and count, one entity, the relations
 * `$expand` asks for (each relation of all parents at once), and the JSON they are written as.
 */
import type { SubjectCtx } from '../context';
import type { D1Set } from '../db/sta';
import { UnsupportedQuery, type FilterNode } from './filter';
import { datastreamOf, observationKeyOf } from './ids';
import { d1ById, d1Children, d1Page } from './entities';
import { defaultTop, maxTop, propertiesOf, relationOf, relationsOf, type Entity, type SetName } from './model';
import {
  approvalNames,
  countsOf,
  decodeCursor,
  encodeCursor,
  observationOrder,
  pageAcross,
  pagesPer,
  streamsOf,
  toObservation,
} from './observations';
import type { ExpandItem, QueryOptions } from './odata';

/** Where a collection hangs: the target's column that must equal a value (a nested path's parent). */
export interface Scoped {
  column: string;
  value: number;
}

export interface Collection {
  entities: Entity[];
  count?: number;
  /** Where the next page starts, when one follows. */
  next?: { skip?: number; cursor?: string };
  top: number;
}

const topOf = (options: QueryOptions) => Math.min(options.top ?? defaultTop, maxTop);
const equals = (column: string, value: number): FilterNode => ({
  kind: 'op',
  op: 'eq',
  args: [
    { kind: 'prop', path: column },
    { kind: 'value', value },
  ],
});
const both = (a?: FilterNode, b?: FilterNode): FilterNode | undefined => (a && b ? { kind: 'op', op: 'and', args: [a, b] } : (a ?? b));
const d1 = (set: SetName) => set as D1Set;

/** Refuses a `$select` name the set does not have. */
export function checkSelect(set: SetName, select?: string[]) {
  const known = ['id', ...propertiesOf[set], ...relationsOf[set].map((r) => r.name)];
  const unknown = select?.find((name) => !known.includes(name));
  if (unknown) throw new UnsupportedQuery(`${set} have no property or relation "${unknown}" to select.`);
}

/** A page of a collection (the whole set, or the children of a nested path's parent) with its count. */
export async function collection(ctx: SubjectCtx, set: SetName, scope: Scoped | undefined, options: QueryOptions): Promise<Collection> {
  const top = topOf(options);
  if (set === 'Observations') {
    const order = observationOrder(options.orderBy);
    const after = options.cursor ? decodeCursor(options.cursor) : undefined;
    const skip = after ? 0 : (options.skip ?? 0);
    const key = scope?.value ?? 0;
    const streams = (await streamsOf(ctx, scope && { column: scope.column, values: [key] }, options.filter)).get(key) ?? [];
    const [page, counts] = await Promise.all([
      pageAcross(ctx, streams, { filter: options.filter, order, after, skip, top }),
      options.count ? countsOf(ctx, [streams], options.filter) : undefined,
    ]);
    const names = await approvalNames(ctx, page.rows);
    return {
      entities: page.rows.map((row) => toObservation(row, names)),
      count: counts?.[0],
      next: page.more ? { cursor: encodeCursor(page.rows.at(-1)!) } : undefined,
      top,
    };
  }
  if (options.cursor) throw new UnsupportedQuery('$skiptoken pages Observations only; other sets page with $skip.');
  const skip = options.skip ?? 0;
  const where = both(scope && equals(scope.column, scope.value), options.filter);
  const page = await d1Page(ctx, d1(set), { where, orderBy: options.orderBy, skip, top, count: !!options.count }, options.select);
  return { entities: page.entities, count: page.count, next: page.more && top ? { skip: skip + top } : undefined, top };
}

/**
 * One entity by id (within a nested path's parent), or undefined when it does not exist or is not visible: an
 * Observation's id is text, every other set's a number, and an id of the other kind names nothing.
 */
export async function entityById(
  ctx: SubjectCtx,
  set: SetName,
  id: number | string,
  scope?: Scoped,
  select?: string[],
): Promise<Entity | undefined> {
  if (set !== 'Observations') {
    if (typeof id !== 'number') return undefined;
    const page = await d1Page(
      ctx,
      d1(set),
      { where: both(scope && equals(scope.column, scope.value), equals('id', id)), orderBy: [], skip: 0, top: 1, count: false },
      select,
    );
    return page.entities[0];
  }
  const key = typeof id === 'string' ? observationKeyOf(id) : undefined;
  if (!key) return undefined;
  const { datastream, ts } = key;
  if (scope && scope.value !== (scope.column === 'Datastream/id' ? datastream : datastreamOf(datastream).station)) return undefined;
  const streams = (await streamsOf(ctx, { column: 'Datastream/id', values: [datastream] })).get(datastream) ?? [];
  const at: FilterNode = {
    kind: 'op',
    op: 'eq',
    args: [
      { kind: 'prop', path: 'phenomenonTime' },
      { kind: 'value', value: ts, time: ts },
    ],
  };
  const { rows } = await pageAcross(ctx, streams, { filter: at, order: [{ key: 'time', desc: false }], skip: 0, top: 1 });
  return rows[0] && toObservation(rows[0], await approvalNames(ctx, rows));
}

/** An entity's key in a path: a number as it is, a text quoted (`'…'`, quotes doubled). */
const keyText = (id: number | string) => (typeof id === 'number' ? String(id) : `'${id.replaceAll("'", "''")}'`);

export const selfOf = (root: string, e: Entity) => `${root}/${e.set}(${keyText(e.id)})`;

/** A query value as a link writes it: encoded, but with the characters OData reads plainly left as they are. */
const encodeValue = (value: string) => encodeURIComponent(value).replace(/%(24|2C|2F|3A|3B|3D|40)/g, (code) => decodeURIComponent(code));

/**
 * A next page's absolute link: the same path and options, `$top` written plainly (QGIS rewrites it), and `$skip`
 * or a keyset `$skiptoken` that does not depend on `$top`. Its query alone rebuilds the page (Grafana keeps only that).
 */
export function nextLinkOf(base: string, raw: [string, string][], next: NonNullable<Collection['next']>, top: number) {
  const kept = raw.filter(([name]) => !['$top', '$skip', '$skiptoken'].includes(name));
  const params: [string, string][] = [
    ['$top', String(top)],
    next.cursor ? ['$skiptoken', next.cursor] : ['$skip', String(next.skip)],
    ...kept,
  ];
  return `${base}?${params.map(([name, value]) => `${name}=${encodeValue(value)}`).join('&')}`;
}

/** The expand items per relation: `Datastreams/Observations` becomes Datastreams expanding Observations. */
function byRelation(items: ExpandItem[]): Map<string, QueryOptions> {
  const grouped = new Map<string, QueryOptions>();
  for (const item of items) {
    const [first, ...rest] = item.path;
    const options = grouped.get(first) ?? { orderBy: [], expand: [], raw: [] };
    if (rest.length) options.expand = [...options.expand, { path: rest, options: item.options }];
    else Object.assign(options, { ...item.options, expand: [...options.expand, ...item.options.expand] });
    grouped.set(first, options);
  }
  return grouped;
}

/** Expands the relations `items` names on every entity of `entities` (all of one set), each relation in one read. */
export async function expand(ctx: SubjectCtx, root: string, set: SetName, entities: Entity[], items: ExpandItem[]): Promise<void> {
  if (!entities.length) return;
  for (const [name, options] of byRelation(items)) {
    const relation = relationOf(set, name);
    if (!relation) throw new UnsupportedQuery(`${set} have no relation "${name}" to expand.`);
    const target = relation.target;
    checkSelect(target, options.select);
    const attach = (e: Entity, children: Entity[], more?: { count?: number; nextLink?: string }) => {
      e.expanded = { ...e.expanded, [name]: { entities: children, select: options.select, ...more } };
    };
    let children: Entity[] = [];
    // The roll-up's figures of these children, read while their own relations are expanded.
    let filled: Promise<void> | undefined;
    if (!relation.many) {
      const found = await d1ById(ctx, d1(target), entities.map(relation.key), options.select);
      for (const e of entities) attach(e, found.has(relation.key(e)) ? [found.get(relation.key(e))!] : []);
      children = [...found.values()];
    } else {
      const top = topOf(options);
      const skip = options.skip ?? 0;
      const keys = entities.map(relation.key);
      const link = (e: Entity, next: NonNullable<Collection['next']>) => nextLinkOf(`${selfOf(root, e)}/${name}`, options.raw, next, top);
      if (target === 'Observations') {
        const streams = await streamsOf(ctx, { column: relation.column, values: keys });
        const request = { filter: options.filter, order: observationOrder(options.orderBy), skip, top };
        const [pages, counts] = await Promise.all([
          pagesPer(ctx, streams, request),
          options.count
            ? countsOf(
                ctx,
                keys.map((k) => streams.get(k) ?? []),
                options.filter,
              )
            : undefined,
        ]);
        const names = await approvalNames(
          ctx,
          [...pages.values()].flatMap((p) => p.rows),
        );
        entities.forEach((e, i) => {
          const page = pages.get(keys[i])!;
          const rows = page.rows.map((row) => toObservation(row, names));
          children.push(...rows);
          attach(e, rows, { count: counts?.[i], nextLink: page.more ? link(e, { cursor: encodeCursor(page.rows.at(-1)!) }) : undefined });
        });
      } else {
        const read = await d1Children(
          ctx,
          d1(target),
          relation.column,
          keys,
          { where: options.filter, orderBy: options.orderBy, skip, top, count: !!options.count },
          options.select,
        );
        const { pages } = read;
        filled = read.filled;
        entities.forEach((e, i) => {
          const page = pages.get(keys[i])!;
          children.push(...page.entities);
          attach(e, page.entities, { count: page.count, nextLink: page.more && top ? link(e, { skip: skip + top }) : undefined });
        });
      }
    }
    await Promise.all([filled, expand(ctx, root, target, children, options.expand)]);
  }
}

/** An entity as JSON: control information, the selected properties, and each relation inline (expanded) or as a link. */
export function render(root: string, e: Entity, select?: string[]): Record<string, unknown> {
  const shows = (name: string) => !select || select.includes(name);
  const self = selfOf(root, e);
  const out: Record<string, unknown> = {};
  if (shows('id')) Object.assign(out, { '@iot.id': e.id, '@iot.selfLink': self });
  for (const name of propertiesOf[e.set]) if (shows(name) && e.props[name] !== undefined) out[name] = e.props[name];
  for (const relation of relationsOf[e.set]) {
    const expanded = e.expanded?.[relation.name];
    if (!expanded) {
      if (shows(relation.name)) out[`${relation.name}@iot.navigationLink`] = `${self}/${relation.name}`;
    } else if (!relation.many) {
      out[relation.name] = expanded.entities[0] ? render(root, expanded.entities[0], expanded.select) : null;
    } else {
      if (expanded.count !== undefined) out[`${relation.name}@iot.count`] = expanded.count;
      out[relation.name] = expanded.entities.map((child) => render(root, child, expanded.select));
      if (expanded.nextLink) out[`${relation.name}@iot.nextLink`] = expanded.nextLink;
    }
  }
  return out;
}
