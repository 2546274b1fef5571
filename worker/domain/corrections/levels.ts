import { parse } from 'csv-parse/sync';
import type { z } from 'zod';
import type { SubjectCtx } from '../../context';
import {
  MeasurementInput,
  type LevelReference,
  type LevelReferenceEdit,
  type LevelReferenceInput,
  type LevelReferenceRemoval,
  type MeasurementEdit,
  type MeasurementRemoval,
  type Levels,
  type Measurement,
  type MeasurementsCsv,
} from '../../contracts/levels';
import { fieldErrors } from '../../contracts/validation';
import { readingInfo } from '../../../shared/readings';
import { isoInstant, parseStationTime } from '../../../shared/station-time';
import { setStationDatum, type Item } from '../../db/stations';
import { stationRef } from '../telemetry/ingest';
import { stationOf } from '../../station/directory';
import type { NewMeasurement, NewReference } from '../../station/corrections/levels';
import { invalid, notFound } from '../errors';
import { controlled, editorOf, ownReading, station } from '../quality/manage';

/** A level code of the station (a water level in metres): references and measurements belong to those only. */
export function levelReading(item: Item, code: string, field = 'reading') {
  ownReading(item, code, field);
  if (readingInfo(code)?.unit !== 'm') throw invalid({ [field]: [`${code} is not a water level: references and measurements need one.`] });
}

/** A station's vertical references and manual measurements (of one reading). */
export async function levelsOf(ctx: SubjectCtx, query: { id: number; reading?: string }): Promise<Levels> {
  const { item } = await station(ctx, query.id);
  if (query.reading) levelReading(item, query.reading);
  return { item_id: item.id, ...(await stationOf(ctx.env, item.id).corrections().levels(query.reading)) };
}

const toReference = (body: LevelReferenceInput): NewReference => ({
  code: body.reading,
  from: Date.parse(body.from),
  to: body.to === null ? null : Date.parse(body.to),
  groundElevation: body.ground_elevation,
  mpElevation: body.mp_elevation,
  datum: body.datum,
  mode: body.mode,
  sensorDepth: body.sensor_depth,
  note: body.note,
});

const overlapError = ({ from, to }: LevelReference) =>
  invalid({ from: [`This period overlaps the reference in effect from ${from}${to ? ` to ${to}` : ''}: end that one first.`] });

/** Adds a reference period (quality control right); one overlapping another of its reading is refused (422). */
export async function addReference(ctx: SubjectCtx, { id, body }: { id: number; body: LevelReferenceInput }): Promise<LevelReference> {
  const item = await controlled(ctx, id);
  levelReading(item, body.reading);
  const outcome = await stationOf(ctx.env, item.id).corrections().addReference(stationRef(item), toReference(body), editorOf(ctx));
  if (!outcome.ok) throw overlapError(outcome.overlaps);
  if (outcome.datum !== item.datum) await setStationDatum(ctx.db, item.id, outcome.datum);
  return outcome.reference;
}

/** A refused change of a kept reference or measurement: there is none of that id, or the change names another reading. */
const refused = (reason: 'missing' | 'reading', what: 'Reference' | 'Measurement') =>
  reason === 'missing'
    ? notFound(what, what.toLowerCase())
    : invalid({ reading: [`A ${what.toLowerCase()} keeps its reading: record a new one for another.`] });

/**
 * Changes a reference period (a mistyped survey) or removes it (quality control right): a changed one must stay
 * clear of the reading's other periods (422 naming `from`); the days it covered and covers are rolled up again.
 */
export async function changeReference(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: LevelReferenceEdit | LevelReferenceRemoval },
): Promise<LevelReference> {
  const item = await controlled(ctx, id);
  if ('reading' in body) levelReading(item, body.reading);
  const input = 'reading' in body ? toReference(body) : null;
  const outcome = await stationOf(ctx.env, item.id)
    .corrections()
    .changeReference(stationRef(item), { id: body.reference, input, note: body.note }, editorOf(ctx));
  if (!outcome.ok) throw 'overlaps' in outcome ? overlapError(outcome.overlaps) : refused(outcome.reason, 'Reference');
  if (outcome.datum !== item.datum) await setStationDatum(ctx.db, item.id, outcome.datum);
  return outcome.reference;
}

