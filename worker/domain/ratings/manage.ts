import type { z } from 'zod';
import type { SubjectCtx } from '../../context';
import type {
  GaugingInput,
  InEffect,
  Rated,
  RatingVersionInput,
  Ratings,
  Shift,
  ShiftInput,
  RatingVersion,
  Gauging,
  RatingExportQuery,
  RatingFile,
  RatingImport,
} from '../../contracts/ratings';
import { stationOf } from '../../station/directory';
import type { NewVersion, Refused } from '../../station/ratings/kept';
import { levelReading } from '../corrections/levels';
import { invalid, notFound } from '../errors';
import { csvPoints, curvePoints, expandedRdb, parseRdb, rdbPoints, tableCsv } from './files';
import { controlled, editorOf, station } from '../quality/manage';

const newVersion = (body: RatingVersionInput): NewVersion => ({
  code: body.reading,
  from: Date.parse(body.from),
  to: body.to === null ? null : Date.parse(body.to),
  transitionFrom: body.transition_from === null ? null : Date.parse(body.transition_from),
  outOfRange: body.out_of_range,
  points: curvePoints(body.points),
  note: body.note,
});

/** The value of a change, or the error its refusal gets: 404 for what is gone, else a 422 naming the fields. */
function settled<T>(outcome: { ok: true; value: T } | Refused, what: string): T {
  if (outcome.ok) return outcome.value;
  if (outcome.missing) throw notFound(what);
  throw invalid(outcome.errors);
}

/** A station's rating versions and gaugings (of one stage code). */
export async function ratingsState(ctx: SubjectCtx, query: { id: number; reading?: string }): Promise<Ratings> {
  const { item, mayEdit } = await station(ctx, query.id);
  if (query.reading) levelReading(item, query.reading);
  return { item_id: item.id, may_edit: mayEdit, ...(await stationOf(ctx.env, item.id).ratings().state(query.reading)) };
}

export async function addVersion(ctx: SubjectCtx, { id, body }: { id: number; body: RatingVersionInput }): Promise<RatingVersion> {
  const item = await controlled(ctx, id);
  levelReading(item, body.reading);
  return settled(await stationOf(ctx.env, item.id).ratings().addVersion(newVersion(body), editorOf(ctx)), 'Rating version');
}

export async function replaceVersion(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: RatingVersionInput & { version: number } },
): Promise<RatingVersion> {
  const item = await controlled(ctx, id);
  levelReading(item, body.reading);
  const outcome = await stationOf(ctx.env, item.id).ratings().replaceVersion(body.version, newVersion(body), editorOf(ctx));
  return settled(outcome, 'Rating version');
}

type Removal = { id: number; body: { id: number; note: string } };

export async function removeVersion(ctx: SubjectCtx, { id, body }: Removal) {
  const item = await controlled(ctx, id);
  return { id: settled(await stationOf(ctx.env, item.id).ratings().removeVersion(body.id, body.note, editorOf(ctx)), 'Rating version') };
}

export async function addShift(ctx: SubjectCtx, { id, body }: { id: number; body: ShiftInput }): Promise<Shift> {
  const item = await controlled(ctx, id);
  const outcome = await stationOf(ctx.env, item.id)
    .ratings()
    .addShift(
      { versionId: body.version, ts: Date.parse(body.at), points: body.points, prorate: body.prorate, note: body.note },
      editorOf(ctx),
    );
  return settled(outcome, 'Rating version');
}

export async function removeShift(ctx: SubjectCtx, { id, body }: Removal) {
  const item = await controlled(ctx, id);
  return { id: settled(await stationOf(ctx.env, item.id).ratings().removeShift(body.id, body.note, editorOf(ctx)), 'Shift') };
}

export async function addGaugings(ctx: SubjectCtx, { id, gaugings }: { id: number; gaugings: GaugingInput[] }): Promise<Gauging[]> {
  const item = await controlled(ctx, id);
  gaugings.forEach((g, i) => levelReading(item, g.reading, `gaugings.${i}.reading`));
  const inputs = gaugings.map((g) => ({
    code: g.reading,
    ts: Date.parse(g.at),
    stage: g.stage,
    discharge: g.discharge,
    method: g.method,
    quality: g.quality,
    measuredBy: g.measured_by,
    note: g.note,
  }));
  return stationOf(ctx.env, item.id).ratings().addGaugings(inputs, editorOf(ctx));
}

export async function removeGauging(ctx: SubjectCtx, { id, body }: Removal) {
  const item = await controlled(ctx, id);
  return { id: settled(await stationOf(ctx.env, item.id).ratings().removeGauging(body.id, body.note, editorOf(ctx)), 'Gauging') };
}

export async function inEffect(ctx: SubjectCtx, query: { id: number; reading: string; at: string }): Promise<InEffect> {
  const { item } = await station(ctx, query.id);
  levelReading(item, query.reading);
  return stationOf(ctx.env, item.id).ratings().inEffect(query.reading, Date.parse(query.at));
}

export async function rate(
  ctx: SubjectCtx,
  { id, body, reverse }: { id: number; body: { reading: string; at: string; values: number[] }; reverse: boolean },
): Promise<Rated> {
  const { item } = await station(ctx, id);
  levelReading(item, body.reading);
  return stationOf(ctx.env, item.id).ratings().rate(body.reading, Date.parse(body.at), body.values, reverse);
}

/** Adds a version read from an RDB rating file or a CSV table. */
export async function importVersion(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: z.output<typeof RatingImport> },
): Promise<RatingVersion> {
  const { format, text, ...rest } = body;
  const points = format === 'rdb' ? rdbPoints(parseRdb(text)) : csvPoints(text);
  return addVersion(ctx, { id, body: { ...rest, points } });
}

/** A version as a file: its table as CSV, or expanded with the shift at `at` as RDB. */
export async function exportVersion(ctx: SubjectCtx, query: z.output<typeof RatingExportQuery>): Promise<z.output<typeof RatingFile>> {
  const { item } = await station(ctx, query.id);
  const ts = query.at === undefined ? Date.now() : Date.parse(query.at);
  const table = await stationOf(ctx.env, item.id).ratings().expanded(query.version, ts, query.step);
  if (!table) throw notFound('Rating version', 'version');
  const name = `${item.uniqueId}-${table.code}-rating-${table.version}`;
  return query.format === 'csv'
    ? { filename: `${name}.csv`, text: tableCsv(table.points) }
    : { filename: `${name}.rdb`, text: expandedRdb(table, item.name) };
}
