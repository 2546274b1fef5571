import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { alarmKinds, alarmStates, clearReasons, severities } from '../../contracts/alarm-kinds';
import { alarmRules } from './alarm-rules';
import { items } from './items';
import { subjects } from './subjects';

/**
 * Alarms: one row per time a rule fired, written only on transitions (fired, acknowledged, cleared). The rule's
 * kind, reading, severity and threshold are kept as they were when it fired.
 */
export const alarms = sqliteTable(
  'alarms',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    /** Chosen by the station's object when the rule fired: delivering the transition twice cannot add a second row. */
    key: text('key').notNull(),
    ruleId: integer('rule_id')
      .notNull()
      .references(() => alarmRules.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: alarmKinds }).notNull(),
    reading: text('reading'),
    severity: text('severity', { enum: severities }).notNull(),
    threshold: real('threshold'),
    state: text('state', { enum: alarmStates }).notNull(),
    startedAt: integer('started_at').notNull(),
    firedAt: integer('fired_at').notNull(),
    value: real('value'),
    acknowledgedAt: integer('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => subjects.id, { onDelete: 'set null' }),
    note: text('note'),
    clearedAt: integer('cleared_at'),
    clearValue: real('clear_value'),
    clearedReason: text('cleared_reason', { enum: clearReasons }),
  },
  (t) => [
    uniqueIndex('alarms_key').on(t.key),
    // At most one open alarm per rule, enforced by D1 itself.
    uniqueIndex('alarms_open_rule')
      .on(t.ruleId)
      .where(sql`state <> 'cleared'`),
    index('alarms_item').on(t.itemId, t.id),
    index('alarms_open')
      .on(t.id)
      .where(sql`state <> 'cleared'`),
  ],
);
