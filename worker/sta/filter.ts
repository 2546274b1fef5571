/**
 * SensorThings `$filter` conditions, as parsed from the OData text (worker/sta/odata.ts), compiled to SQLite text
 * with bound values: for D1's entity sets (db/sta.ts) and for a station object's readings (station/observations.ts).
 * Properties are named as the entity set names them (`name`, `location/type`, `Datastream/id`); each caller says
 * which SQL each name stands for.
 */

export type Comparison = 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge';
export type Operator = Comparison | 'and' | 'or' | 'not' | 'add' | 'sub' | 'mul' | 'div' | 'mod' | 'neg';
export type FunctionName =
  | 'startswith'
  | 'endswith'
  | 'substringof'
  | 'contains'
  | 'length'
  | 'indexof'
  | 'substring'
  | 'tolower'
  | 'toupper'
  | 'trim'
  | 'concat'
  | 'year'
  | 'month'
  | 'day'
  | 'hour'
  | 'minute'
  | 'second'
  | 'round'
  | 'floor'
  | 'ceiling';

/** A GeoJSON-like shape from a `geography'…'` literal, longitude first. */
export type Shape =
  | { type: 'Point'; coordinates: [number, number] }
  | { type: 'LineString'; coordinates: [number, number][] }
  | { type: 'Polygon'; coordinates: [number, number][][] };

export type FilterNode =
  | { kind: 'prop'; path: string }
  /** `time`: the instant (epoch ms) when the literal is a date-time or date. */
  | { kind: 'value'; value: string | number | boolean | null; time?: number }
  | { kind: 'op'; op: Operator; args: FilterNode[] }
  | { kind: 'call'; fn: FunctionName; args: FilterNode[] }
  | { kind: 'intersects'; arg: FilterNode; shape: Shape }
  /** Not from the OData text: the scope of a nested path or an expansion (`Thing/id` in a list of ids). */
  | { kind: 'in'; arg: FilterNode; values: number[] };

/** What a property stands for: an SQL expression of a type, or a point given by two expressions. */
export type Column = { sql: string; type: 'text' | 'number' | 'time' } | { type: 'point'; x: string; y: string };
export type ColumnOf = (path: string) => Column | undefined;

/** SQL text in pieces, with the values bound between them (D1 binds them one way, a station object another). */
export type Fragment = (string | { value: string | number | null })[];

/** A filter, order or path the server does not support: a 400 with this text. */
export class UnsupportedQuery extends Error {}

type Kind = 'text' | 'number' | 'time' | 'bool' | 'null' | 'point';
interface Typed {
  sql: Fragment;
  kind: Kind;
  /** Set for a literal: its value, and its instant when it names one. */
  literal?: { value: string | number | boolean | null; time?: number };
}

const comparisons: Record<Comparison, string> = { eq: '=', ne: '<>', lt: '<', le: '<=', gt: '>', ge: '>=' };
const arithmetic = { add: '+', sub: '-', mul: '*' } as const;
const dateParts = { year: '%Y', month: '%m', day: '%d', hour: '%H', minute: '%M', second: '%S' } as const;

/** Most vertices a `geography` literal may have: each becomes SQL text, and D1 caps a statement at 100 KB. */
const maxVertices = 500;

const wrap = (...parts: (string | Fragment)[]): Fragment => parts.flatMap((p) => (typeof p === 'string' ? [p] : p));
const joined = (parts: Fragment[], separator: string): Fragment => parts.flatMap((p, i) => (i ? [separator, ...p] : p));
const number = (n: number) => {
  if (!Number.isFinite(n)) throw new UnsupportedQuery(`${n} is not a finite number.`);
  return String(n);
};

function literal(node: Extract<FilterNode, { kind: 'value' }>): Typed {
  const { value } = node;
  if (value === null) return { sql: ['NULL'], kind: 'null', literal: node };
  if (typeof value === 'boolean') return { sql: [value ? '1' : '0'], kind: 'bool', literal: node };
  if (node.time !== undefined) return { sql: [{ value: node.time }], kind: 'time', literal: node };
  return { sql: [{ value }], kind: typeof value === 'number' ? 'number' : 'text', literal: node };
}

/** An instant from a literal compared with a time: a date-time, or a text that reads as one. */
function instantOf(side: Typed): Typed {
  const lit = side.literal;
  if (!lit || side.kind === 'time' || side.kind === 'null') return side;
  const time = typeof lit.value === 'string' ? Date.parse(lit.value) : NaN;
  if (Number.isNaN(time)) throw new UnsupportedQuery(`${JSON.stringify(lit.value)} is not a time.`);
  return { sql: [{ value: time }], kind: 'time' };
}

/** A number from a literal compared with a number (`result lt '2'` compares with 2). */
function numberOf(side: Typed): Typed {
  const lit = side.literal;
  if (!lit || side.kind !== 'text') return side;
  const n = Number(lit.value);
  if (lit.value === '' || !Number.isFinite(n)) throw new UnsupportedQuery(`${JSON.stringify(lit.value)} is not a number.`);
  return { sql: [{ value: n }], kind: 'number' };
}

