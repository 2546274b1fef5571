import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { levelDirections } from '../../contracts/warning';
import { items } from './items';

/** One level of a scale as stored: level 1 first. */
export interface StoredLevel {
  name: string | null;
  color: string | null;
  threshold: number;
  deadband: number;
}

/**
 * A station's warning levels per reading, managed through the API and pushed to the station's object with a
 * revision, as alarm rules are (decision 0008): `pushed` stays false until the object holds `rev`. A removed scale
 * keeps its row (`deleted_at`), so the station's revision never goes back.
 */
export const warningScales = sqliteTable(
  'warning_scales',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    direction: text('direction', { enum: levelDirections }).notNull(),
    levels: text('levels', { mode: 'json' }).$type<StoredLevel[]>().notNull(),
    updatedAt: integer('updated_at').notNull(),
    deletedAt: integer('deleted_at'),
    /** The station's level-set revision this row was last changed in (1 + the station's highest before). */
    rev: integer('rev').notNull(),
    pushed: integer('pushed', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.itemId, t.reading] }),
    index('warning_scales_unpushed')
      .on(t.itemId)
      .where(sql`pushed = 0`),
  ],
);
export type WarningScaleRow = typeof warningScales.$inferSelect;

/** The current level per station and reading (0: below every level), as the newest crossing the object delivered left it. */
export const warningCurrent = sqliteTable(
  'warning_current',
  {
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    level: integer('level').notNull(),
    since: integer('since').notNull(),
    value: real('value'),
  },
  (t) => [primaryKey({ columns: [t.itemId, t.reading] })],
);

/** Every level crossing, up or down; `key` is chosen by the station's object, so a crossing delivered twice is stored once. */
export const warningEvents = sqliteTable(
  'warning_events',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    key: text('key').notNull(),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    reading: text('reading').notNull(),
    fromLevel: integer('from_level').notNull(),
    toLevel: integer('to_level').notNull(),
    at: integer('at').notNull(),
    value: real('value').notNull(),
    createdAt: integer('created_at').notNull(),
  },
  (t) => [uniqueIndex('warning_events_key').on(t.key), index('warning_events_item').on(t.itemId, t.reading, t.at)],
);
