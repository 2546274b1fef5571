import { index, integer, primaryKey, real, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { items } from './items';

export const readings = sqliteTable(
  'readings',
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
  (t) => [
    primaryKey({ columns: [t.itemId, t.day, t.reading] }),
    // Covers the dashboard's per-station, per-code sums in key order, so grouping them needs no sort.
    index('daily_stats_item_reading').on(t.itemId, t.reading, t.day, t.count, t.min, t.max, t.lastTs),
  ],
);

/** (station, local day) pairs that ingest touched since the last roll-up. */
export const dirtyDays = sqliteTable(
  'dirty_days',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    day: text('day').notNull(),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.day] })],
);
