import { z } from './zod';
import { defineCall } from './call';
import { allReadingCodes } from '../../shared/readings';
import { id, text } from './validation';

/**
 * How a logger reports its level code: depth to water below the measuring point, the water column above the sensor
 * (hung `sensor_depth` metres below the measuring point), or an elevation above the datum already.
 */
export const levelModes = ['depth_below_mp', 'water_column', 'elevation'] as const;
export type LevelMode = (typeof levelModes)[number];

const instant = z.iso.datetime({ offset: true });
const reading = z
  .string()
  .trim()
  .refine((code) => allReadingCodes.includes(code))
  .meta({ description: "A level code of the station's source." });
const elevation = z.number().finite().min(-500).max(9000);
const note = text(1, 500).meta({ description: 'Why: required, kept in the audit log.' });

const referenceShape = {
  reading,
  from: instant.meta({ description: 'First instant the reference is in effect, included.' }),
  to: instant
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'Last instant, excluded; left out: until further notice.' }),
  ground_elevation: elevation.meta({ description: 'Ground level above the datum, m.' }),
  mp_elevation: elevation.meta({ description: 'The measuring point (top of casing) above the datum, m.' }),
  datum: text(1, 60).meta({ description: 'The datum\'s name as shown with elevations, e.g. "Bpv".' }),
  mode: z.enum(levelModes),
  sensor_depth: z
    .number()
    .finite()
    .min(0)
    .max(2000)
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: "The sensor's depth below the measuring point, m (needed by `water_column`)." }),
  note,
};

type ReferenceFields = { from: string; to: string | null; mode: LevelMode; sensor_depth: number | null };
const referenceRules = <T extends z.ZodType<ReferenceFields>>(schema: T) =>
  schema
    .refine((r) => r.to === null || Date.parse(r.from) < Date.parse(r.to), { path: ['to'], error: 'to must be after from.' })
    .refine((r) => r.mode !== 'water_column' || r.sensor_depth !== null, {
      path: ['sensor_depth'],
      error: 'A water column needs the sensor depth.',
    });

/** A well's vertical reference over a period: a re-survey or a re-hung logger starts a new one. */
export const LevelReferenceInput = referenceRules(z.object(referenceShape));
export type LevelReferenceInput = z.output<typeof LevelReferenceInput>;

const referenceId = z.number().int().positive().meta({ description: 'The reference period (its `id`).' });
const measurementId = z.number().int().positive().meta({ description: 'The measurement (its `id`).' });

/** A reference period as corrected (a mistyped survey): every field anew; the reading stays the period's. */
export const LevelReferenceEdit = referenceRules(z.object({ reference: referenceId, ...referenceShape }));
export type LevelReferenceEdit = z.output<typeof LevelReferenceEdit>;

export const LevelReferenceRemoval = z.object({ reference: referenceId, note });
export type LevelReferenceRemoval = z.output<typeof LevelReferenceRemoval>;

const by = z.object({ id: z.number(), name: z.string() }).nullable();

export const LevelReference = z.object({
  id: z.number(),
  reading: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  ground_elevation: z.number(),
  mp_elevation: z.number(),
  datum: z.string(),
  mode: z.enum(levelModes),
  sensor_depth: z.number().nullable(),
  note: z.string(),
  created_at: z.string(),
  created_by: by,
});
export type LevelReference = z.infer<typeof LevelReference>;

const measurementShape = {
  reading,
  at: instant,
  depth: z
    .number()
    .finite()
    .min(-50)
    .max(2000)
    .nullish()
    .transform((v) => v ?? null)
    .meta({
      description: 'Depth to water below the measuring point, m.',
    }),
  gauge: z
    .number()
    .finite()
    .min(-1000)
    .max(9000)
    .nullish()
    .transform((v) => v ?? null)
    .meta({
      description: "A staff gauge reading, in the level code's own terms.",
    }),
  measured_by: text(1, 100).meta({ description: 'Who measured.' }),
  method: text(1, 60).meta({ description: 'How: "electric tape", "steel tape", "staff gauge" …' }),
  note: z.string().trim().max(500).default(''),
};

const measurementRule = <T extends z.ZodType<{ depth: number | null; gauge: number | null }>>(schema: T) =>
  schema.refine((m) => (m.depth === null) !== (m.gauge === null), { path: ['depth'], error: 'Give either a depth or a gauge reading.' });

/** A manual measurement at a field visit: depth to water below the measuring point, or a staff gauge reading. */
export const MeasurementInput = measurementRule(z.object(measurementShape));
export type MeasurementInput = z.output<typeof MeasurementInput>;

