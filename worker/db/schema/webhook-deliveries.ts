import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { deliveryEvents, deliveryStatuses } from '../../contracts/webhooks';
import { alarms } from './alarms';
import { webhooks } from './webhooks';

/** The delivery log: one row per event sent to a webhook, with its attempts; pending rows are retried by the cron. */
export const webhookDeliveries = sqliteTable(
  'webhook_deliveries',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: text('event', { enum: deliveryEvents }).notNull(),
    alarmId: integer('alarm_id').references(() => alarms.id, { onDelete: 'set null' }),
    /** The JSON body, exactly as sent (and signed) on every attempt. */
    payload: text('payload').notNull(),
    status: text('status', { enum: deliveryStatuses }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: integer('next_attempt_at'),
    lastStatus: integer('last_status'),
    lastError: text('last_error'),
    createdAt: integer('created_at').notNull(),
    deliveredAt: integer('delivered_at'),
  },
  (t) => [
    index('webhook_deliveries_due')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pending'`),
    index('webhook_deliveries_webhook').on(t.webhookId, t.id),
    index('webhook_deliveries_created').on(t.createdAt),
  ],
);
