import { z } from './zod';
import { defineCall } from './call';
import { allReadingCodes } from '../../shared/readings';
import { id, text } from './validation';

/** How the segment from a point to the next is interpolated (docs/ratings.md). */
export const segmentKinds = ['linear', 'log', 'power'] as const;
/** Outside the table's stages: no discharge, or the end segment extended and the value flagged suspect. */
export const outOfRangePolicies = ['none', 'extrapolate'] as const;
/** The USGS's grades of a discharge measurement: within 2 %, 5 %, 8 %, worse. */
export const gaugingQualities = ['excellent', 'good', 'fair', 'poor'] as const;
export type GaugingQuality = (typeof gaugingQualities)[number];

const instant = z.iso.datetime({ offset: true });
const optionalInstant = instant.nullish().transform((v) => v ?? null);
const reading = z
  .string()
  .trim()
  .refine((code) => allReadingCodes.includes(code))
  .meta({ description: "A stage code of the station's source (a water level in metres)." });
const stage = z.number().finite().min(-1000).max(10_000);
const discharge = z.number().finite().min(0).max(1_000_000);
const note = text(1, 500).meta({ description: 'Why: required, kept in the audit log.' });
const optionalNumber = z
  .number()
  .finite()
  .nullish()
  .transform((v) => v ?? null);

export const RatingPoint = z.object({
  stage: stage.meta({ description: 'Stage (gauge height), m.' }),
  discharge: discharge
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'Discharge, m³/s; a `power` point may leave it out: it follows from its law at its stage.' }),
  segment: z
    .enum(segmentKinds)
    .default('linear')
    .meta({ description: 'How the segment from this point to the next is interpolated (the last point: how the table extrapolates up).' }),
  offset: optionalNumber.meta({ description: '`log` and `power`: the stage of zero flow e, m.' }),
  coefficient: optionalNumber.meta({ description: '`power`: C in Q = C · (h − e)^b.' }),
  exponent: optionalNumber.meta({ description: '`power`: b in Q = C · (h − e)^b.' }),
});
export type RatingPoint = z.output<typeof RatingPoint>;

/** A rating version: its table, when it is in effect and how the one before blends into it. */
export const RatingVersionInput = z.object({
  reading,
  from: instant.meta({ description: 'First instant the version is in effect, included.' }),
  to: optionalInstant.meta({ description: 'Last instant, excluded; left out: until the next version starts.' }),
  transition_from: optionalInstant.meta({
    description: 'Where the version before starts blending into this one, linearly in time up to `from`; left out: a switch at `from`.',
  }),
  out_of_range: z.enum(outOfRangePolicies).default('none'),
  points: z.array(RatingPoint).max(2000).meta({ description: 'In order of rising stage; discharge must not fall as the stage rises.' }),
  note,
});
export type RatingVersionInput = z.output<typeof RatingVersionInput>;

export const RatingVersionReplace = RatingVersionInput.extend({ version: id() });
export const RatingRemoval = z.object({ id: id().meta({ description: 'What to remove.' }), note });

export const ShiftInput = z.object({
  version: id().meta({ description: 'The rating version the shift applies to.' }),
  at: instant.meta({ description: 'When the shift is in full effect; between two shifts it is prorated linearly in time.' }),
  points: z
    .array(z.object({ stage, shift: z.number().finite().min(-100).max(100) }))
    .max(100)
    .meta({ description: 'Stage-varying shift, m, added to the stage before rating; one point is a constant shift.' }),
  prorate: z.boolean().default(true).meta({ description: 'Prorate into the next shift (true), or hold until it (false).' }),
  note,
});
export type ShiftInput = z.output<typeof ShiftInput>;

export const GaugingInput = z.object({
  reading,
  at: instant,
  stage: stage.meta({ description: 'The stage during the measurement, m.' }),
  discharge: discharge.meta({ description: 'The measured discharge, m³/s.' }),
  method: text(1, 60).meta({ description: 'How: "ADCP", "current meter", "dilution" …' }),
  quality: z.enum(gaugingQualities).default('good'),
  measured_by: text(1, 100),
  note: z.string().trim().max(500).default(''),
});
export type GaugingInput = z.output<typeof GaugingInput>;

const by = z.object({ id: z.number(), name: z.string() }).nullable();

