import { z } from './zod';
import { defineCall } from './call';
import { allReadingCodes } from '../../shared/readings';
import { id, text } from './validation';

/** The kinds of correction a station's series can carry (docs/corrections.md). */
export const correctionKinds = ['offset', 'drift', 'clock_shift', 'delete_range', 'gap_fill', 'barometric'] as const;

/** The furthest a clock shift may move readings, and the longest gap a fill may bridge. */
export const maxShiftSeconds = 366 * 86_400;
export const maxGapFillMinutes = 7 * 24 * 60;

const instant = z.iso.datetime({ offset: true });
const reading = z
  .string()
  .trim()
  .refine((code) => allReadingCodes.includes(code))
  .meta({ description: "A reading code of the station's source." });
const metres = z.number().finite().min(-1000).max(1000);

const base = {
  reading,
  from: instant.meta({ description: 'First instant the correction applies to (ISO 8601 with offset), included.' }),
  to: instant
    .nullish()
    .transform((v) => v ?? null)
    .meta({ description: 'Last instant, included; left out or null: open-ended (new readings are corrected as they arrive).' }),
  order: z.number().int().min(0).max(1_000_000).optional().meta({
    description: "Processing order within the reading (lower first); left out: after the reading's other corrections.",
  }),
  note: text(1, 500).meta({ description: 'Why: required, kept in the audit log.' }),
};

/** A new correction: its kind with that kind's parameters, over [from, to]. */
export const CorrectionInput = z
  .discriminatedUnion('kind', [
    z.object({ ...base, kind: z.literal('offset'), amount: metres.meta({ description: 'Added to every reading of the range.' }) }),
    z.object({
      ...base,
      kind: z.literal('drift'),
      amount: metres.meta({ description: 'Added at `to`, linearly from 0 at `from` (a drift needs an end).' }),
    }),
    z.object({
      ...base,
      kind: z.literal('clock_shift'),
      seconds: z
        .number()
        .int()
        .min(-maxShiftSeconds)
        .max(maxShiftSeconds)
        .refine((s) => s !== 0)
        .meta({ description: "Moves the readings' times by this many seconds (negative: earlier)." }),
    }),
    z.object({ ...base, kind: z.literal('delete_range') }),
    z.object({
      ...base,
      kind: z.literal('gap_fill'),
      max_gap_minutes: z
        .number()
        .int()
        .min(1)
        .max(maxGapFillMinutes)
        .meta({ description: "Gaps up to this long are filled linearly, a point per the station's reporting interval." }),
    }),
    z.object({
      ...base,
      kind: z.literal('barometric'),
      density: z.number().min(900).max(1300).default(1000).meta({ description: "The water's density in kg/m³ (default 1000)." }),
      reference_hpa: z
        .number()
        .min(0)
        .max(1100)
        .default(0)
        .meta({ description: 'Subtracted from the `pressure` before conversion (default 0: the whole air pressure).' }),
      source: z
        .number()
        .int()
        .positive()
        .nullish()
        .transform((v) => v ?? null)
        .meta({
          description:
            "The station (id) whose `pressure` is subtracted, for a well without a barometer of its own; left out or null: this station's.",
        }),
    }),
  ])
  .refine((c) => c.to === null || Date.parse(c.from) <= Date.parse(c.to), { path: ['from'], error: 'from must not be after to.' })
  .refine((c) => c.kind !== 'drift' || c.to !== null, { path: ['to'], error: 'A drift needs an end (to).' });
export type CorrectionInput = z.output<typeof CorrectionInput>;

const by = z.object({ id: z.number(), name: z.string() }).nullable();

/** A correction as a station keeps it, removed ones included (with who removed them and why). */
export const Correction = z.object({
  id: z.number(),
  reading: z.string(),
  kind: z.enum(correctionKinds),
  from: z.string(),
  to: z.string().nullable(),
  order: z.number(),
  parameters: z.record(z.string(), z.number()).meta({
    description:
      "The kind's parameters: `amount`, `seconds`, `max_gap_minutes`, `density`, `reference_hpa`, `source` (another station's pressure).",
  }),
  note: z.string(),
  created_at: z.string(),
  created_by: by,
  removed_at: z.string().nullable(),
  removed_by: by,
  removal_note: z.string().nullable(),
});
export type Correction = z.infer<typeof Correction>;

export const CorrectionsQuery = z.object({
  id: id(),
  reading: reading.optional(),
  at: instant.optional().meta({ description: 'Only the corrections in force at this instant; left out: every one, removed ones too.' }),
});

export const CorrectionRemoval = z.object({
  correction: z.number().int().positive(),
  note: text(1, 500).meta({ description: 'Why: required, kept in the audit log.' }),
});

export const DriftQuery = z
  .object({
    id: id(),
    reading,
    from: instant,
    to: instant,
    start_value: z.coerce.number().finite().optional().meta({
      description: "What was measured by hand at `from`, in the reading's unit; left out: the manual measurement nearest `from`.",
    }),
    end_value: z.coerce
      .number()
      .finite()
      .optional()
      .meta({ description: 'What was measured by hand at `to`; left out: the manual measurement nearest `to`.' }),
  })
  .refine((q) => Date.parse(q.from) < Date.parse(q.to), { path: ['from'], error: 'from must be before to.' });

export const DriftSuggestion = z.object({
  reading: z.string(),
  from: z.string(),
  to: z.string(),
  start_difference: z.number().meta({ description: 'Measured minus the corrected series at `from`.' }),
  end_difference: z.number().meta({ description: 'Measured minus the corrected series at `to`.' }),
  amount: z.number().meta({ description: 'The drift to add: the change of the difference across the range.' }),
});

const stationQuery = z.object({ id: id() });
const rights =
  'Administrators, and subjects with the quality control right on the station or a group holding it. Raw readings never change: ' +
  'charts, the roll-up and the dashboard show the corrected series.';

export const correctionCalls = {
  list: defineCall({
    method: 'get',
    path: '/corrections',
    access: 'user',
    summary: "A station's corrections (removed ones too, unless `at` asks for those in force at an instant), in processing order",
    query: CorrectionsQuery,
    reply: z.array(Correction),
  }),
  add: defineCall({
    method: 'post',
    path: '/corrections',
    access: 'user',
    summary: 'Add a correction to one reading of a station over a range (open-ended allowed), with a note',
    description: `${rights} A correction reaching into approved data is refused (409).`,
    query: stationQuery,
    body: CorrectionInput,
    model: 'Correction',
    reply: Correction,
  }),
  remove: defineCall({
    method: 'post',
    path: '/corrections/remove',
    access: 'user',
    summary: 'Remove a correction (kept in the log and for "as of" replays): the series is as it was without it',
    description: rights,
    query: stationQuery,
    body: CorrectionRemoval,
    model: 'CorrectionRemoval',
    reply: Correction,
  }),
  drift: defineCall({
    method: 'get',
    path: '/corrections/drift',
    access: 'user',
    summary: 'The drift that brings the corrected series onto values measured by hand at both ends of a range',
    query: DriftQuery,
    reply: DriftSuggestion,
  }),
};
