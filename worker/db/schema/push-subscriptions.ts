import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { subjects } from './subjects';

/** Browsers subscribed to Web Push for a subject: where their push service takes messages and the keys to encrypt to. */
export const pushSubscriptions = sqliteTable(
  'push_subscriptions',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    /** Unique: a browser subscribed again (or by another subject on a shared device) replaces its row. */
    endpoint: text('endpoint').notNull().unique(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    label: text('label'),
    createdAt: integer('created_at').notNull(),
    lastSuccessAt: integer('last_success_at'),
    lastFailureAt: integer('last_failure_at'),
    lastError: text('last_error'),
  },
  (t) => [index('push_subscriptions_subject').on(t.subjectId)],
);
export type PushSubscriptionRow = typeof pushSubscriptions.$inferSelect;
