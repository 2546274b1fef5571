/**
 * Reading a SensorThings request's query options: the query string split by hand (a `+` stays a plus, as in
 * `+01:00`), each value decoded once, and `$filter`, `$orderby`, `$select` and `$expand` parsed by
 * odata-v4-parser after a small pre-pass: quoted and `geography'…'` literals are lifted into a side table, and
 * `@iot.id` is read as `id`.
 */
import { filter as parseFilterText, query as parseQueryText } from 'odata-v4-parser';
import { UnsupportedQuery, type FilterNode, type FunctionName, type Shape } from './filter';

/** A parser token: its type, its value (a nested token, a list, or the literal's EDM type) and its text. */
interface Token {
  type: string;
  value: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- the parser's own shape varies by token type
  raw: string;
}

export interface ExpandItem {
  /** The relation names of the path, e.g. `Datastreams/Observations` → ['Datastreams', 'Observations']. */
  path: string[];
  options: QueryOptions;
}

export interface QueryOptions {
  top?: number;
  skip?: number;
  count?: boolean;
  /** Where a keyset page continues (`$skiptoken`, as our nextLinks write it). */
  cursor?: string;
  orderBy: { path: string; desc: boolean }[];
  /** Property and relation names; `id` for `@iot.id`. */
  select?: string[];
  expand: ExpandItem[];
  filter?: FilterNode;
  /** The options as sent (name, decoded value), in order: nextLinks repeat them. */
  raw: [string, string][];
}

const fail = (message: string) => new UnsupportedQuery(message);

/** A literal the pre-pass lifted out of the text: as it was written, and its value. */
interface Lifted {
  text: string;
  value: string | Shape;
}

/**
 * Lifts every quoted literal (`'text'`, `geography'…'`) out of the text into `lifted`, leaving a name
 * (`__lit0__`) in its place, and reads `@iot.id` as `id`. The parser then never meets a literal's content: it
 * refuses a `/` inside quotes, and a quoted literal followed by `;` inside `$expand`, both of which clients send.
 */
function prepare(text: string, lifted: Lifted[]): string {
  let out = '';
  for (let i = 0; i < text.length;) {
    const geo = /^geography'/i.test(text.slice(i, i + 10));
    if (geo || text[i] === "'") {
      const open = geo ? i + 9 : i;
      let end = open + 1;
      while (end < text.length && !(text[end] === "'" && text[end + 1] !== "'")) end += text[end] === "'" ? 2 : 1;
      if (end >= text.length) throw fail('A quoted literal is not closed.');
      const inner = text.slice(open + 1, end);
      lifted.push({ text: text.slice(i, end + 1), value: geo ? parseWkt(inner) : inner.replaceAll("''", "'") });
      out += `__lit${lifted.length - 1}__`;
      i = end + 1;
    } else if (text.startsWith('@iot.id', i)) {
      out += 'id';
      i += 7;
    } else {
      out += text[i++];
    }
  }
  return out;
}

/** Writes a pre-passed text back as sent (for nextLinks of expansions). */
const restore = (text: string, lifted: Lifted[]) => text.replace(/__lit(\d+)__/g, (_, n: string) => lifted[Number(n)].text);

const liftedIndex = (path: string) => /^__lit(\d+)__$/.exec(path)?.[1];

const coordinateList = (text: string): [number, number][] =>
  text.split(',').map((pair) => {
    const [x, y, ...rest] = pair.trim().split(/\s+/).map(Number);
    if (rest.length > 1 || !Number.isFinite(x) || !Number.isFinite(y)) throw fail(`"${pair.trim()}" is not a coordinate pair.`);
    return [x, y];
  });

/** POINT, LINESTRING and POLYGON in WKT (longitude first; an `SRID=4326;` prefix is allowed). */
function parseWkt(wkt: string): Shape {
  const match = /^\s*(?:SRID=4326;\s*)?(POINT|LINESTRING|POLYGON)\s*\((.*)\)\s*$/i.exec(wkt);
  if (!match) throw fail(`geography'${wkt}' is not supported: use POINT, LINESTRING or POLYGON in WKT.`);
  const [, kind, body] = match;
  switch (kind.toUpperCase()) {
    case 'POINT':
      return { type: 'Point', coordinates: coordinateList(body)[0] };
    case 'LINESTRING':
      return { type: 'LineString', coordinates: coordinateList(body) };
    default: {
      const rings = [...body.matchAll(/\(([^()]*)\)/g)].map((m) => coordinateList(m[1]));
      if (!rings.length || rings.some((r) => r.length < 4)) throw fail('A POLYGON needs closed rings of at least four points.');
      return { type: 'Polygon', coordinates: rings };
    }
  }
}

