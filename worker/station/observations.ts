/**
 * A station's readings as SensorThings Observations, read inside its object for the SensorThings API
 * (worker/sta/): keyset pages of one or more codes in any supported order, filtered counts, and the readings
 * the roll-up in D1 does not hold yet. Pure functions over the object's SQLite storage; nothing here writes.
 */
import { lockingLevel } from '../contracts/quality';
import { allReadingCodes, derivedReadings } from '../../shared/readings';
import { addDays, dayBounds } from '../../shared/station-time';
import { datastreamId, seriesOfCode } from '../sta/ids';
import { compileFilter, UnsupportedQuery, type ColumnOf, type FilterNode, type Fragment } from '../sta/filter';
import { derivedReportsIn } from './corrections/derived';
import { stacksOf } from './corrections/kept';
import { correctedReportsIn } from './corrections/reports';
import { rejectedFlag } from './flags';
import { column, markedDays } from './schema';

/**
 * A reading's quality flag (DESIGN §8) as an observation's `resultQuality`: its flag beside the readings (decision
 * 0016), good where it has none. Rejected readings are no observations at all: they count nowhere, as in the roll-up
 * the unfiltered counts come from. The roll-up's newest reading is taken as good.
 */
const good = 'good';
const quality = 'q';
// A reading has at most one flag (its key is time and code): one join finds it, where a subquery for its text and
// another for "not rejected" looked it up twice (a year's series read three times as fast, measured roughly).
const withFlag = (code: number) => `readings r LEFT JOIN flags f ON f.ts = r.ts AND f.code = ${code}`;
const flagText = `CASE f.flag WHEN 1 THEN 'suspect' ELSE '${good}' END`;
const notRejected = 'f.flag IS NOT 2';

export type ObservationOrder = { key: 'time' | 'result' | 'id'; desc: boolean }[];

/** What a page continues after: the last observation of the page before. */
export interface ObservationKey {
  station: number;
  code: number;
  ts: number;
  value: number;
}

export interface ObservationRow extends ObservationKey {
  quality: string;
  /** Whether the reading lies in its code's approved stretch (decision 0016). */
  approved: boolean;
  /** The approval level (D1's `approval_levels` id) of the stretch the reading lies in; null outside any. */
  approval: number | null;
}

export interface StreamQuery {
  station: number;
  /** The station's datastreams read (their codes, worker/sta/ids.ts `seriesOfCode`), merged into one stream in `order`. */
  codes: number[];
  /** Ties are broken by id (station, code, time), so every order is total. */
  order: ObservationOrder;
  after?: ObservationKey;
  skip: number;
  limit: number;
  filter?: FilterNode;
  /** The station's point (longitude, latitude) as D1 holds it, for `geo.intersects(FeatureOfInterest/feature, …)`. */
  point?: [number, number] | null;
}

/** One component of the total order: an SQL expression of the code's readings, or a constant of the code. */
interface Component {
  expr: string | number;
  desc: boolean;
  of: (k: ObservationKey) => number;
}

function componentsOf(order: ObservationOrder, station: number, code: number): Component[] {
  const id = (desc: boolean): Component[] => [
    { expr: station, desc, of: (k) => k.station },
    { expr: code, desc, of: (k) => k.code },
    { expr: 'ts', desc, of: (k) => k.ts },
  ];
  return [
    ...order.flatMap(({ key, desc }): Component[] =>
      key === 'id' ? id(desc) : [{ expr: key === 'time' ? 'ts' : 'v', desc, of: (k) => (key === 'time' ? k.ts : k.value) }],
    ),
    ...id(false),
  ];
}

/**
 * "Strictly after `key` in this order", for one code's readings: true, false, or a condition. The code's constants
 * are decided here, and an expression already fixed by the prefix is skipped, so the usual cursor reads as one
 * range of the time key (`ts > ?`, `ts >= ?`) that SQLite seeks to instead of scanning from the start.
 */
