import { z } from './zod';
import { defineCall } from './call';
import { allReadingCodes, type CheckSettings } from '../../shared/readings';
import { isCalendarDay } from '../../shared/calendar';
import { id, text } from './validation';
import { ItemRow } from './items';

/** A reading's quality flag (DESIGN §8): good unless a check or a person said otherwise. */
export const qualityFlags = ['good', 'suspect', 'rejected'] as const;
export type QualityFlag = (typeof qualityFlags)[number];
/** The flags as the station object stores them and the chart replies send them per point (`q`). */
export const flagNumber: Record<QualityFlag, number> = { good: 0, suspect: 1, rejected: 2 };
export const flagOfNumber = (n: number): QualityFlag => qualityFlags[n] ?? 'good';

/** Why a reading is flagged: an automatic check on arrival, or a person (with a note). */
export const flagReasons = ['range', 'step', 'rate', 'flat', 'manual', 'maintenance'] as const;
export type FlagReason = (typeof flagReasons)[number];

/**
 * What the audit log records: a person's flag edit, the checks' flags of a batch, readings arriving into an edited
 * range, approvals, corrections added and removed, reference periods and manual measurements (docs/corrections.md).
 */
export const logActions = [
  'flag',
  'auto',
  'arrival',
  'approve',
  'withdraw',
  'correct',
  'uncorrect',
  'reference',
  'measure',
  'rating',
  'gauging',
] as const;
export type LogAction = (typeof logActions)[number];

/** The most days one flag edit may span. */
export const maxFlagDays = 366;

const instant = z.iso.datetime({ offset: true });
const reading = z
  .string()
  .trim()
  .refine((code) => allReadingCodes.includes(code))
  .meta({ description: "A reading code of the station's source." });
const Day = z.string().refine(isCalendarDay).meta({ description: 'A station-local day, YYYY-MM-DD.' });
const note = text(1, 500).meta({ description: 'Why: required, kept in the audit log.' });

/** A flag edit: one reading of one station over [from, to] (both included). */
export const QualityFlagEdit = z
  .object({
    reading,
    from: instant.meta({ description: 'First instant of the range (ISO 8601 with offset), included.' }),
    to: instant.meta({ description: 'Last instant of the range, included.' }),
    flag: z.enum(qualityFlags),
    note,
  })
  .refine((e) => Date.parse(e.from) <= Date.parse(e.to), { path: ['from'] })
  .refine((e) => Date.parse(e.to) - Date.parse(e.from) <= maxFlagDays * 86_400_000, { path: ['to'] });
export type QualityFlagEdit = z.output<typeof QualityFlagEdit>;

/** How many readings went from one flag to the new one. */
export const FlagChange = z.object({ from: z.enum(qualityFlags), count: z.number() });
export type FlagChange = z.infer<typeof FlagChange>;

export const FlagOutcome = z.object({
  item_id: z.number(),
  reading: z.string(),
  from: z.string(),
  to: z.string(),
  flag: z.enum(qualityFlags),
  changed: z
    .array(FlagChange)
    .meta({ description: 'Readings changed, per distinct old flag; readings that had the new flag already are not listed.' }),
  days: z.array(z.string()).meta({
    description: 'Station-local days the edit touched: their roll-up is computed again (the dashboard shows it after the next roll-up).',
  }),
  entry: z.number().nullable().meta({ description: 'The audit log entry (null when nothing changed).' }),
});
export type FlagOutcome = z.infer<typeof FlagOutcome>;

