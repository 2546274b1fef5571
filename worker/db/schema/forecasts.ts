import { integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { items } from './items';

/**
 * The time-to-level forecast per station and reading as its object last made it (decision 0035): `level` and
 * `expected_at` null while there is none. Replaced only by a forecast issued later.
 */
export const warningForecasts = sqliteTable(
  'warning_forecasts',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    level: integer('level'),
    issuedAt: integer('issued_at').notNull(),
    expectedAt: integer('expected_at'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.reading] })],
);
