import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { sql } from 'drizzle-orm';
import { items } from './items';
import { subjects } from './subjects';

/**
 * Maintenance windows per station, pushed to the station's object with a revision like alarm rules (decision 0008):
 * a cancelled window keeps its row (`cancelled_at`), so the revision never goes back.
 */
export const maintenanceWindows = sqliteTable(
  'maintenance_windows',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    startsAt: integer('starts_at').notNull(),
    endsAt: integer('ends_at').notNull(),
    note: text('note'),
    createdBy: integer('created_by').references(() => subjects.id, { onDelete: 'set null' }),
    createdAt: integer('created_at').notNull(),
    cancelledAt: integer('cancelled_at'),
    rev: integer('rev').notNull(),
    pushed: integer('pushed', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    index('maintenance_windows_item').on(t.itemId, t.endsAt),
    index('maintenance_windows_unpushed')
      .on(t.itemId)
      .where(sql`pushed = 0`),
  ],
);