function compare(op: Comparison, left: Typed, right: Typed): Typed {
  if (left.kind === 'point' || right.kind === 'point')
    throw new UnsupportedQuery('A location is compared with geo.intersects, not with eq, lt and the like.');
  if (left.kind === 'time') right = instantOf(right);
  if (right.kind === 'time') left = instantOf(left);
  if (left.kind === 'number') right = numberOf(right);
  if (right.kind === 'number') left = numberOf(left);
  if (left.kind === 'null' || right.kind === 'null') {
    if (op !== 'eq' && op !== 'ne') return { sql: ['NULL'], kind: 'bool' };
    const other = left.kind === 'null' ? right : left;
    return { sql: wrap('(', other.sql, op === 'eq' ? ' IS NULL)' : ' IS NOT NULL)'), kind: 'bool' };
  }
  return { sql: wrap('(', left.sql, ` ${comparisons[op]} `, right.sql, ')'), kind: 'bool' };
}

const asText = (side: Typed): Fragment => (side.kind === 'text' ? side.sql : wrap('CAST(', side.sql, ' AS TEXT)'));

function numeric(side: Typed, what: string): Fragment {
  const n = numberOf(side);
  if (n.kind !== 'number' && n.kind !== 'time') throw new UnsupportedQuery(`${what} takes a number.`);
  return n.sql;
}

const twoArguments = new Set<FunctionName>(['startswith', 'endswith', 'substringof', 'contains', 'indexof', 'concat']);

function call(fn: FunctionName, args: Typed[]): Typed {
  const expected = fn === 'substring' ? [2, 3] : twoArguments.has(fn) ? [2] : [1];
  if (!expected.includes(args.length)) throw new UnsupportedQuery(`${fn}() takes ${expected.join(' or ')} arguments.`);
  const [a, b, c] = args;
  switch (fn) {
    case 'startswith':
      return { sql: wrap('(substr(', asText(a), ', 1, length(', asText(b), ')) = ', asText(b), ')'), kind: 'bool' };
    case 'endswith':
      return {
        sql: wrap('(length(', asText(b), ') = 0 OR substr(', asText(a), ', -length(', asText(b), ')) = ', asText(b), ')'),
        kind: 'bool',
      };
    case 'substringof':
      return { sql: wrap('(instr(', asText(b), ', ', asText(a), ') > 0)'), kind: 'bool' };
    case 'contains':
      return { sql: wrap('(instr(', asText(a), ', ', asText(b), ') > 0)'), kind: 'bool' };
    case 'indexof':
      return { sql: wrap('(instr(', asText(a), ', ', asText(b), ') - 1)'), kind: 'number' };
    case 'length':
      return { sql: wrap('length(', asText(a), ')'), kind: 'number' };
    case 'substring':
      return { sql: wrap('substr(', asText(a), ', ', numeric(b, fn), ' + 1', ...(c ? [', ', numeric(c, fn)] : []), ')'), kind: 'text' };
    case 'tolower':
      return { sql: wrap('lower(', asText(a), ')'), kind: 'text' };
    case 'toupper':
      return { sql: wrap('upper(', asText(a), ')'), kind: 'text' };
    case 'trim':
      return { sql: wrap('trim(', asText(a), ')'), kind: 'text' };
    case 'concat':
      return { sql: wrap('(', asText(a), ' || ', asText(b), ')'), kind: 'text' };
    case 'round':
      return { sql: wrap('round(', numeric(a, fn), ')'), kind: 'number' };
    case 'floor':
    case 'ceiling': {
      const x = numeric(a, fn);
      // SQLite's math functions are optional; CAST truncates toward zero, and the comparison corrects it.
      return fn === 'floor'
        ? { sql: wrap('(CAST(', x, ' AS INTEGER) - (', x, ' < CAST(', x, ' AS INTEGER)))'), kind: 'number' }
        : { sql: wrap('(CAST(', x, ' AS INTEGER) + (', x, ' > CAST(', x, ' AS INTEGER)))'), kind: 'number' };
    }
    default: {
      if (a.kind !== 'time') throw new UnsupportedQuery(`${fn}() takes a time.`);
      return { sql: wrap(`CAST(strftime('${dateParts[fn]}', `, a.sql, " / 1000.0, 'unixepoch') AS INTEGER)"), kind: 'number' };
    }
  }
}

