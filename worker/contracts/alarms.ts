import { z } from './zod';
import { defineCall } from './call';
import { NamedRef } from './subjects';
import { id, optionalText, idQuery } from './validation';
import {
  alarmKinds,
  alarmStates,
  clearReasons,
  isRateKind,
  isValueKind,
  lowVoltageDefault,
  lowVoltageReading,
  ruleKinds,
  forecastHorizonMinutes,
  ruleSeries,
  severities,
} from './alarm-kinds';
import { isDerived } from '../../shared/readings';

const minutes = (min: number, max: number) => z.number().int().min(min).max(max);
const week = 7 * 24 * 60;

/**
 * A rule as an administrator sends it (create without `id`, update with it). Fields that do not apply to the kind
 * are ignored and come back null; the ones it needs are required. The output is the rule in its stored shape.
 */
export const AlarmRules = z
  .object({
    id: id().optional(),
    item_id: id(),
    name: optionalText(100).meta({ description: 'A label shown with the alarm and in its e-mails, e.g. "Flood level".' }),
    kind: z.enum(ruleKinds),
    reading: z.string().trim().max(64).nullish().meta({
      description:
        "A reading code of the station's source or one of its derived codes (e.g. `H1_elevation`); not used by `no_data`, always POWER for `low_voltage`.",
    }),
    threshold: z.number().nullish().meta({
      description:
        "The level (value kinds, in the reading's unit; `low_voltage` defaults to 11.5 V), the rate per hour (rate kinds, > 0) or, for `forecast`, the warning level's number (1 = the first).",
    }),
    deadband: z
      .number()
      .min(0)
      .nullish()
      .meta({ description: 'How far back past the threshold the value (or rate) must go before the alarm clears (default 0).' }),
    window_minutes: minutes(5, week).nullish().meta({
      description:
        'Rate kinds: the rate is the change since the newest reading at least this long before, per hour. `forecast`: how far ahead (at most 48 h) a forecast of the level fires it.',
    }),
    silence_minutes: minutes(10, 30 * 24 * 60)
      .nullish()
      .meta({ description: '`no_data`: minutes without any reading before it fires (checked every five minutes).' }),
    hold_minutes: minutes(0, week)
      .nullish()
      .meta({ description: 'Value and rate kinds: the condition must hold this long (reading time) before the alarm fires (default 0).' }),
    severity: z.enum(severities).default('warning'),
    on_suspect: z.boolean().default(true).meta({
      description:
        'Value and rate kinds: whether readings the quality checks flagged suspect can fire or clear it (default true). Rejected readings never do.',
    }),
    series: z.enum(ruleSeries).default('corrected').meta({
      description:
        "Value and rate kinds: `corrected` (default) evaluates the series as corrected (docs/corrections.md), `raw` the logger's readings. A derived code is corrected only.",
    }),
  })
  .superRefine((rule, ctx) => {
    const need = (field: keyof typeof rule) => {
      if (rule[field] === undefined || rule[field] === null || rule[field] === '')
        ctx.addIssue({ code: 'custom', path: [field], input: rule[field] });
    };
    if (rule.kind === 'no_data') {
      need('silence_minutes');
      if (rule.hold_minutes) ctx.addIssue({ code: 'custom', path: ['hold_minutes'], input: rule.hold_minutes });
      return;
    }
    if (rule.kind === 'forecast') {
      need('reading');
      need('threshold');
      need('window_minutes');
      if (typeof rule.threshold === 'number' && !(Number.isInteger(rule.threshold) && rule.threshold >= 1))
        ctx.addIssue({ code: 'custom', path: ['threshold'], input: rule.threshold, message: 'A warning level: 1, 2, 3 …' });
      if (typeof rule.window_minutes === 'number' && rule.window_minutes > forecastHorizonMinutes)
        ctx.addIssue({
          code: 'custom',
          path: ['window_minutes'],
          input: rule.window_minutes,
          message: `Forecasts reach at most ${forecastHorizonMinutes / 60} hours ahead.`,
        });
      return;
    }
    if (rule.kind !== 'low_voltage') need('reading');
    else if (rule.reading && rule.reading !== lowVoltageReading) ctx.addIssue({ code: 'custom', path: ['reading'], input: rule.reading });
    if (rule.kind !== 'low_voltage') need('threshold');
    if (rule.series === 'raw' && rule.reading && isDerived(rule.reading))
      ctx.addIssue({ code: 'custom', path: ['series'], input: rule.series, message: 'A derived code has no raw readings.' });
    if (isRateKind(rule.kind)) {
      need('window_minutes');
      if (typeof rule.threshold === 'number' && rule.threshold <= 0)
        ctx.addIssue({ code: 'custom', path: ['threshold'], input: rule.threshold });
    }
  })
  .transform((rule) => {
    const value = isValueKind(rule.kind);
    const rate = isRateKind(rule.kind);
    return {
      id: rule.id,
      item_id: rule.item_id,
      name: rule.name,
      kind: rule.kind,
      reading: rule.kind === 'low_voltage' ? lowVoltageReading : rule.kind === 'no_data' ? null : rule.reading!,
      threshold: rule.kind === 'no_data' ? null : (rule.threshold ?? lowVoltageDefault),
      deadband: value || rate ? (rule.deadband ?? 0) : 0,
      window_minutes: rate || rule.kind === 'forecast' ? rule.window_minutes! : null,
      silence_minutes: rule.kind === 'no_data' ? rule.silence_minutes! : null,
      hold_minutes: rule.kind === 'no_data' ? 0 : (rule.hold_minutes ?? 0),
      severity: rule.severity,
      on_suspect: rule.on_suspect,
      series: rule.series,
    };
  });
