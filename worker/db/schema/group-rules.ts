import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { alarmRules } from './alarm-rules';
import { items } from './items';

/**
 * The members of a rule across stations (kind `k_of_n`, decision 0034): each a station's reading and the warning
 * level it counts from. The rule itself is an `alarm_rules` row (name, severity, k as its threshold), so its alarms,
 * acknowledgements and escalation policies are those of every rule.
 */
export const groupRuleMembers = sqliteTable(
  'group_rule_members',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alarmRules.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    /** The member counts while its current level is at least this (1 = the first level). */
    level: integer('level').notNull(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.itemId, t.reading] }), index('group_rule_members_reading').on(t.itemId, t.reading)],
);