const limit = (description: string) => z.number().finite().nullable().meta({ description });
/** One code's automatic check settings, as the API sends and takes them (null: the check is off). */
export const CodeChecks = z
  .object({
    reading,
    soft_min: limit('Below this the reading is suspect (range).'),
    soft_max: limit('Above this the reading is suspect (range).'),
    max_step: z
      .number()
      .positive()
      .nullable()
      .meta({ description: 'A change from the reading before larger than this is suspect (step or spike).' }),
    max_rate: z
      .number()
      .positive()
      .nullable()
      .meta({ description: 'A rate of change per hour above this (over at least 10 minutes) is suspect.' }),
    flat_minutes: z
      .number()
      .int()
      .min(10)
      .max(60 * 24 * 90)
      .nullable()
      .meta({ description: 'The same value for this many minutes or longer is suspect (flat line).' }),
  })
  .refine((c) => c.soft_min === null || c.soft_max === null || c.soft_min <= c.soft_max, { path: ['soft_min'] });
export type CodeChecks = z.output<typeof CodeChecks>;

export const QualityChecks = z
  .object({ checks: z.array(CodeChecks).max(allReadingCodes.length) })
  .refine((b) => new Set(b.checks.map((c) => c.reading)).size === b.checks.length, { path: ['checks'] });

export const toCodeChecks = (code: string, s: CheckSettings): CodeChecks => ({
  reading: code,
  soft_min: s.softMin,
  soft_max: s.softMax,
  max_step: s.maxStep,
  max_rate: s.maxRate,
  flat_minutes: s.flatMinutes,
});
export const toCheckSettings = (c: Omit<CodeChecks, 'reading'>): CheckSettings => ({
  softMin: c.soft_min,
  softMax: c.soft_max,
  maxStep: c.max_step,
  maxRate: c.max_rate,
  flatMinutes: c.flat_minutes,
});

/** The highest approval level's id: it locks its ranges and stays on top (decision 0033). */
export const lockingLevel = 1;
/** An approval range's bounds when it is open at the start or the end (JavaScript's earliest and latest instants). */
export const openStart = -8.64e15;
export const openEnd = 8.64e15;

/** An approval level's colour: #rrggbb. */
export const isLevelColour = (text: string) => /^#[0-9a-fA-F]{6}$/.test(text);
/** The longest name an approval level may have. */
export const maxLevelName = 40;
/** The most approval levels a deployment may have. */
export const maxApprovalLevels = 20;

/** One approval level of the deployment. */
export const ApprovalLevel = z.object({
  id: z.number(),
  name: z.string(),
  colour: z.string(),
  in_use: z.boolean().meta({ description: 'Whether any station has a range of this level (it cannot be removed then).' }),
});
export type ApprovalLevel = z.infer<typeof ApprovalLevel>;

/** The levels as an administrator sends them: lowest first; the highest (`lockingLevel`) stays last. */
export const ApprovalLevels = z.object({
  levels: z
    .array(
      z.object({
        id: z.number().int().positive().nullish().meta({ description: 'An existing level; left out: a new one.' }),
        // Checked by the call (not here) so that a refusal names the level's own field.
        name: z
          .string()
          .trim()
          .meta({ description: `1 to ${maxLevelName} characters, unlike every other level's name (ignoring case).` }),
        colour: z.string().trim().meta({ description: 'A colour as #rrggbb.' }),
      }),
    )
    .min(1)
    .max(maxApprovalLevels)
    .meta({ description: 'Every level, lowest first; a level left out is removed (refused while a station uses it).' }),
});
export type ApprovalLevels = z.output<typeof ApprovalLevels>;

/** A stretch of one reading at one level, and who set it. */
export const ApprovalRange = z.object({
  from: z.string().nullable().meta({ description: 'First instant, included; null: from the start.' }),
  to: z.string().meta({ description: 'Last instant, excluded.' }),
  level: z.number(),
  at: z.string(),
  by: z.object({ id: z.number(), name: z.string() }).nullable(),
  note: z.string().nullable(),
});
export type ApprovalRange = z.infer<typeof ApprovalRange>;

/** A stretch of one reading at one level as the chart and the export carry it: epoch ms, `to` excluded. */
export const ApprovalSpan = z.object({
  from: z.number().nullable().meta({ description: 'Epoch ms, included; null: from the start.' }),
  to: z.number().meta({ description: 'Epoch ms, excluded.' }),
  level: z.number(),
});
export type ApprovalSpan = z.infer<typeof ApprovalSpan>;

