/**
 * Observations across station objects: which stations and codes a request covers (only those its subject may
 * see), keyset pages merged from them, and counts from the roll-up made exact with what the objects hold
 * beyond it (docs/decisions/0017, 0015).
 */
import type { SubjectCtx } from '../context';
import { allReadingCodes, readingsOf, type Source } from '../../shared/readings';
import { selectApprovalLevels } from '../db/approval-levels';
import { rolledUp, selectStreamStations, type Excluded } from '../db/sta';
import { codesPerStation, datastreamId, datastreamOf, derivedKinds, firstDerivedSlot, observationId, rawCode, seriesOfCode } from './ids';
import { UnsupportedQuery, type FilterNode } from './filter';
import { stationOf } from '../station/directory';
import {
  compareObservations,
  type ObservationAnswer,
  type ObservationKey,
  type ObservationOrder,
  type ObservationRow,
  type StreamQuery,
} from '../station/observations';
import type { Entity } from './model';

/** A station object's reads facet. */
const readsOf = (ctx: SubjectCtx, station: number) => stationOf(ctx.env, station).reads();

/** One station's part of a request: its datastreams read (their codes within it, `seriesOfCode`), and its point (longitude, latitude). */
export interface Stream {
  station: number;
  codes: number[];
  point: [number, number] | null;
}

/** What an object answered, or its refusal of the filter as the 400 it is. */
function answerOf<T>(answer: ObservationAnswer<T>): T {
  if (!answer.ok) throw new UnsupportedQuery(answer.refused);
  return answer.data;
}

/** Orders across more stations than this must be by id, which pages station after station. */
const maxMergedStations = 500;
/** Stations asked at once when paging by id. */
const stationsPerRound = 4;

/**
 * A station's datastreams: each stored code's corrected series, the derived ones it has (elevation and depth with a
 * reference, discharge once its roll-up holds some), then each stored code's raw series.
 */
function codesOf(station: { source: Source; referenced: number; rated: number }): number[] {
  const stored = readingsOf(station.source).map((r) => allReadingCodes.indexOf(r.code));
  const derived = derivedKinds.flatMap((kind, k) =>
    (kind === 'discharge' ? station.rated : station.referenced) ? [firstDerivedSlot + k] : [],
  );
  return [...stored, ...derived, ...stored.map(rawCode)];
}

/** The `and`-ed conditions at the top of a filter. */
const conjuncts = (node?: FilterNode): FilterNode[] =>
  !node ? [] : node.kind === 'op' && node.op === 'and' ? node.args.flatMap(conjuncts) : [node];

const scopeColumns = ['Datastream/id', 'FeatureOfInterest/id'];

/** A `Datastream/id eq n` (or `FeatureOfInterest/id eq n`) condition, or a list of such ids: its column and values. */
function scopeCondition(node: FilterNode): Scope | undefined {
  if (node.kind === 'in') {
    const { arg, values } = node;
    if (arg.kind !== 'prop' || !scopeColumns.includes(arg.path) || !values.every((v) => typeof v === 'number')) return undefined;
    return { column: arg.path, values: values as number[] };
  }
  if (node.kind !== 'op' || node.op !== 'eq') return undefined;
  const [a, b] = node.args;
  const [prop, value] = a.kind === 'prop' ? [a, b] : [b, a];
  if (prop.kind !== 'prop' || !scopeColumns.includes(prop.path) || value.kind !== 'value' || typeof value.value !== 'number')
    return undefined;
  return { column: prop.path, values: [value.value] };
}

/** Whether a filter only names datastreams or features (so the roll-up can count what it keeps). */
export const onlyScopes = (filter?: FilterNode) => conjuncts(filter).every((c) => scopeCondition(c));

export interface Scope {
  column: string;
  values: number[];
}

/**
 * The streams of each scope value (a Datastream's or a FeatureOfInterest's id; every visible station when
 * there is no scope), narrowed by the filter's own `Datastream/id eq n` conditions. Stations the subject may not
 * see are never among them.
 */