export const Shift = z.object({
  id: z.number(),
  version: z.number(),
  at: z.string(),
  points: z.array(z.object({ stage: z.number(), shift: z.number() })),
  prorate: z.boolean(),
  note: z.string(),
  created_at: z.string(),
  created_by: by,
});
export type Shift = z.infer<typeof Shift>;

export const RatingVersion = z.object({
  id: z.number(),
  reading: z.string(),
  from: z.string(),
  to: z.string().nullable(),
  transition_from: z.string().nullable(),
  out_of_range: z.enum(outOfRangePolicies),
  points: z.array(
    z.object({
      stage: z.number(),
      discharge: z.number(),
      segment: z.enum(segmentKinds),
      offset: z.number().nullable(),
      coefficient: z.number().nullable(),
      exponent: z.number().nullable(),
    }),
  ),
  shifts: z.array(Shift),
  note: z.string(),
  created_at: z.string(),
  created_by: by,
});
export type RatingVersion = z.infer<typeof RatingVersion>;

export const Gauging = z.object({
  id: z.number(),
  reading: z.string(),
  at: z.string(),
  stage: z.number(),
  discharge: z.number(),
  method: z.string(),
  quality: z.enum(gaugingQualities),
  measured_by: z.string(),
  note: z.string(),
  rated: z
    .number()
    .nullable()
    .meta({ description: 'The discharge the rating and shift in effect then give for its stage; null without one.' }),
  deviation: z.number().nullable().meta({ description: 'How far the measurement is from `rated`, % of `rated`.' }),
  version: z.number().nullable().meta({ description: 'The rating version that gave `rated`.' }),
  created_at: z.string(),
  created_by: by,
});
export type Gauging = z.infer<typeof Gauging>;

export const Ratings = z.object({
  item_id: z.number(),
  may_edit: z.boolean(),
  versions: z.array(RatingVersion),
  gaugings: z.array(Gauging),
});
export type Ratings = z.infer<typeof Ratings>;

export const InEffectQuery = z.object({ id: id(), reading, at: instant });
export const InEffect = z.object({
  version: RatingVersion.nullable().meta({ description: 'The version in effect (the later one during a transition); null: none.' }),
  previous: z.number().nullable().meta({ description: 'During a transition, the version blending out.' }),
  weight: z.number().meta({ description: 'The share of `version` in the blend (1 outside a transition).' }),
  shifts: z.array(z.object({ id: z.number(), weight: z.number() })).meta({ description: 'The shifts in effect with their shares.' }),
});
export type InEffect = z.infer<typeof InEffect>;

export const RateInput = z.object({
  reading,
  at: instant.meta({ description: 'The instant whose rating and shift apply.' }),
  values: z.array(z.number().finite()).min(1).max(10_000).meta({ description: 'Stages (rate) or discharges (reverse).' }),
});
export const Rated = z.object({
  version: z.number().nullable(),
  values: z
    .array(z.number().nullable())
    .meta({ description: 'Per value given, its discharge (rate) or stage (reverse); null where none.' }),
  extrapolated: z.array(z.boolean()).meta({ description: 'Per value, whether it lies beyond the table (suspect).' }),
});
export type Rated = z.infer<typeof Rated>;

/** A rating table read from a file into a new version. */
export const RatingImport = RatingVersionInput.omit({ points: true }).extend({
  format: z.enum(['rdb', 'csv']).meta({
    description: '`rdb`: a USGS RDB rating file (base or `exsa`); `csv`: a header naming `stage` and `discharge`, then one point per line.',
  }),
  text: z.string().min(1).max(2_000_000),
});

export const RatingExportQuery = z.object({
  id: id(),
  version: id(),
  format: z
    .enum(['csv', 'rdb'])
    .meta({ description: '`csv`: the table as stored; `rdb`: the expanded table (INDEP, SHIFT, DEP) as an RDB file.' }),
  at: instant.optional().meta({ description: 'The instant whose shift the expanded table applies; left out: now.' }),
  step: z.coerce.number().min(0.001).max(1).default(0.01).meta({ description: 'Stage step of the expanded table, m.' }),
});

/** A version expanded at a stage step, with the shift in effect at `at`. */
export const RatingTable = z.object({
  version: z.number(),
  at: z.string(),
  rows: z.array(z.object({ stage: z.number(), shift: z.number(), discharge: z.number().nullable(), fixed: z.boolean() })),
});
export type RatingTable = z.infer<typeof RatingTable>;