export const Approval = z.object({
  reading: z.string(),
  approved_until: z.string().nullable().meta({ description: 'The end (excluded) of the last range at the highest level; null: none.' }),
  ranges: z
    .array(ApprovalRange)
    .meta({ description: 'The ranges as they stand now (later ranges painted over earlier ones), in time order.' }),
});
export type Approval = z.infer<typeof Approval>;

/** A station's quality state: approvals, check settings, and what the caller may do. */
export const QualityState = z.object({
  item_id: z.number(),
  item: ItemRow,
  may_edit: z.boolean().meta({
    description:
      'Whether the caller may flag readings and change the checks (administrators, and subjects with the quality control right on the station or its group).',
  }),
  may_approve: z.boolean().meta({ description: 'Whether the caller may approve or withdraw approvals (administrators).' }),
  approvals: z.array(Approval),
  levels: z.array(ApprovalLevel).meta({ description: "The deployment's approval levels, lowest first." }),
  checks: z.array(CodeChecks).meta({ description: "Each code of the station's source with the settings in force." }),
  defaults: z.array(CodeChecks).meta({ description: 'The catalogue defaults, for comparison.' }),
});
export type QualityState = z.infer<typeof QualityState>;

export const QualityApprove = z.object({
  reading: reading.nullish().meta({ description: 'One reading code; left out: every reading of the station.' }),
  level: id().nullish().meta({ description: 'The approval level; left out: the highest (which locks).' }),
  from: Day.nullish().meta({ description: 'From the start of this station-local day; left out: from the first reading.' }),
  to: Day.meta({
    description: "Up to the end of this station-local day, never past each reading's newest stored reading (a later day is clamped).",
  }),
  note: text(1, 500)
    .nullish()
    .transform((v) => v ?? null),
});

export const QualityWithdraw = z.object({
  reading: reading.nullish().meta({ description: 'One reading code; left out: every reading of the station.' }),
  from: Day.nullish().meta({ description: 'Withdraw the approval from the start of this station-local day on; left out: all of it.' }),
  to: Day.nullish().meta({ description: 'Up to the end of this station-local day; left out: all of it after `from`.' }),
  note,
});