export async function streamsOf(ctx: SubjectCtx, scope: Scope | undefined, filter?: FilterNode): Promise<Map<number, Stream[]>> {
  const named = conjuncts(filter).flatMap((c) => {
    const condition = scopeCondition(c);
    return condition ? [condition] : [];
  });
  const scopes = [...(scope ? [scope] : []), ...named].map((s) => ({
    datastreams: s.column === 'Datastream/id',
    values: new Set(s.values),
  }));
  let stationIds: Set<number> | undefined;
  for (const s of scopes) {
    const ids = new Set([...s.values].map((v) => (s.datastreams ? datastreamOf(v).station : v)));
    stationIds = stationIds ? new Set([...stationIds].filter((id) => ids.has(id))) : ids;
  }
  const stations = await selectStreamStations(ctx.db, ctx.subject, stationIds && [...stationIds]);
  // A raw series is read only where its Datastream is named: elsewhere each reading would come twice.
  const kept = (station: number, code: number) =>
    scopes.every((s) => s.values.has(s.datastreams ? datastreamId(station, code) : station)) &&
    (code < codesPerStation || scopes.some((s) => s.datastreams && s.values.has(datastreamId(station, code))));
  const streams = new Map(
    stations.flatMap((s) => {
      const codes = codesOf(s).filter((code) => kept(s.id, code));
      const point: [number, number] | null = s.lon === null || s.lat === null ? null : [s.lon, s.lat];
      return codes.length ? [[s.id, { station: s.id, codes, point }] as const] : [];
    }),
  );
  if (!scope) return new Map([[0, [...streams.values()]]]);
  return new Map(
    scope.values.map((value): [number, Stream[]] => {
      if (scope.column !== 'Datastream/id') return [value, streams.has(value) ? [streams.get(value)!] : []];
      const { station, codeIndex } = datastreamOf(value);
      const stream = streams.get(station);
      return [value, stream?.codes.includes(codeIndex) ? [{ ...stream, codes: [codeIndex] }] : []];
    }),
  );
}

/** How `$orderby` orders observations; anything else is refused. */
export function observationOrder(orderBy: { path: string; desc: boolean }[]): ObservationOrder {
  return orderBy.map(({ path, desc }) => {
    const key =
      path === 'phenomenonTime' || path === 'resultTime' ? 'time' : path === 'result' ? 'result' : path === 'id' ? 'id' : undefined;
    if (!key) throw new UnsupportedQuery(`Observations are ordered by phenomenonTime, resultTime, result or @iot.id, not by ${path}.`);
    return { key, desc };
  });
}

/** A keyset cursor: the page's last observation, in URL-safe base64. */
export const encodeCursor = (k: ObservationKey) =>
  btoa(JSON.stringify([k.station, k.code, k.ts, k.value]))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replaceAll('=', '');

export function decodeCursor(text: string): ObservationKey {
  try {
    const [station, code, ts, value] = JSON.parse(atob(text.replaceAll('-', '+').replaceAll('_', '/'))) as number[];
    if ([station, code, ts, value].every(Number.isFinite)) return { station, code, ts, value };
  } catch {
    // refused below
  }
  throw new UnsupportedQuery('$skiptoken is not one this server wrote: follow @iot.nextLink as given.');
}

export interface PageRequest {
  filter?: FilterNode;
  order: ObservationOrder;
  after?: ObservationKey;
  skip: number;
  top: number;
}

const query = (stream: Stream, request: PageRequest, limit: number, skip = 0): StreamQuery => ({
  station: stream.station,
  codes: stream.codes,
  point: stream.point,
  order: request.order,
  after: request.after,
  filter: request.filter,
  skip,
  limit,
});

/**
 * One page over many stations. By id it asks station after station (a few at a time) until the page is full;
 * any other order asks every station for a page and merges them.
 */