/** Whether point (x, y) lies in, on or inside `shape`, as SQL over the point's two expressions; the shape's numbers go in as text. */
function intersects(x: string, y: string, shape: Shape): Fragment {
  const vertices =
    shape.type === 'Point'
      ? 1
      : shape.type === 'LineString'
        ? shape.coordinates.length
        : shape.coordinates.reduce((n, r) => n + r.length, 0);
  if (vertices > maxVertices) throw new UnsupportedQuery(`A geography may have at most ${maxVertices} vertices.`);
  const present = `${x} IS NOT NULL AND ${y} IS NOT NULL`;
  if (shape.type === 'Point') {
    const [px, py] = shape.coordinates;
    return [`(${present} AND ${x} = ${number(px)} AND ${y} = ${number(py)})`];
  }
  if (shape.type === 'LineString') {
    const segments = shape.coordinates.slice(1).map(([x2, y2], i) => {
      const [x1, y1] = shape.coordinates[i];
      const cross = `abs((${number(x2 - x1)}) * (${y} - ${number(y1)}) - (${number(y2 - y1)}) * (${x} - ${number(x1)}))`;
      return `(${cross} <= 1e-9 AND ${x} BETWEEN ${number(Math.min(x1, x2))} AND ${number(Math.max(x1, x2))} AND ${y} BETWEEN ${number(Math.min(y1, y2))} AND ${number(Math.max(y1, y2))})`;
    });
    return [`(${present} AND (${segments.join(' OR ') || '0'}))`];
  }
  // Even-odd rule over every ring's edges, so holes are left out; horizontal edges never cross a ray.
  const crossings = shape.coordinates.flatMap((ring) =>
    ring.slice(1).flatMap(([x2, y2], i) => {
      const [x1, y1] = ring[i];
      if (y1 === y2) return [];
      return [
        `((${number(y1)} > ${y}) <> (${number(y2)} > ${y}) AND ${x} < ${number((x2 - x1) / (y2 - y1))} * (${y} - ${number(y1)}) + ${number(x1)})`,
      ];
    }),
  );
  return [`(${present} AND (${crossings.join(' + ') || '0'}) % 2 = 1)`];
}

function compileNode(node: FilterNode, columnOf: ColumnOf): Typed {
  switch (node.kind) {
    case 'prop': {
      const column = columnOf(node.path);
      if (!column) throw new UnsupportedQuery(`Unknown property "${node.path}".`);
      if (column.type === 'point') return { sql: [`${column.x}, ${column.y}`], kind: 'point' };
      return { sql: [column.sql], kind: column.type };
    }
    case 'value':
      return literal(node);
    case 'in': {
      const arg = compileNode(node.arg, columnOf);
      return {
        sql: wrap('(', arg.sql, ' IN (SELECT value FROM json_each(', [{ value: JSON.stringify(node.values) }], ')))'),
        kind: 'bool',
      };
    }
    case 'intersects': {
      if (node.arg.kind !== 'prop') throw new UnsupportedQuery('geo.intersects takes a location property first.');
      const column = columnOf(node.arg.path);
      if (column?.type !== 'point') throw new UnsupportedQuery(`"${node.arg.path}" is not a location.`);
      return { sql: intersects(column.x, column.y, node.shape), kind: 'bool' };
    }
    case 'call':
      return call(
        node.fn,
        node.args.map((a) => compileNode(a, columnOf)),
      );
    case 'op': {
      const args = node.args.map((a) => compileNode(a, columnOf));
      const [a, b] = args;
      switch (node.op) {
        case 'and':
        case 'or':
          return {
            sql: wrap(
              '(',
              joined(
                args.map((x) => x.sql),
                node.op === 'and' ? ' AND ' : ' OR ',
              ),
              ')',
            ),
            kind: 'bool',
          };
        case 'not':
          return { sql: wrap('(NOT ', a.sql, ')'), kind: 'bool' };
        case 'neg':
          return { sql: wrap('(-', numeric(a, 'A minus sign'), ')'), kind: 'number' };
        case 'div':
          return { sql: wrap('(CAST(', numeric(a, 'div'), ' AS REAL) / ', numeric(b, 'div'), ')'), kind: 'number' };
        case 'mod': {
          // SQLite's % works on integers; OData's mod keeps the fraction (0.5 mod 2 is 0.5), truncating like fmod.
          const [x, y] = [numeric(a, 'mod'), numeric(b, 'mod')];
          return { sql: wrap('(', x, ' - ', y, ' * CAST(CAST(', x, ' AS REAL) / ', y, ' AS INTEGER))'), kind: 'number' };
        }
        case 'add':
        case 'sub':
        case 'mul':
          return { sql: wrap('(', numeric(a, node.op), ` ${arithmetic[node.op]} `, numeric(b, node.op), ')'), kind: 'number' };
        default:
          return compare(node.op, a, b);
      }
    }
  }
}

/** Compiles a condition; anything but a condition (`$filter=name`) is refused. */
export function compileFilter(node: FilterNode, columnOf: ColumnOf): Fragment {
  const compiled = compileNode(node, columnOf);
  if (compiled.kind !== 'bool') throw new UnsupportedQuery("$filter must be a condition, such as name eq 'x'.");
  return compiled.sql;
}

/** The SQL an ordering key stands for (a location orders by longitude, then latitude). */
export function orderColumns(path: string, columnOf: ColumnOf): string[] {
  const column = columnOf(path);
  if (!column) throw new UnsupportedQuery(`Cannot order by "${path}".`);
  return column.type === 'point' ? [column.x, column.y] : [column.sql];
}
