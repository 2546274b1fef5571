import type { SubjectCtx } from '../../context';
import type {
  GaugingInput,
  InEffect,
  Rated,
  RatingPoint,
  RatingVersionInput,
  Ratings,
  Shift,
  ShiftInput,
  RatingVersion,
  Gauging,
} from '../../contracts/ratings';
import type { FieldErrors } from '../../contracts/envelope';
import { stationOf } from '../../station/directory';
import type { Segment } from '../../station/ratings/curve';
import type { NewVersion, Refused } from '../../station/ratings/kept';
import { levelReading } from '../corrections/levels';
import { invalid, notFound } from '../errors';
import { controlled, editorOf, station } from '../quality/manage';

/** A table's points as the rating math takes them; a segment missing its parameters is refused naming them. */
function curvePoints(points: readonly RatingPoint[], field = 'points') {
  const errors: FieldErrors = {};
  const need = (i: number, name: 'offset' | 'coefficient' | 'exponent', value: number | null): number => {
    if (value === null) errors[`${field}.${i}.${name}`] = [`A ${points[i].segment} segment needs its ${name}.`];
    return value ?? 0;
  };
  const converted = points.map((p, i) => {
    let segment: Segment;
    if (p.segment === 'log') segment = { kind: 'log', offset: need(i, 'offset', p.offset) };
    else if (p.segment === 'power')
      segment = {
        kind: 'power',
        offset: need(i, 'offset', p.offset),
        coefficient: need(i, 'coefficient', p.coefficient),
        exponent: need(i, 'exponent', p.exponent),
      };
    else segment = { kind: 'linear' };
    return { stage: p.stage, discharge: p.discharge, segment };
  });
  if (Object.keys(errors).length) throw invalid(errors);
  return converted;
}

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
