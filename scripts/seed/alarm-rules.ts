/** The demo stations' alarm rules (the flood rule is the one `npm run simulate -- --flood` drives across). */
import { AlarmRules, type AlarmRulesInput } from '../../worker/contracts/alarms';
import { insertSql } from '../lib/d1';

export const floodRule = {
  item_id: 1,
  name: 'Flood level',
  kind: 'above',
  reading: 'H1',
  threshold: 2.5,
  deadband: 0.05,
  severity: 'critical',
} as const satisfies AlarmRulesInput;

export const demoRules: AlarmRulesInput[] = [
  floodRule,
  { item_id: 1, name: 'Battery', kind: 'low_voltage', threshold: 11.8, deadband: 0.2, severity: 'warning' },
  { item_id: 1, name: 'Station silent', kind: 'no_data', silence_minutes: 60, severity: 'warning' },
  { item_id: 2, name: 'High groundwater', kind: 'above', reading: 'H1', threshold: 2.6, deadband: 0.05, severity: 'warning' },
  {
    item_id: 3,
    name: 'Hard frost',
    kind: 'below',
    reading: 'outer temperature',
    threshold: -2.5,
    deadband: 1,
    hold_minutes: 30,
    severity: 'warning',
  },
  { item_id: 4, name: 'River high', kind: 'above', reading: 'hladina', threshold: 0.75, deadband: 0.03, severity: 'critical' },
  {
    item_id: 4,
    name: 'River rising fast',
    kind: 'rise',
    reading: 'hladina',
    threshold: 0.02,
    deadband: 0.01,
    window_minutes: 60,
    severity: 'warning',
  },
];

/**
 * SQL for the demo rules, through the same contract as the API. They start unpushed: the first cron run hands
 * them to the station objects (the dev setup runs it before posting the demo history, so the history is evaluated).
 */
export function alarmRulesSql(now = Date.now()): string {
  return demoRules
    .map((input) => {
      const r = AlarmRules.parse(input);
      return insertSql('alarm_rules', {
        item_id: r.item_id,
        name: r.name,
        kind: r.kind,
        reading: r.reading,
        threshold: r.threshold,
        deadband: r.deadband,
        window_minutes: r.window_minutes,
        silence_minutes: r.silence_minutes,
        hold_minutes: r.hold_minutes,
        severity: r.severity,
        created_at: now,
        updated_at: now,
        rev: 1,
        pushed: false,
      });
    })
    .join('\n');
}
