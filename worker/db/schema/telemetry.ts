import { integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { items } from './items';

/**
 * Raw readings of a database from before station objects. Nothing writes here any more: `npm run
 * migrate:readings` copies them into the station objects (docs/decisions/0001); a later release drops the table.
 */
export const legacyReadings = sqliteTable(
  'legacy_readings',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** Reading code from the catalogue, e.g. H1 or humidity. */
    reading: text('reading').notNull(),
    /** Epoch ms, UTC. */
    ts: integer('ts').notNull(),
    value: real('value').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.ts, t.reading] })],
);

export const dailyStats = sqliteTable(
  'daily_stats',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    /** Station-local calendar day, YYYY-MM-DD. */
    day: text('day').notNull(),
    count: integer('count').notNull(),
    min: real('min').notNull(),
    max: real('max').notNull(),
    sum: real('sum').notNull(),
    firstTs: integer('first_ts').notNull(),
    lastTs: integer('last_ts').notNull(),
    lastValue: real('last_value').notNull(),
  },
  // Clustered by station, code and day (WITHOUT ROWID, added to the migration by hand): the dashboard seeks each
  // (station, code) day range and groups in key order, and a roll-up writes one row per code, no index beside it.
  (t) => [primaryKey({ columns: [t.itemId, t.reading, t.day] })],
);
