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

/**
 * Every forecast of a level a station's object made (decision 0043), kept to be scored against the crossings that
 * followed: a hit when the level was reached by `expected_at` plus the tolerance, a false alarm when not.
 */
export const warningForecastIssues = sqliteTable(
  'warning_forecast_issues',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    issuedAt: integer('issued_at').notNull(),
    level: integer('level').notNull(),
    expectedAt: integer('expected_at').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.reading, t.issuedAt] })],
);