/** Changes a manual measurement (with the reason) or removes it (quality control right). */
export async function changeMeasurement(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: MeasurementEdit | MeasurementRemoval },
): Promise<Measurement> {
  const item = await controlled(ctx, id);
  if ('reading' in body) levelReading(item, body.reading);
  const [input, note] = 'reading' in body ? [toNew(body), body.reason] : [null, body.note];
  const outcome = await stationOf(ctx.env, item.id).corrections().changeMeasurement({ id: body.measurement, input, note }, editorOf(ctx));
  if (!outcome.ok) throw refused(outcome.reason, 'Measurement');
  return outcome.measurement;
}

const toNew = (m: z.output<typeof MeasurementInput>): NewMeasurement => ({
  code: m.reading,
  ts: Date.parse(m.at),
  depth: m.depth,
  gauge: m.gauge,
  measuredBy: m.measured_by,
  method: m.method,
  note: m.note,
});

/** Records manual measurements all or none (quality control right). */
export async function addMeasurements(
  ctx: SubjectCtx,
  { id, measurements }: { id: number; measurements: z.output<typeof MeasurementInput>[] },
): Promise<Measurement[]> {
  const item = await controlled(ctx, id);
  measurements.forEach((m, i) => levelReading(item, m.reading, `measurements.${i}`));
  return stationOf(ctx.env, item.id).corrections().addMeasurements(measurements.map(toNew), editorOf(ctx));
}

/** The most bad lines one refused import names. */
const maxNamedLines = 20;

/**
 * Records measurements from CSV text (a header line, then one per line), all or none: every bad line is named
 * (`lines.<n>`, the file's line number) and nothing is stored.
 */
export async function importMeasurements(
  ctx: SubjectCtx,
  { id, body }: { id: number; body: z.output<typeof MeasurementsCsv> },
): Promise<Measurement[]> {
  const item = await controlled(ctx, id);
  levelReading(item, body.reading);
  let records: { record: Record<string, string>; info: { lines: number } }[];
  try {
    records = parse(body.csv, { columns: true, skip_empty_lines: true, trim: true, info: true });
  } catch (err) {
    const line = (err as { lines?: number }).lines;
    throw invalid({ [line ? `lines.${line}` : 'csv']: [err instanceof Error ? err.message : 'This is not CSV.'] });
  }
  const header = Object.keys(records[0]?.record ?? {});
  if (!header.includes('time') || !(header.includes('depth') || header.includes('gauge')))
    throw invalid({ csv: ['The header must name a time column and a depth or gauge column.'] });
  const errors: Record<string, string[]> = {};
  const measurements: z.output<typeof MeasurementInput>[] = [];
  const editor = editorOf(ctx);
  for (const { record, info } of records) {
    const key = `lines.${info.lines}`;
    const ts = parseStationTime(record.time ?? '', item.timezone);
    if (typeof ts === 'string') {
      errors[key] = [`time: ${record.time} is not a time (${ts}).`];
      continue;
    }
    const number = (text: string | undefined) => (text === undefined || text === '' ? null : Number(text));
    const parsed = MeasurementInput.safeParse({
      reading: body.reading,
      at: isoInstant(ts),
      depth: number(record.depth),
      gauge: number(record.gauge),
      measured_by: record.measured_by || editor.name,
      method: record.method || 'manual',
      note: record.note ?? '',
    });
    if (parsed.success) measurements.push(parsed.data);
    else errors[key] = Object.entries(fieldErrors(parsed.error)).map(([field, messages]) => `${field}: ${messages.join(' ')}`);
  }
  const bad = Object.keys(errors);
  if (bad.length) throw invalid(Object.fromEntries(bad.slice(0, maxNamedLines).map((k) => [k, errors[k]])));
  if (!measurements.length) throw invalid({ csv: ['No measurement in the file.'] });
  return stationOf(ctx.env, item.id).corrections().addMeasurements(measurements.map(toNew), editor);
}