export type AlarmRulesInput = z.input<typeof AlarmRules>;
export type AlarmRuleSpec = z.output<typeof AlarmRules>;

export const AlarmRule = z.object({
  id: z.number(),
  item_id: z.number(),
  unique_id: z.string(),
  name: z.string().nullable(),
  kind: z.enum(ruleKinds),
  reading: z.string().nullable(),
  threshold: z.number().nullable(),
  deadband: z.number(),
  window_minutes: z.number().nullable(),
  silence_minutes: z.number().nullable(),
  hold_minutes: z.number(),
  severity: z.enum(severities),
  on_suspect: z.boolean().meta({ description: 'Whether suspect readings can fire or clear it; rejected readings never do.' }),
  series: z.enum(ruleSeries).meta({ description: 'Whether it evaluates the corrected series or the raw readings.' }),
  clear_level: z
    .number()
    .nullable()
    .meta({
      description:
        'Value kinds: the level the value must get back past before the alarm clears (threshold − deadband for `above`, + deadband for ' +
        '`below`/`low_voltage`); draw it beside the threshold. Null for other kinds.',
    }),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AlarmRule = z.infer<typeof AlarmRule>;

/** Without `item_id`: the rules of every station the subject may see. */
export const AlarmRulesQuery = z.object({ item_id: id().optional() });

/** Days of history a preview evaluates (ending now). */
export const PreviewQuery = z.object({ days: z.coerce.number().int().min(1).max(90).default(30) });

/** One time the previewed rule would have fired, in reading time; `cleared_at` null: still firing at the end. */
export const PreviewEpisode = z.object({
  started_at: z.string().meta({ description: 'When the condition began (no_data: the deadline).' }),
  fired_at: z.string().meta({ description: 'When it would have fired (after the hold).' }),
  cleared_at: z.string().nullable().meta({ description: 'When it would have cleared; null: still firing at the end of the range.' }),
  value: z.number().nullable().meta({
    description:
      "The value (value kinds), the rate per hour (rate kinds) or the reading's newest value (`forecast`) that fired it; null for `no_data`.",
  }),
});

export const RulePreview = z.object({
  item_id: z.number(),
  reading: z.string().nullable(),
  from: z.string(),
  to: z.string(),
  fired: z.number().meta({ description: 'How many times the rule would have fired over the range.' }),
  episodes: z.array(PreviewEpisode),
  threshold: z
    .number()
    .nullable()
    .meta({ description: "Draw as a horizontal line on `series` (value kinds; a forecast rule's warning level, in the reading's unit)." }),
  clear_level: z.number().nullable().meta({ description: 'Where a value rule clears: draw beside the threshold.' }),
  series: z
    .object({ t: z.array(z.number()).meta({ description: 'Epoch ms.' }), v: z.array(z.number()) })
    .nullable()
    .meta({
      description: "The rule's reading over the range, downsampled like the chart (minimum and maximum per bucket); null for `no_data`.",
    }),
  downsampled: z.boolean(),
});
export type RulePreview = z.infer<typeof RulePreview>;

export const Alarm = z.object({
  id: z.number(),
  rule_id: z.number(),
  item_id: z.number(),
  unique_id: z.string(),
  station_name: z.string(),
  rule_name: z.string().nullable(),
  kind: z.enum(alarmKinds).meta({ description: 'The rule as it was when the alarm fired (so are reading, severity and threshold).' }),
  reading: z.string().nullable(),
  severity: z.enum(severities),
  threshold: z.number().nullable(),
  state: z.enum(alarmStates),
  started_at: z.string().meta({ description: 'Reading time the condition began (no_data: the deadline).' }),
  fired_at: z.string().meta({ description: 'When it fired: reading time after the hold (no_data: the check that found the silence).' }),
  value: z.number().nullable().meta({
    description:
      "The value (value kinds), the rate per hour (rate kinds) or the reading's newest value (`forecast`) that fired it; null for `no_data`.",
  }),
  acknowledged_at: z.string().nullable(),
  acknowledged_by: NamedRef.nullable(),
  note: z.string().nullable().meta({ description: 'The note given with the acknowledgement.' }),
  cleared_at: z.string().nullable().meta({ description: 'Reading time of the reading that cleared it (or when its rule was deleted).' }),
  clear_value: z.number().nullable(),
  cleared_reason: z.enum(clearReasons).nullable(),
});
export type Alarm = z.infer<typeof Alarm>;

/** `open`: active or acknowledged. */
export const alarmFilters = ['open', ...alarmStates] as const;

const instant = z.iso.datetime({ offset: true });

export const AlarmsQuery = z
  .object({
    state: z.enum(alarmFilters).optional(),
    item_id: id().optional(),
    severity: z.enum(severities).optional(),
    /** Alarms that were open at some time in [from, to): fired before `to`, not cleared before `from`. */
    from: instant.optional(),
    to: instant.optional(),
    limit: z.coerce.number().int().min(1).max(500).default(100),
    /** Continue a listing after the alarm with this id (lists are newest first). */
    before: id().optional(),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { path: ['from'] });

export const AlarmAcknowledge = z.object({ note: optionalText(500) });

const ruleFields =
  'Kinds: `above`/`below` (value past `threshold`), `rise`/`fall` (rate per hour over `window_minutes` past `threshold` > 0), ' +
  '`no_data` (no reading for `silence_minutes`, checked every five minutes), `low_voltage` (preset: POWER below `threshold`, default 11.5 V), ' +
  "`forecast` (the reading's time-to-level forecast expects warning level `threshold` within `window_minutes`, or the level is reached; " +
  'it clears when neither holds; the reading needs warning levels). ' +
  'Value and rate rules clear only once back past the threshold by `deadband`, and fire only after the condition held `hold_minutes` (reading time). ' +
  'Fields a kind does not use are ignored and come back null.';

export const alarmRuleCalls = {
  list: defineCall({
    method: 'get',
    path: '/alarm-rules',
    access: 'user',
    summary: 'Alarm rules of a station the subject may see (item_id), or of all of them',
    description: "Charts draw `threshold` and, for value kinds, `clear_level` (where the alarm clears) as lines on the rule's `reading`.",
    query: AlarmRulesQuery,
    reply: z.array(AlarmRule),
  }),
  save: defineCall({
    method: 'post',
    path: '/alarm-rules/edit',
    access: 'admin',
    summary: "Create (no id) or update a station's alarm rule; the station's object takes it at once",
    description: ruleFields,
    body: AlarmRules,
    model: 'AlarmRules',
    reply: AlarmRule,
  }),
  delete: defineCall({
    method: 'post',
    path: '/alarm-rules/delete',
    access: 'admin',
    summary: 'Delete an alarm rule; its open alarm clears (reason rule_deleted) with the usual notifications',
    query: idQuery,
    reply: z.object({ id: z.number() }),
  }),
  preview: defineCall({
    method: 'post',
    path: '/alarm-rules/preview',
    access: 'admin',
    summary: 'How often a rule (saved or not) would have fired over the last `days` (default 30) of its station',
    description:
      "Runs the same evaluator as ingest over the station's stored readings, from a quiet start. `episodes` are the times it " +
      "would have fired (reading time; no-data rules at their deadline), `series` the rule's reading over the range " +
      '(downsampled like the chart) to draw `threshold` and `clear_level` on. ' +
      ruleFields,
    query: PreviewQuery,
    body: AlarmRules,
    model: 'AlarmRules',
    reply: RulePreview,
  }),
};

export const alarmCalls = {
  list: defineCall({
    method: 'get',
    path: '/alarms',
    access: 'user',
    summary:
      'Alarms of the stations the subject may see, newest first (state open|active|acknowledged|cleared, item_id, severity, from..to)',
    description:
      '`state=open` lists active and acknowledged alarms (the badges). `from`/`to` (ISO 8601 with offset) keep alarms that were open at some ' +
      'time in [from, to). Page with `before=<id of the last alarm>`. Open pages receive changes live as `{"type": "alarm", "unique_id", "alarm"}` ' +
      'on GET /rest/live.',
    query: AlarmsQuery,
    reply: z.array(Alarm),
  }),
  acknowledge: defineCall({
    method: 'post',
    path: '/alarms/acknowledge',
    access: 'user',
    summary: 'Acknowledge an active alarm of a station the subject may see, with an optional note (409 once acknowledged or cleared)',
    query: idQuery,
    body: AlarmAcknowledge,
    model: 'AlarmAcknowledge',
    reply: Alarm,
  }),
};