const binary: Record<string, 'and' | 'or' | 'eq' | 'ne' | 'lt' | 'le' | 'gt' | 'ge' | 'add' | 'sub' | 'mul' | 'div' | 'mod'> = {
  AndExpression: 'and',
  OrExpression: 'or',
  EqualsExpression: 'eq',
  NotEqualsExpression: 'ne',
  LesserThanExpression: 'lt',
  LesserOrEqualsExpression: 'le',
  GreaterThanExpression: 'gt',
  GreaterOrEqualsExpression: 'ge',
  AddExpression: 'add',
  SubExpression: 'sub',
  MulExpression: 'mul',
  DivExpression: 'div',
  ModExpression: 'mod',
};

const functions = new Set<string>([
  'startswith',
  'endswith',
  'substringof',
  'contains',
  'length',
  'indexof',
  'substring',
  'tolower',
  'toupper',
  'trim',
  'concat',
  'year',
  'month',
  'day',
  'hour',
  'minute',
  'second',
  'round',
  'floor',
  'ceiling',
]);
const numberTypes = new Set(['Edm.SByte', 'Edm.Byte', 'Edm.Int16', 'Edm.Int32', 'Edm.Int64', 'Edm.Decimal', 'Edm.Double', 'Edm.Single']);

function literal(token: Token): FilterNode {
  const type = token.value as string;
  if (type === 'null') return { kind: 'value', value: null };
  if (type === 'Edm.Boolean') return { kind: 'value', value: token.raw.toLowerCase() === 'true' };
  if (numberTypes.has(type)) return { kind: 'value', value: Number(token.raw) };
  if (type === 'Edm.DateTimeOffset' || type === 'Edm.Date') {
    const time = Date.parse(type === 'Edm.Date' ? `${token.raw}T00:00:00Z` : token.raw);
    if (Number.isNaN(time)) throw fail(`${token.raw} is not a valid time.`);
    return { kind: 'value', value: token.raw, time };
  }
  throw fail(`Literals like ${token.raw} are not supported.`);
}

function toNode(token: Token, lifted: Lifted[]): FilterNode {
  const op = binary[token.type];
  if (op) return { kind: 'op', op, args: [toNode(token.value.left, lifted), toNode(token.value.right, lifted)] };
  switch (token.type) {
    case 'CommonExpression':
    case 'BoolCommonExpression':
    case 'ParenExpression':
    case 'BoolParenExpression':
      return toNode(token.value, lifted);
    case 'NotExpression':
      return { kind: 'op', op: 'not', args: [toNode(token.value, lifted)] };
    case 'NegateExpression':
      return { kind: 'op', op: 'neg', args: [toNode(token.value, lifted)] };
    case 'FirstMemberExpression':
    case 'MemberExpression':
    case 'PropertyPathExpression': {
      const index = liftedIndex(token.raw);
      if (index === undefined) return { kind: 'prop', path: token.raw };
      const { value } = lifted[Number(index)];
      if (typeof value !== 'string') throw fail('A geography literal is only understood by geo.intersects.');
      return { kind: 'value', value };
    }
    case 'Literal':
      return literal(token);
    case 'MethodCallExpression': {
      const method = token.value.method as string;
      const parameters = token.value.parameters as Token[];
      if (method === 'geo.intersects') {
        const shape = parameters.length === 2 ? lifted[Number(liftedIndex(parameters[1].raw) ?? -1)]?.value : undefined;
        if (!shape || typeof shape === 'string') throw fail("geo.intersects takes a location and a geography'…' literal.");
        return { kind: 'intersects', arg: toNode(parameters[0], lifted), shape };
      }
      if (!functions.has(method)) throw fail(`The function ${method}() is not supported.`);
      return { kind: 'call', fn: method as FunctionName, args: parameters.map((p) => toNode(p, lifted)) };
    }
    default:
      throw fail(`"${token.raw}" is not supported in $filter.`);
  }
}

