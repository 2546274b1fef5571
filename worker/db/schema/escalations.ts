import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { acknowledgedVia, escalationChannels, escalationStates, type EscalationStep, type RotaEntry } from '../../contracts/escalations';
import { alarmRules } from './alarm-rules';
import { alarms } from './alarms';
import { items } from './items';
import { subjects } from './subjects';

/** An escalation policy: its steps and rota as JSON, so a policy is written whole in one statement. */
export const escalationPolicies = sqliteTable('escalation_policies', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  name: text('name').notNull(),
  steps: text('steps', { mode: 'json' }).$type<EscalationStep[]>().notNull(),
  rota: text('rota', { mode: 'json' }).$type<RotaEntry[]>().notNull(),
  repeatMinutes: integer('repeat_minutes').notNull(),
  maxRepeats: integer('max_repeats').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** What starts a policy's escalations: an alarm rule's alarms, or a station's reading crossing up to a level. */
export const escalationTargets = sqliteTable(
  'escalation_targets',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    policyId: integer('policy_id')
      .notNull()
      .references(() => escalationPolicies.id, { onDelete: 'cascade' }),
    ruleId: integer('rule_id').references(() => alarmRules.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading'),
    level: integer('level'),
  },
  (t) => [
    index('escalation_targets_policy').on(t.policyId),
    index('escalation_targets_rule').on(t.ruleId),
    index('escalation_targets_level').on(t.itemId, t.reading),
  ],
);

/**
 * One run of a policy for one alarm or level crossing. `key` makes starting it idempotent (a transition delivered
 * twice starts one escalation); `steps_done` and `repeats` advance by compare-and-set, so a step runs once.
 */
export const escalations = sqliteTable(
  'escalations',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    policyId: integer('policy_id')
      .notNull()
      .references(() => escalationPolicies.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    alarmId: integer('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    reading: text('reading'),
    level: integer('level'),
    state: text('state', { enum: escalationStates }).notNull(),
    startedAt: integer('started_at').notNull(),
    stepsDone: integer('steps_done').notNull().default(0),
    repeats: integer('repeats').notNull().default(0),
    acknowledgedAt: integer('acknowledged_at'),
    acknowledgedBy: integer('acknowledged_by').references(() => subjects.id, { onDelete: 'set null' }),
    acknowledgedVia: text('acknowledged_via', { enum: acknowledgedVia }),
    note: text('note'),
    falseAlarm: integer('false_alarm', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    uniqueIndex('escalations_key').on(t.key),
    index('escalations_item').on(t.itemId, t.id),
    index('escalations_alarm')
      .on(t.alarmId)
      .where(sql`state = 'running'`),
  ],
);

/** Whom each step notified, how. Push attempts are recorded here until push delivery is wired (docs/warning.md). */
export const escalationNotices = sqliteTable(
  'escalation_notices',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    escalationId: integer('escalation_id')
      .notNull()
      .references(() => escalations.id, { onDelete: 'cascade' }),
    step: integer('step').notNull(),
    repeat: integer('repeat').notNull(),
    at: integer('at').notNull(),
    channel: text('channel', { enum: escalationChannels }).notNull(),
    recipient: text('recipient').notNull(),
  },
  (t) => [index('escalation_notices_escalation').on(t.escalationId)],
);

/** The acknowledgement links e-mailed with a step, by the SHA-256 of their token: one per recipient, single use, expiring. */
export const escalationTokens = sqliteTable('escalation_tokens', {
  hash: text('hash').primaryKey(),
  escalationId: integer('escalation_id')
    .notNull()
    .references(() => escalations.id, { onDelete: 'cascade' }),
  subjectId: integer('subject_id')
    .notNull()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  expiresAt: integer('expires_at').notNull(),
  usedAt: integer('used_at'),
});