function afterCondition(components: Component[], key: ObservationKey, fixed = new Set<string>()): Fragment | boolean {
  const [c, ...rest] = components;
  if (!c) return false;
  const cursor = c.of(key);
  if (typeof c.expr === 'number') return c.expr === cursor ? afterCondition(rest, key, fixed) : c.desc ? c.expr < cursor : c.expr > cursor;
  if (fixed.has(c.expr)) return afterCondition(rest, key, fixed);
  const then = afterCondition(rest, key, new Set([...fixed, c.expr]));
  const beyond = c.desc ? '<' : '>';
  if (typeof then === 'boolean') return [`${c.expr} ${beyond}${then ? '=' : ''} `, { value: cursor }];
  return ['(', `${c.expr} ${beyond} `, { value: cursor }, ` OR (${c.expr} = `, { value: cursor }, ' AND ', ...then, '))'];
}

/** A number as SQL text (a station's coordinates come from D1, never from the request). */
const constant = (n: number | undefined) => (n === undefined || !Number.isFinite(n) ? 'NULL' : String(n));

/** The columns a filter on Observations may name, for one code of one station (whose point the query carries). */
const observationColumns =
  (query: Pick<StreamQuery, 'station' | 'point'>, code: number): ColumnOf =>
  (path) => {
    const datastream = datastreamId(query.station, code);
    const columns: Record<string, string> = {
      result: 'v',
      'Datastream/id': String(datastream),
      'FeatureOfInterest/id': String(query.station),
      'Datastream/Thing/id': String(query.station),
    };
    if (path === 'phenomenonTime' || path === 'resultTime') return { sql: 'ts', type: 'time' };
    if (path === 'resultQuality') return { sql: quality, type: 'text' };
    if (path === 'id') return { sql: `('${datastream}-' || ts)`, type: 'text' };
    if (path === 'FeatureOfInterest/feature') return { type: 'point', x: constant(query.point?.[0]), y: constant(query.point?.[1]) };
    const sql = columns[path];
    return sql === undefined ? undefined : { sql, type: 'number' };
  };

const exec = (fragment: Fragment) => {
  const params: (string | number | null)[] = [];
  const text = fragment.map((p) => (typeof p === 'string' ? p : (params.push(p.value), '?'))).join('');
  return { text, params };
};

/**
 * Where one datastream's observations come from, as an SQL table of (ts, v, q): a code's stored readings (its raw
 * series, or its corrected one while no correction is in force), or points computed here through the code's
 * correction stack or into a derived code and bound as one JSON parameter. `approvals` is the code whose approval
 * ranges the observations lie in. Undefined: the station has no such series.
 */
interface Origin {
  table: Fragment;
  approvals: string;
}

const dayMs = 86_400_000;
/** The windows a time-ordered page of a computed datastream tries before the whole span: 1, 8 and 64 weeks. */
const windows = [7 * dayMs, 56 * dayMs, 448 * dayMs];

/** Most points a computed datastream is worked out from per request: a phenomenonTime filter narrows it. */
const maxComputedPoints = 200_000;
const forever: [number, number] = [-8.64e15, 8.64e15];

/**
 * The instants [start, end) of datastream `code` that a filter's `and`-ed time conditions and a cursor leave, at
 * most: a cursor narrows them when the order is by time, or by id within this very datastream.
 */
function timeSpanOf(query: Pick<StreamQuery, 'station' | 'filter' | 'order' | 'after'>, code: number): [number, number] {
  let [start, end] = forever;
  const visit = (node: FilterNode) => {
    if (node.kind !== 'op') return;
    if (node.op === 'and') return node.args.forEach(visit);
    const [a, b] = node.args;
    const flipped = a?.kind === 'value';
    const [prop, value] = flipped ? [b, a] : [a, b];
    if (prop?.kind !== 'prop' || !['phenomenonTime', 'resultTime'].includes(prop.path)) return;
    if (value?.kind !== 'value' || value.time === undefined) return;
    const t = value.time;
    const op = flipped ? (({ lt: 'gt', le: 'ge', gt: 'lt', ge: 'le' } as Record<string, string>)[node.op] ?? node.op) : node.op;
    if (op === 'gt' || op === 'ge' || op === 'eq') start = Math.max(start, op === 'gt' ? t + 1 : t);
    if (op === 'lt' || op === 'le' || op === 'eq') end = Math.min(end, op === 'lt' ? t : t + 1);
  };
  if (query.filter) visit(query.filter);
  const [first] = query.order;
  const { after } = query;
  const byTime = first?.key === 'time' || ((!first || first.key === 'id') && after?.station === query.station && after.code === code);
  if (after && byTime) {
    if (first?.desc) end = Math.min(end, after.ts + 1);
    else start = Math.max(start, after.ts);
  }
  return [start, end];
}