export const LogEntry = z.object({
  seq: z.number(),
  at: z.string(),
  action: z.enum(logActions),
  reading: z.string().nullable(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  flag: z.enum(qualityFlags).nullable(),
  reason: z.enum(flagReasons).nullable(),
  by: z
    .object({ id: z.number(), name: z.string() })
    .nullable()
    .meta({ description: 'Who (as named at the time); null for automatic entries.' }),
  note: z.string().nullable(),
  changed: z.array(FlagChange).meta({ description: 'Flag edits: readings changed per distinct old flag.' }),
  count: z.number().meta({ description: 'Readings the entry changed (automatic and arrival entries: the readings it lists).' }),
  correction: z.number().optional().meta({ description: 'Corrections added or removed: the correction.' }),
});
export type LogEntry = z.infer<typeof LogEntry>;

export const QualityLogQuery = z.object({
  id: id(),
  before: id().optional().meta({ description: 'Continue after the entry with this seq (newest first).' }),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});

export const FlagsQuery = z
  .object({
    id: id(),
    reading: reading,
    from: instant,
    to: instant,
    at: instant.optional().meta({ description: 'Rebuild the flags as they stood at this instant from the audit log; left out: now.' }),
  })
  .refine((q) => Date.parse(q.from) <= Date.parse(q.to), { path: ['from'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= maxFlagDays * 86_400_000, { path: ['to'] });

/** A reading that is not good, and why. */
export const FlaggedReading = z.object({
  t: z.number().meta({ description: 'Epoch ms.' }),
  flag: z.enum(['suspect', 'rejected']),
  reason: z.enum(flagReasons),
});
export type FlaggedReading = z.infer<typeof FlaggedReading>;

const stationQuery = z.object({ id: id() });

const rights =
  'Administrators, and subjects an administrator granted quality control (`quality`) on the station or on a group holding it ' +
  '(`POST /rest/subjects/items`, `/subjects/groups` or `/items/subjects` with `{"id": …, "quality": true}` entries).';

export const qualityCalls = {
  state: defineCall({
    method: 'get',
    path: '/quality',
    access: 'user',
    summary: "A station's quality state: approvals per reading, the automatic checks in force, and what the caller may do",
    query: stationQuery,
    reply: QualityState,
  }),
  checks: defineCall({
    method: 'post',
    path: '/quality/checks',
    access: 'user',
    summary: "Set a station's automatic checks per reading (codes left out take the catalogue defaults); its object takes them at once",
    description: `${rights} The checks flag arriving readings as suspect; they never refuse them (physical limits do, at ingest).`,
    query: stationQuery,
    body: QualityChecks,
    model: 'QualityChecks',
    reply: QualityState,
  }),
  flag: defineCall({
    method: 'post',
    path: '/quality/flag',
    access: 'user',
    summary: 'Flag one reading of a station over a range as good, suspect or rejected, with a note (raw values never change)',
    description:
      `${rights} The change goes into the station's audit log; the days it touches are rolled up again. Approved readings ` +
      'cannot be re-flagged (409) until the approval is withdrawn.',
    query: stationQuery,
    body: QualityFlagEdit,
    model: 'QualityFlag',
    reply: FlagOutcome,
  }),
  log: defineCall({
    method: 'get',
    path: '/quality/log',
    access: 'user',
    summary: "A station's quality audit log, newest first (page with `before`)",
    query: QualityLogQuery,
    reply: z.array(LogEntry),
  }),
  flags: defineCall({
    method: 'get',
    path: '/quality/flags',
    access: 'user',
    summary: 'The readings of one code that are not good over [from, to], now or as they stood at `at` (rebuilt from the audit log)',
    query: FlagsQuery,
    reply: z.array(FlaggedReading),
  }),
  levels: defineCall({
    method: 'get',
    path: '/quality/levels',
    access: 'user',
    summary: "The deployment's approval levels, lowest first, each with its name and colour",
    reply: z.array(ApprovalLevel),
  }),
  setLevels: defineCall({
    method: 'post',
    path: '/quality/levels',
    access: 'admin',
    summary: "Set the deployment's approval levels (reorder, rename, add, remove); the highest stays on top and locks",
    description:
      'Names must differ, colours are #rrggbb, a level a station uses cannot be removed, and the highest level (which locks its ' +
      'ranges) stays last: rename it, but put no level above it (docs/decisions/0033).',
    body: ApprovalLevels,
    model: 'ApprovalLevels',
    reply: z.array(ApprovalLevel),
  }),
  approve: defineCall({
    method: 'post',
    path: '/quality/approve',
    access: 'admin',
    summary: "Set an approval level over a station's data (one reading or all) from a day to a day; the highest level locks",
    description:
      'A later range overrides an earlier one where they overlap. A range never reaches past the newest stored reading of each ' +
      'code (it is clamped), so live readings after it are always taken. Readings at the highest level cannot be re-flagged or ' +
      'corrected (409) until withdrawn.',
    query: stationQuery,
    body: QualityApprove,
    model: 'QualityApprove',
    reply: QualityState,
  }),
  withdraw: defineCall({
    method: 'post',
    path: '/quality/withdraw',
    access: 'admin',
    summary: "Withdraw a station's approval (one reading or all) over a range of days, or entirely, with a note (logged)",
    query: stationQuery,
    body: QualityWithdraw,
    model: 'QualityWithdraw',
    reply: QualityState,
  }),
};