export async function pageAcross(
  ctx: SubjectCtx,
  streams: Stream[],
  request: PageRequest,
): Promise<{ rows: ObservationRow[]; more: boolean }> {
  const need = request.skip + request.top + 1;
  if (!request.top) return { rows: [], more: false };
  const byId = !request.order.length || request.order[0].key === 'id';
  let rows: ObservationRow[] = [];
  if (byId) {
    const desc = request.order[0]?.desc ?? false;
    const after = request.after;
    const list = (desc ? [...streams].reverse() : streams).filter(
      (s) => !after || (desc ? s.station <= after.station : s.station >= after.station),
    );
    for (let i = 0; i < list.length && rows.length < need; i += stationsPerRound) {
      const round = list.slice(i, i + stationsPerRound);
      const wanted = need - rows.length;
      const pages = await Promise.all(round.map((s) => readsOf(ctx, s.station).observationPages([query(s, request, wanted)])));
      rows.push(...pages.flatMap((answer) => answerOf(answer)[0]));
    }
  } else {
    if (streams.length > maxMergedStations) {
      throw new UnsupportedQuery(
        `Ordering the observations of more than ${maxMergedStations} stations by anything but @iot.id is not supported: filter by Datastream/@iot.id.`,
      );
    }
    const pages = await Promise.all(streams.map((s) => readsOf(ctx, s.station).observationPages([query(s, request, need)])));
    rows = pages.flatMap((answer) => answerOf(answer)[0]).sort(compareObservations(request.order));
  }
  return { rows: rows.slice(request.skip, request.skip + request.top), more: rows.length > request.skip + request.top };
}

/** One stream's one code read whole as columns: at most `top` readings, and whether more match (WaterML). */
export async function seriesOf(ctx: SubjectCtx, stream: Stream, request: Pick<PageRequest, 'filter' | 'order' | 'top'>) {
  const series = answerOf(await readsOf(ctx, stream.station).observationSeries(query(stream, { ...request, skip: 0 }, request.top + 1)));
  return { series, more: series.ts.length > request.top };
}

type Page = { rows: ObservationRow[]; more: boolean };

/** Each parent's own page (an expansion), one call per station for all the parents it holds. */
export async function pagesPer(ctx: SubjectCtx, streams: Map<number, Stream[]>, request: PageRequest): Promise<Map<number, Page>> {
  const pages = new Map<number, Page>([...streams.keys()].map((k) => [k, { rows: [], more: false }]));
  if (!request.top) return pages;
  const parts = [...streams].flatMap(([key, list]) => list.map((stream) => ({ key, stream })));
  const byStation = new Map<number, { key: number; stream: Stream }[]>();
  for (const part of parts) {
    if (!byStation.has(part.stream.station)) byStation.set(part.stream.station, []);
    byStation.get(part.stream.station)!.push(part);
  }
  await Promise.all(
    [...byStation].map(async ([station, list]) => {
      const results = answerOf(
        await readsOf(ctx, station).observationPages(list.map(({ stream }) => query(stream, request, request.top + 1, request.skip))),
      );
      list.forEach(({ key }, i) => {
        const page = pages.get(key)!;
        page.more ||= results[i].length > request.top;
        page.rows.push(...results[i].slice(0, request.top));
      });
    }),
  );
  return pages;
}

/**
 * Observations per group of streams. Without a filter (beyond naming datastreams), from the roll-up: what its rows
 * count, with the days (and folded months) each station's object holds newer figures of taken from the object
 * instead, so the count is exact. With a filter, each station counts its matches.
 */