/** The origins of a station's datastreams: which stored codes have corrections in force is read once. */
export class Origins {
  private stacked?: Set<string>;
  constructor(private readonly sql: SqlStorage) {}

  /** Whether a datastream is computed here (not read by SQL over the stored readings). */
  private computed(code: number) {
    const series = seriesOfCode(code);
    this.stacked ??= new Set(stacksOf(this.sql).keys());
    return series?.series === 'derived' || (series?.series === 'corrected' && this.stacked.has(series.code));
  }

  /**
   * For a computed datastream read in time order (by time, or by id within it), the spans to try before its whole
   * span: growing windows from the end its order starts at (the stored readings' first or last instant, or the
   * cursor), each reaching the far end, so the newest observation costs a week's arithmetic, not the years'.
   */
  windowsOf(query: Pick<StreamQuery, 'station' | 'filter' | 'order' | 'after'>, code: number): [number, number][] {
    const [first] = query.order;
    if (!this.computed(code) || (first && first.key === 'result')) return [];
    const [start, end] = timeSpanOf(query, code);
    const [extent] = this.sql.exec('SELECT min(ts) AS lo, max(ts) AS hi FROM readings').raw<[number | null, number | null]>();
    const [lo, hi] = extent ?? [null, null];
    if (lo === null || hi === null) return [];
    if (first?.desc) {
      const anchor = Math.min(end, hi + 1);
      return windows.filter((w) => anchor - w > start).map((w) => [anchor - w, end]);
    }
    const anchor = Math.max(start, lo);
    return windows.filter((w) => anchor + w < end).map((w) => [start, anchor + w]);
  }

  /** Where a datastream's observations come from; a computed one's over `window` when given (within the query's span). */
  of(query: Pick<StreamQuery, 'station' | 'filter' | 'order' | 'after'>, code: number, window?: [number, number]): Origin | undefined {
    const series = seriesOfCode(code);
    if (!series) return undefined;
    if (series.series !== 'derived' && !this.computed(code)) {
      const stored = series.code;
      const name = column(stored);
      const index = allReadingCodes.indexOf(stored);
      return {
        table: [
          `(SELECT r.ts AS ts, r.${name} AS v, ${flagText} AS q FROM ${withFlag(index)} WHERE r.${name} IS NOT NULL AND ${notRejected})`,
        ],
        approvals: stored,
      };
    }
    const span = timeSpanOf(query, code);
    const [start, end] = window ? [Math.max(span[0], window[0]), Math.min(span[1], window[1])] : span;
    if (start >= end) return { table: ['(SELECT 0 AS ts, 0 AS v, 0 AS q WHERE 0)'], approvals: '' };
    let wanted: string | undefined;
    let approvals: string;
    let read: { codes: readonly string[]; reports: Iterable<{ row: (number | null)[]; flags: readonly number[] }> };
    if (series.series === 'derived') {
      read = derivedReportsIn(this.sql, start, end);
      const info = derivedReadings.find((d) => d.derived.kind === series.kind && read.codes.includes(d.code));
      if (!info) return undefined;
      wanted = info.code;
      approvals = info.derived.from;
    } else {
      read = { codes: allReadingCodes, reports: correctedReportsIn(this.sql, start, end) };
      wanted = approvals = series.code;
    }
    const at = read.codes.indexOf(wanted);
    const points: string[] = [];
    for (const { row, flags } of read.reports) {
      const value = row[at + 1];
      if (value === null || flags[at] === rejectedFlag) continue;
      if (points.length === maxComputedPoints)
        throw new UnsupportedQuery(
          `Datastream ${datastreamId(query.station, code)} is computed from more than ${maxComputedPoints.toLocaleString('en')} readings here: narrow it with a phenomenonTime filter.`,
        );
      points.push(`[${row[0]},${value},${flags[at]}]`);
    }
    return {
      table: [
        `(SELECT value ->> 0 AS ts, value ->> 1 AS v, CASE value ->> 2 WHEN 1 THEN 'suspect' ELSE '${good}' END AS q FROM json_each(`,
        { value: `[${points.join(',')}]` },
        '))',
      ],
      approvals,
    };
  }
}

