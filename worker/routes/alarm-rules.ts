import { z } from 'zod';
import { AlarmRule, AlarmRules, AlarmRulesQuery, PreviewQuery, RulePreview } from '../contracts/alarms';
import { idQuery } from '../contracts/validation';
import { deleteRule, listRules, previewRule, saveRule } from '../domain/alarms/rules';
import { createRouter, defineRoute } from '../http/route';

export const alarmRuleRoutes = createRouter();

const ruleFields =
  'Kinds: `above`/`below` (value past `threshold`), `rise`/`fall` (rate per hour over `window_minutes` past `threshold` > 0), ' +
  '`no_data` (no reading for `silence_minutes`, checked every five minutes), `low_voltage` (preset: POWER below `threshold`, default 11.5 V). ' +
  'Value and rate rules clear only once back past the threshold by `deadband`, and fire only after the condition held `hold_minutes` (reading time). ' +
  'Fields a kind does not use are ignored and come back null.';

defineRoute(
  alarmRuleRoutes,
  {
    method: 'get',
    path: '/',
    access: 'user',
    summary: 'Alarm rules of a station the subject may see (item_id), or of all of them',
    description: 'Charts draw `threshold` and, for value kinds, `clear_level` (where the alarm clears) as lines on the rule\'s `reading`.',
    query: AlarmRulesQuery,
    data: z.array(AlarmRule),
  },
  ({ c, actor, query }) => listRules(c.var.db, actor, query.item_id),
);

defineRoute(
  alarmRuleRoutes,
  {
    method: 'post',
    path: '/edit',
    access: 'admin',
    summary: "Create (no id) or update a station's alarm rule; the station's object takes it at once",
    description: ruleFields,
    body: { model: 'AlarmRules', schema: AlarmRules },
    data: AlarmRule,
  },
  ({ c, body }) => saveRule(c.var.db, c.env, body),
);

defineRoute(
  alarmRuleRoutes,
  {
    method: 'post',
    path: '/delete',
    access: 'admin',
    summary: 'Delete an alarm rule; its open alarm clears (reason rule_deleted) with the usual notifications',
    query: idQuery,
    data: z.object({ id: z.number() }),
  },
  ({ c, query }) => deleteRule(c.var.db, c.env, query.id, (work) => c.executionCtx.waitUntil(work)),
);

defineRoute(
  alarmRuleRoutes,
  {
    method: 'post',
    path: '/preview',
    access: 'admin',
    summary: 'How often a rule (saved or not) would have fired over the last `days` (default 30) of its station',
    description:
      'Runs the same evaluator as ingest over the station\'s stored readings, from a quiet start. `episodes` are the times it ' +
      'would have fired (reading time; no-data rules at their deadline), `series` the rule\'s reading over the range ' +
      '(downsampled like the chart) to draw `threshold` and `clear_level` on. ' +
      ruleFields,
    query: PreviewQuery,
    body: { model: 'AlarmRules', schema: AlarmRules },
    data: RulePreview,
  },
  ({ c, query, body }) => previewRule(c.var.db, c.env, body, query.days),
);