export async function countsOf(ctx: SubjectCtx, groups: Stream[][], filter?: FilterNode): Promise<number[]> {
  // Each station once, with every code any group reads of it.
  const stations = new Map<number, Stream>();
  for (const s of groups.flat()) {
    const known = stations.get(s.station);
    stations.set(s.station, { ...s, codes: [...new Set([...(known?.codes ?? []), ...s.codes])] });
  }
  if (!onlyScopes(filter)) {
    if (stations.size > maxMergedStations)
      throw new UnsupportedQuery(`A filtered $count over more than ${maxMergedStations} stations is not supported.`);
    const counted = new Map<string, number>();
    await Promise.all(
      [...stations.values()].map(async (s) => {
        const n = answerOf(
          await readsOf(ctx, s.station).observationCounts(
            s.codes.map((code) => ({ station: s.station, codes: [code], filter, point: s.point })),
          ),
        );
        s.codes.forEach((code, i) => counted.set(`${s.station}|${code}`, n[i]));
      }),
    );
    return groups.map((g) => g.reduce((sum, s) => sum + s.codes.reduce((n, code) => n + (counted.get(`${s.station}|${code}`) ?? 0), 0), 0));
  }
  const perCode = new Map<string, number>();
  const add = (station: number, code: number, n: number) => {
    const key = `${station}|${code}`;
    perCode.set(key, (perCode.get(key) ?? 0) + n);
  };
  // D1 carries no mark of what a station holds beyond its rows (ingest writes nothing there): each object says.
  const all = [...stations.values()];
  const pending = await Promise.all(all.map((s) => readsOf(ctx, s.station).pendingObservations()));
  const exclude: Excluded[] = [];
  const whole = new Set<number>();
  // The roll-up counts corrected values: a derived series, and both series of a code with corrections in force, are
  // counted by the object; a code's raw series without corrections counts as its corrected one.
  const rolled = new Map<number, number[]>();
  const counted: Stream[] = [];
  all.forEach((s, i) => {
    const { days, months, counts, corrected } = pending[i];
    const own = s.codes.filter((code) => {
      const series = seriesOfCode(code);
      return !series || series.series === 'derived' || corrected.includes(series.code);
    });
    if (own.length) counted.push({ ...s, codes: own });
    rolled.set(
      s.station,
      s.codes.filter((code) => !own.includes(code)),
    );
    if (days === 'all') whole.add(s.station);
    else if (days.length || months.length) exclude.push({ station: s.station, days, months });
    for (const code of rolled.get(s.station)!) add(s.station, code, counts[allReadingCodes[code % codesPerStation]] ?? 0);
  });
  const ownCounts = await Promise.all(
    counted.map(async (s) =>
      answerOf(
        await readsOf(ctx, s.station).observationCounts(s.codes.map((code) => ({ station: s.station, codes: [code], point: s.point }))),
      ),
    ),
  );
  counted.forEach((s, i) => s.codes.forEach((code, k) => add(s.station, code, ownCounts[i][k])));
  const datastreams = all
    .filter((s) => !whole.has(s.station))
    .flatMap((s) =>
      [...new Set(rolled.get(s.station)!.map((code) => code % codesPerStation))].map((slot): [number, string] => [
        s.station,
        allReadingCodes[slot],
      ]),
    );
  for (const row of await rolledUp(ctx.db, { datastreams, counts: true, exclude })) {
    const slot = allReadingCodes.indexOf(row.code);
    for (const code of rolled.get(row.station)!) if (code % codesPerStation === slot) add(row.station, code, row.count);
  }
  return groups.map((g) => g.reduce((sum, s) => sum + s.codes.reduce((n, code) => n + (perCode.get(`${s.station}|${code}`) ?? 0), 0), 0));
}

/** The names of the approval levels by id, read once per request when a page holds an approved observation. */
export async function approvalNames(ctx: SubjectCtx, rows: ObservationRow[]): Promise<Map<number, string>> {
  if (!rows.some((r) => r.approval !== null)) return new Map();
  return new Map((await selectApprovalLevels(ctx.db)).map((l) => [l.id, l.name]));
}

/** A reading as an Observation entity: its flag as `resultQuality`, its approval level's name in `parameters`. */
export function toObservation(row: ObservationRow, approvals: Map<number, string>): Entity {
  const datastream = datastreamId(row.station, row.code);
  const time = new Date(row.ts).toISOString();
  const approval = row.approval === null ? undefined : approvals.get(row.approval);
  return {
    set: 'Observations',
    id: observationId(datastream, row.ts),
    props: {
      phenomenonTime: time,
      resultTime: time,
      result: row.value,
      resultQuality: row.quality,
      parameters: approval === undefined ? undefined : { approval },
    },
    keys: { datastream, station: row.station },
  };
}