export const RatingFile = z.object({ filename: z.string(), text: z.string() });

const stationQuery = z.object({ id: id() });
const rights = 'Administrators, and subjects with the quality control right on the station or a group holding it.';

export const ratingCalls = {
  state: defineCall({
    method: 'get',
    path: '/ratings',
    access: 'user',
    summary:
      "A station's rating versions (with their shifts) and gaugings (each with its deviation from the rating then); reads no time series",
    query: z.object({ id: id(), reading: reading.optional() }),
    reply: Ratings,
  }),
  add: defineCall({
    method: 'post',
    path: '/ratings/versions',
    access: 'user',
    summary: 'Add a rating version (periods of one reading must not overlap; blend with a transition instead)',
    description: rights,
    query: stationQuery,
    body: RatingVersionInput,
    model: 'RatingVersion',
    reply: RatingVersion,
  }),
  replace: defineCall({
    method: 'post',
    path: '/ratings/versions/replace',
    access: 'user',
    summary: 'Replace a rating version (its table, period and policy; its shifts stay)',
    description: rights,
    query: stationQuery,
    body: RatingVersionReplace,
    model: 'RatingVersionReplace',
    reply: RatingVersion,
  }),
  remove: defineCall({
    method: 'post',
    path: '/ratings/versions/remove',
    access: 'user',
    summary: 'Remove a rating version and its shifts (kept in the audit log)',
    description: rights,
    query: stationQuery,
    body: RatingRemoval,
    model: 'RatingRemoval',
    reply: z.object({ id: z.number() }),
  }),
  shift: defineCall({
    method: 'post',
    path: '/ratings/shifts',
    access: 'user',
    summary: 'Add a shift to a rating version',
    description: rights,
    query: stationQuery,
    body: ShiftInput,
    model: 'Shift',
    reply: Shift,
  }),
  unshift: defineCall({
    method: 'post',
    path: '/ratings/shifts/remove',
    access: 'user',
    summary: 'Remove a shift (kept in the audit log)',
    description: rights,
    query: stationQuery,
    body: RatingRemoval,
    model: 'RatingRemoval',
    reply: z.object({ id: z.number() }),
  }),
  gaugings: defineCall({
    method: 'post',
    path: '/ratings/gaugings',
    access: 'user',
    summary: 'Record gaugings (measured stage and discharge), all or none',
    description: rights,
    query: stationQuery,
    body: z.object({ gaugings: z.array(GaugingInput).min(1).max(1000) }),
    model: 'Gaugings',
    reply: z.array(Gauging),
  }),
  ungauge: defineCall({
    method: 'post',
    path: '/ratings/gaugings/remove',
    access: 'user',
    summary: 'Remove a gauging (kept in the audit log)',
    description: rights,
    query: stationQuery,
    body: RatingRemoval,
    model: 'RatingRemoval',
    reply: z.object({ id: z.number() }),
  }),
  import: defineCall({
    method: 'post',
    path: '/ratings/import',
    access: 'user',
    summary: 'Add a rating version from a USGS RDB rating file or a CSV table (a file that is not one is refused, 422 naming `text`)',
    description: rights,
    query: stationQuery,
    body: RatingImport,
    model: 'RatingImport',
    reply: RatingVersion,
  }),
  export: defineCall({
    method: 'get',
    path: '/ratings/export',
    access: 'user',
    summary: 'A rating version as a file: its table as CSV, or the expanded shift-adjusted table as RDB',
    query: RatingExportQuery,
    reply: RatingFile,
  }),
  inEffect: defineCall({
    method: 'get',
    path: '/ratings/in-effect',
    access: 'user',
    summary: 'The rating version and shifts in effect at an instant',
    query: InEffectQuery,
    reply: InEffect,
  }),
  rate: defineCall({
    method: 'post',
    path: '/ratings/rate',
    access: 'user',
    summary: 'Discharges of up to 10,000 stages at an instant, through the rating and shift then in effect',
    query: stationQuery,
    body: RateInput,
    model: 'Rate',
    reply: Rated,
  }),
  reverse: defineCall({
    method: 'post',
    path: '/ratings/reverse',
    access: 'user',
    summary: 'Stages of up to 10,000 discharges at an instant: the reverse of the rating then in effect',
    query: stationQuery,
    body: RateInput,
    model: 'Rate',
    reply: Rated,
  }),
};
