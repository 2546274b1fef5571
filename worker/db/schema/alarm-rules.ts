import { sql } from 'drizzle-orm';
import { index, integer, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { alarmKinds, ruleSeries, severities } from '../../contracts/alarm-kinds';
import { items } from './items';

/**
 * Alarm rules, managed through the API and pushed to their station's object, which evaluates them. A deleted rule
 * stays as a row (`deleted_at`) so that the alarms it raised keep their rule, and so that the station's rule
 * revision never goes back.
 */
export const alarmRules = sqliteTable(
  'alarm_rules',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    name: text('name'),
    kind: text('kind', { enum: alarmKinds }).notNull(),
    reading: text('reading'),
    threshold: real('threshold'),
    deadband: real('deadband').notNull().default(0),
    windowMinutes: integer('window_minutes'),
    silenceMinutes: integer('silence_minutes'),
    holdMinutes: integer('hold_minutes').notNull().default(0),
    /** Whether the rule fires on readings the quality checks flagged suspect (rejected ones never fire a rule). */
    onSuspect: integer('on_suspect', { mode: 'boolean' }).notNull().default(true),
    /** Whether the rule evaluates the corrected series (derived codes included) or the raw readings. */
    series: text('series', { enum: ruleSeries }).notNull().default('corrected'),
    severity: text('severity', { enum: severities }).notNull(),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    deletedAt: integer('deleted_at'),
    /** The station's rule-set revision this row was last changed in (1 + the station's highest before). */
    rev: integer('rev').notNull(),
    /** Whether the station's object holds this revision; the cron pushes stations with rows still false. */
    pushed: integer('pushed', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('alarm_rules_item').on(t.itemId, t.rev),
    index('alarm_rules_unpushed')
      .on(t.itemId)
      .where(sql`pushed = 0`),
    index('alarm_rules_no_data')
      .on(t.itemId)
      .where(sql`kind = 'no_data' AND deleted_at IS NULL`),
  ],
);
export type AlarmRuleRow = typeof alarmRules.$inferSelect;