/** The statement reading one datastream's observations (time, value, quality, approval) with the filter's and the cursor's conditions, or counting them. */
function codeStream(query: StreamQuery, code: number, origin: Origin, filter?: Fragment, count = false) {
  const components = componentsOf(query.order, query.station, code);
  const conditions: Fragment[] = [];
  const after = query.after ? afterCondition(components, query.after) : true;
  if (after !== true) conditions.push(after === false ? ['0'] : after);
  // The cursor goes first: SQLite bounds its seek by the first condition on the time of each side, so a time filter
  // written before it would start page 50 where page 1 starts and read the 49 pages between.
  if (filter) conditions.push(filter);
  const where: Fragment = conditions.length ? [' WHERE ', ...conditions.flatMap((c, i) => (i ? [' AND ', ...c] : c))] : [];
  if (count) return exec(['SELECT count(*) AS n FROM ', ...origin.table, ...where]);
  const keys = [...new Set(components.flatMap((c) => (typeof c.expr === 'string' ? [c.expr] : [])))];
  const order = keys.map((expr) => `${expr} ${components.find((c) => c.expr === expr)!.desc ? 'DESC' : 'ASC'}`).join(', ');
  // The level of the code's segment the reading lies in (decision 0033), found by the segments' key (code, from_ts).
  const level = `(SELECT level FROM approval_segments WHERE code = '${origin.approvals.replaceAll("'", "''")}'
    AND from_ts <= ts AND to_ts > ts LIMIT 1)`;
  return exec([
    `SELECT ts, v, q, ${level} AS a FROM `,
    ...origin.table,
    ...where,
    ` ORDER BY ${order} LIMIT `,
    { value: query.skip + query.limit },
  ]);
}

/** Compares two observations in an order made total by id (stations' pages are merged by it). */
export function compareObservations(order: ObservationOrder) {
  const components = componentsOf(order, 0, 0);
  return (a: ObservationKey, b: ObservationKey) => {
    for (const c of components) {
      const d = c.of(a) - c.of(b);
      if (d) return c.desc ? -d : d;
    }
    return 0;
  };
}

/**
 * One datastream's part of a page: at most `skip + limit` observations in order from the cursor. A computed one in
 * time order is tried over its windows first, and a window that gives that many gives the same first rows as the
 * whole span (every observation it leaves out comes after them).
 */
function codeRows(sql: SqlStorage, query: StreamQuery, code: number, origins: Origins): ObservationRow[] {
  const filter = query.filter && compileFilter(query.filter, observationColumns(query, code));
  for (const window of [...origins.windowsOf(query, code), undefined]) {
    const origin = origins.of(query, code, window);
    if (!origin) return [];
    const { text, params } = codeStream(query, code, origin, filter);
    const rows = sql.exec<{ ts: number; v: number; q: string; a: number | null }>(text, ...params).toArray();
    if (window && rows.length < query.skip + query.limit) continue;
    return rows.map((r) => ({
      station: query.station,
      code,
      ts: r.ts,
      value: r.v,
      quality: r.q,
      approved: r.a === lockingLevel,
      approval: r.a,
    }));
  }
  return [];
}

/** One page of the query's stream: each code read in order from the cursor, merged, then skipped and cut. */
export function observationPage(sql: SqlStorage, query: StreamQuery, origins = new Origins(sql)): ObservationRow[] {
  const rows = query.codes.flatMap((code) => codeRows(sql, query, code, origins));
  if (query.codes.length > 1) rows.sort(compareObservations(query.order));
  return rows.slice(query.skip, query.skip + query.limit);
}

/** One code's readings as columns, for a long series read whole (WaterML): a copy of three arrays, not an object per reading. */
export interface ObservationSeries {
  ts: Float64Array;
  value: Float64Array;
  /** Per reading: `suspectMark` when its flag is suspect, plus `approvedMark` when it is approved. */
  marks: Uint8Array;
}

export const suspectMark = 1;
export const approvedMark = 2;

/** The readings of the query's one code, in its order from its cursor, at most `skip + limit` (as `observationPage` reads them). */
export function observationSeries(sql: SqlStorage, query: StreamQuery): ObservationSeries {
  const [code] = query.codes;
  const [ts, value, marks]: number[][] = [[], [], []];
  const origin = new Origins(sql).of(query, code);
  if (origin) {
    const filter = query.filter && compileFilter(query.filter, observationColumns(query, code));
    const { text, params } = codeStream(query, code, origin, filter);
    for (const [t, v, q, a] of sql.exec(text, ...params).raw<[number, number, string, number | null]>()) {
      ts.push(t);
      value.push(v);
      marks.push((q === good ? 0 : suspectMark) + (a === lockingLevel ? approvedMark : 0));
    }
  }
  return { ts: Float64Array.from(ts), value: Float64Array.from(value), marks: Uint8Array.from(marks) };
}