/** Runs a parser, turning its failures (thrown as plain errors, some of them TypeErrors) into a 400. */
function parsed<T>(what: string, text: string, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof UnsupportedQuery) throw error;
    throw fail(`${what} could not be read: ${text}`);
  }
}

const pathOf = (token: Token): string => token.raw.replace(/\s+/g, '');

function readOption(name: string, token: Token, options: QueryOptions, lifted: Lifted[]) {
  switch (name) {
    case 'Filter':
      options.filter = toNode(token.value, lifted);
      return;
    case 'OrderBy':
      options.orderBy = (token.value.items as Token[]).map((item) => ({ path: pathOf(item.value.expr), desc: item.value.direction < 0 }));
      return;
    case 'Select':
      options.select = (token.value.items as Token[]).map(pathOf);
      return;
    case 'Expand':
      options.expand = (token.value.items as Token[]).map((item) => {
        const nested: QueryOptions = { orderBy: [], expand: [], raw: [] };
        for (const option of (item.value.options ?? []) as Token[]) {
          const [key, ...value] = option.raw.split('=');
          nested.raw.push([key, restore(value.join('='), lifted)]);
          if (option.type === 'Top' || option.type === 'Skip')
            nested[option.type === 'Top' ? 'top' : 'skip'] = wholeNumber(key, option.value.raw);
          else if (option.type === 'InlineCount') nested.count = option.value.raw === 'true';
          else if (['Filter', 'OrderBy', 'Select', 'Expand'].includes(option.type)) readOption(option.type, option, nested, lifted);
          else throw fail(`${key} is not supported inside $expand.`);
        }
        return { path: (item.value.path.value as Token[]).map((segment) => segment.raw), options: nested };
      });
      return;
  }
}

function wholeNumber(name: string, text: string): number {
  if (!/^\d{1,9}$/.test(text)) throw fail(`${name} must be a whole number from 0 on.`);
  return Number(text);
}

const parsedOptions: Record<string, 'Filter' | 'OrderBy' | 'Select' | 'Expand'> = {
  $filter: 'Filter',
  $orderby: 'OrderBy',
  $select: 'Select',
  $expand: 'Expand',
};

/**
 * The system query options of a query string (without its `?`). Options that are not `$`-prefixed (an access
 * token, a tool's own parameters) are left alone; a `$` option the server does not support is refused.
 */
export function readQuery(search: string): QueryOptions {
  const options: QueryOptions = { orderBy: [], expand: [], raw: [] };
  const seen = new Set<string>();
  for (const part of search.split('&')) {
    if (!part) continue;
    const at = part.indexOf('=');
    let name: string;
    let value: string;
    try {
      name = decodeURIComponent(at < 0 ? part : part.slice(0, at));
      value = at < 0 ? '' : decodeURIComponent(part.slice(at + 1));
    } catch {
      throw fail(`"${part}" is not a well-formed query option.`);
    }
    if (!name.startsWith('$')) continue;
    if (seen.has(name)) throw fail(`${name} is given twice.`);
    seen.add(name);
    options.raw.push([name, value]);
    if (name === '$top') options.top = wholeNumber(name, value);
    else if (name === '$skip') options.skip = wholeNumber(name, value);
    else if (name === '$count') {
      if (value !== 'true' && value !== 'false') throw fail('$count must be true or false.');
      options.count = value === 'true';
    } else if (name === '$skiptoken') options.cursor = value;
    else if (parsedOptions[name]) {
      const lifted: Lifted[] = [];
      const text = prepare(value, lifted);
      const type = parsedOptions[name];
      if (type === 'Filter') options.filter = parsed(name, value, () => toNode(parseFilterText(text) as unknown as Token, lifted));
      else {
        const root = parsed(name, value, () => parseQueryText(`${name}=${text}`) as unknown as Token);
        parsed(name, value, () => readOption(type, root.value.options[0], options, lifted));
      }
    } else throw fail(`The query option ${name} is not supported.`);
  }
  return options;
}
