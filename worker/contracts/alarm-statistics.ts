import { z } from './zod';
import { defineCall } from './call';
import { alarmKinds, severities } from './alarm-kinds';

/** The longest range, in days. */
export const maxStatisticsDays = 366;

const instant = z.iso.datetime({ offset: true });

/** `[from, to)`: `to` defaults to now, `from` to `days` (default 30) before `to`. The range is checked once resolved (domain). */
export const AlarmStatisticsQuery = z
  .object({
    from: instant.optional(),
    to: instant.optional(),
    days: z.coerce.number().int().min(1).max(maxStatisticsDays).default(30),
  })
  .meta({ description: 'A range from before `to` and at most 366 days long; otherwise 400 naming `from`.' });

const handling = {
  events: z.number().int(),
  acknowledged: z.number().int().meta({ description: 'Events someone acknowledged (the alarm, or any escalation it started).' }),
  ack_median_seconds: z
    .number()
    .nullable()
    .meta({ description: 'Median time from the event (reading time) to its first acknowledgement; null when none was acknowledged.' }),
  ack_worst_seconds: z.number().nullable().meta({ description: 'The longest of those times.' }),
  escalations: z.number().int().meta({ description: 'Escalations the events started.' }),
  highest_step: z.number().int().nullable().meta({ description: 'The furthest step any of them reached (null: none started).' }),
  false_alarms: z.number().int().meta({ description: 'Events an acknowledgement marked as a false alarm.' }),
};

export const RuleStatistics = z.object({
  rule_id: z.number(),
  item_id: z.number(),
  unique_id: z.string(),
  station_name: z.string(),
  rule_name: z.string().nullable(),
  kind: z.enum(alarmKinds),
  reading: z.string().nullable(),
  threshold: z.number().nullable(),
  severity: z.enum(severities),
  ...handling,
});
export type RuleStatistics = z.infer<typeof RuleStatistics>;

export const LevelStatistics = z.object({
  item_id: z.number(),
  unique_id: z.string(),
  station_name: z.string(),
  reading: z.string(),
  level: z.number().int().meta({ description: 'The level a crossing reached (a jump from 0 to 3 counts once, at level 3).' }),
  level_name: z.string().nullable(),
  ...handling,
});
export type LevelStatistics = z.infer<typeof LevelStatistics>;

const median = (what: string) =>
  z
    .number()
    .nullable()
    .meta({ description: `Median over the hits of ${what}; null without hits.` });

export const ForecastStatistics = z.object({
  item_id: z.number(),
  unique_id: z.string(),
  station_name: z.string(),
  reading: z.string(),
  level: z.number().int().meta({ description: 'The warning level forecast, or reached by a crossing (as in `levels`).' }),
  level_name: z.string().nullable(),
  forecasts: z.number().int().meta({ description: 'Forecasts of the level issued in the range (each time the forecast moved).' }),
  hits: z.number().int().meta({
    description: 'Forecasts after which the level was reached by the expected time plus the tolerance (their lead time, at least 1 h).',
  }),
  false_alarms: z.number().int().meta({ description: 'Forecasts whose tolerance ran out without the level being reached.' }),
  pending: z.number().int().meta({ description: 'Forecasts still inside their tolerance without the level reached.' }),
  crossings: z.number().int().meta({ description: 'Upward crossings reaching the level in the range.' }),
  warned: z.number().int().meta({ description: 'Of those, crossings a forecast scored as a hit had announced (the rest were missed).' }),
  warning_median_seconds: median('the time from the forecast to the crossing (how much warning it gave)'),
  error_median_seconds: median('the crossing time less the expected time (positive: later than forecast)'),
});
export type ForecastStatistics = z.infer<typeof ForecastStatistics>;

export const AlarmStatistics = z.object({
  from: z.string(),
  to: z.string(),
  rules: z.array(RuleStatistics).meta({ description: 'Per alarm rule with alarms that fired in the range.' }),
  levels: z.array(LevelStatistics).meta({ description: 'Per station, reading and level with upward crossings in the range.' }),
  forecasts: z.array(ForecastStatistics).meta({
    description: 'Per station, reading and level with forecasts issued or upward crossings in the range: how the forecasts scored.',
  }),
});
export type AlarmStatistics = z.infer<typeof AlarmStatistics>;

export const alarmStatisticsCalls = {
  get: defineCall({
    method: 'get',
    path: '/alarms/statistics',
    access: 'user',
    summary: 'How alarms and warning levels of the stations the subject may see were handled over a range (default the last 30 days)',
    description:
      'Rows per alarm rule (alarms that fired in `[from, to)`, reading time) and per warning level (upward crossings in the range, ' +
      'each under the level it reached): events, how many were acknowledged and how fast (median and worst, seconds from the ' +
      'event to its first acknowledgement of the alarm or of an escalation it started), escalations started and the furthest ' +
      'step reached, and false alarms marked so when acknowledging an escalation; and per level, the time-to-level forecasts issued ' +
      'in the range scored against the crossings that followed (hits, false alarms, pending, crossings warned of or missed).',
    query: AlarmStatisticsQuery,
    reply: AlarmStatistics,
  }),
};