export type CountQuery = Pick<StreamQuery, 'station' | 'codes' | 'filter' | 'point'>;

/** How many of the codes' readings match the filter (for a filtered `$count`; unfiltered counts come from the roll-up). */
export function observationCount(sql: SqlStorage, query: CountQuery, origins = new Origins(sql)): number {
  const counting = { ...query, order: [], skip: 0, limit: 0 };
  return query.codes.reduce((total, code) => {
    const origin = origins.of(counting, code);
    if (!origin) return total;
    const filter = query.filter && compileFilter(query.filter, observationColumns(query, code));
    const { text, params } = codeStream(counting, code, origin, filter, true);
    return total + sql.exec<{ n: number }>(text, ...params).one().n;
  }, 0);
}

/**
 * What an object answers the Worker: its result, or as data the filter it could not compile (a thrown error loses
 * its type on the way, and a client's bad filter must stay a 400).
 */
export type ObservationAnswer<T> = { ok: true; data: T } | { ok: false; refused: string };

export function answered<T>(read: () => T): ObservationAnswer<T> {
  try {
    return { ok: true, data: read() };
  } catch (error) {
    if (error instanceof UnsupportedQuery) return { ok: false, refused: error.message };
    throw error;
  }
}

/** The readings the roll-up in D1 may not hold yet: per code, those of the station-local days changed since the last flush. */
export interface PendingCounts {
  /** The days counted here, or `all` when D1's rows are about to be replaced (a new time zone). */
  days: string[] | 'all';
  /** Folded months (YYYY-MM) counted here whole: a changed day of theirs rolls up as its month. */
  months: string[];
  counts: Record<string, number>;
  /** Codes with corrections in force: the roll-up (of corrected values) does not count their raw series. */
  corrected: string[];
}

/**
 * What the roll-up in D1 may not hold yet, counted from raw: the changed days, and whole months for changed days of
 * months before `monthsBefore` (which the next flush writes as month rows).
 */
export function pendingCounts(sql: SqlStorage, timeZone: string | undefined, replaceAll: boolean, monthsBefore: string): PendingCounts {
  const corrected = [...stacksOf(sql).keys()];
  const totals = `SELECT ${allReadingCodes.map((c) => `count(${column(c)})`).join(', ')} FROM readings`;
  const counts: Record<string, number> = {};
  /** Adds the readings of [start, end) (all of them without a span); rejected ones count nowhere. */
  const countIn = (...span: [number, number] | []) => {
    const where = span.length ? ' WHERE ts >= ? AND ts < ?' : '';
    const [row] = sql.exec(`${totals}${where}`, ...span).raw<number[]>();
    allReadingCodes.forEach((code, i) => row[i] && (counts[code] = (counts[code] ?? 0) + row[i]));
    // Flags exist only beside readings that have a value.
    for (const { code, n } of sql.exec<{ code: number; n: number }>(
      `SELECT code, count(*) AS n FROM flags${where ? `${where} AND` : ' WHERE'} flag = 2 GROUP BY code`,
      ...span,
    )) {
      counts[allReadingCodes[code]] -= n;
    }
  };
  if (replaceAll) {
    countIn();
    return { days: 'all', months: [], counts, corrected };
  }
  const marked = markedDays(sql);
  if (!timeZone) return { days: [], months: [], counts, corrected };
  const days = marked.filter((day) => day.slice(0, 7) >= monthsBefore);
  const months = [...new Set(marked.filter((day) => day.slice(0, 7) < monthsBefore).map((day) => day.slice(0, 7)))];
  const spans = [
    ...days.map((day) => dayBounds(day, timeZone)),
    ...months.map((month) => ({
      start: dayBounds(`${month}-01`, timeZone).start,
      end: dayBounds(addDays(`${month}-01`, 40).slice(0, 7) + '-01', timeZone).start,
    })),
  ];
  for (const { start, end } of spans) countIn(start, end);
  return { days, months, counts, corrected };
}
