import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { items } from './items';

/** Webhooks set by administrators. The secret signs every delivery, so it is kept as it is (not hashed). */
export const webhooks = sqliteTable('webhooks', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  url: text('url').notNull(),
  description: text('description'),
  secret: text('secret').notNull(),
  /** JSON array of the events it wants. */
  events: text('events').notNull(),
  createdAt: integer('created_at').notNull(),
  updatedAt: integer('updated_at').notNull(),
});

/** The stations a webhook is limited to; none means every station. */
export const webhookItems = sqliteTable(
  'webhook_items',
  {
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.webhookId, t.itemId] }), index('webhook_items_item').on(t.itemId)],
);
