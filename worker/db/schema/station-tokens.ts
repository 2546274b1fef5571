import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { items } from './items';

export const stationTokens = sqliteTable(
  'station_tokens',
  {
    /** SHA-256 of the ingest token, hex. */
    id: text('id').primaryKey(),
    /** Null for an importer token that may post for any station. */
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
    revokedAt: integer('revoked_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('station_tokens_item').on(t.itemId)],
);