/** A measurement as corrected (a mistyped depth): every field anew, and why; the reading stays the measurement's. */
export const MeasurementEdit = measurementRule(z.object({ measurement: measurementId, ...measurementShape, reason: note }));
export type MeasurementEdit = z.output<typeof MeasurementEdit>;

export const MeasurementRemoval = z.object({ measurement: measurementId, note });
export type MeasurementRemoval = z.output<typeof MeasurementRemoval>;

export const MeasurementsInput = z.object({ measurements: z.array(MeasurementInput).min(1).max(1000) });

/** Measurements as CSV text, one per line after a header: `time,depth,gauge,measured_by,method,note`. */
export const MeasurementsCsv = z.object({
  reading,
  csv: z.string().min(1).max(200_000).meta({
    description:
      'A header line naming the columns (`time` and `depth` or `gauge` required; `measured_by`, `method`, `note`), then one measurement per line. Times in ISO 8601; without an offset, station-local.',
  }),
});

export const Measurement = z.object({
  id: z.number(),
  reading: z.string(),
  at: z.string(),
  depth: z.number().nullable(),
  gauge: z.number().nullable(),
  measured_by: z.string(),
  method: z.string(),
  note: z.string(),
  value: z
    .number()
    .nullable()
    .meta({ description: "The measurement in the level code's terms (through the reference then in effect); null without one." }),
  logged: z.number().nullable().meta({ description: "The corrected logger series' value at that moment; null where it has none." }),
  difference: z.number().nullable().meta({ description: '`value` minus `logged`.' }),
  created_at: z.string(),
  created_by: by,
});
export type Measurement = z.infer<typeof Measurement>;

export const Levels = z.object({
  item_id: z.number(),
  references: z.array(LevelReference),
  measurements: z.array(Measurement),
});
export type Levels = z.infer<typeof Levels>;

const stationQuery = z.object({ id: id() });
const rights = 'Administrators, and subjects with the quality control right on the station or a group holding it.';

export const levelCalls = {
  state: defineCall({
    method: 'get',
    path: '/levels',
    access: 'user',
    summary: "A station's vertical references and manual measurements (each with the logger's value then and the difference)",
    query: z.object({ id: id(), reading: reading.optional() }),
    reply: Levels,
  }),
  reference: defineCall({
    method: 'post',
    path: '/levels/references',
    access: 'user',
    summary: "Add a period of a well's vertical reference (periods of one reading must not overlap)",
    description: rights,
    query: stationQuery,
    body: LevelReferenceInput,
    model: 'LevelReference',
    reply: LevelReference,
  }),
  editReference: defineCall({
    method: 'post',
    path: '/levels/references/edit',
    access: 'user',
    summary: 'Change a reference period (its days are rolled up again); it must still overlap no other of its reading',
    description: rights,
    query: stationQuery,
    body: LevelReferenceEdit,
    model: 'LevelReferenceEdit',
    reply: LevelReference,
  }),
  removeReference: defineCall({
    method: 'post',
    path: '/levels/references/remove',
    access: 'user',
    summary: 'Remove a reference period (kept in the audit log); its days lose their derived figures',
    description: rights,
    query: stationQuery,
    body: LevelReferenceRemoval,
    model: 'LevelReferenceRemoval',
    reply: LevelReference,
  }),
  measurements: defineCall({
    method: 'post',
    path: '/levels/measurements',
    access: 'user',
    summary: 'Record manual measurements (field visits), all or none',
    description: rights,
    query: stationQuery,
    body: MeasurementsInput,
    model: 'Measurements',
    reply: z.array(Measurement),
  }),
  editMeasurement: defineCall({
    method: 'post',
    path: '/levels/measurements/edit',
    access: 'user',
    summary: 'Change a manual measurement, with the reason',
    description: rights,
    query: stationQuery,
    body: MeasurementEdit,
    model: 'MeasurementEdit',
    reply: Measurement,
  }),
  removeMeasurement: defineCall({
    method: 'post',
    path: '/levels/measurements/remove',
    access: 'user',
    summary: 'Remove a manual measurement (kept in the audit log)',
    description: rights,
    query: stationQuery,
    body: MeasurementRemoval,
    model: 'MeasurementRemoval',
    reply: Measurement,
  }),
  import: defineCall({
    method: 'post',
    path: '/levels/measurements/import',
    access: 'user',
    summary: 'Record manual measurements from CSV text, all or none; a bad line gets a 422 naming it (`lines.<n>`)',
    description: rights,
    query: stationQuery,
    body: MeasurementsCsv,
    model: 'MeasurementsCsv',
    reply: z.array(Measurement),
  }),
};
