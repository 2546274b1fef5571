import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { subjects } from './subjects';

/**
 * A subject's named, read-only integration tokens (QGIS, Grafana, scripts): they read what their owner may see,
 * through the SensorThings API and the read calls of /rest, and never write.
 */
export const apiTokens = sqliteTable(
  'api_tokens',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** SHA-256 of the token, hex; the token itself is shown once and never stored. */
    tokenHash: text('token_hash').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' }).notNull(),
    /** Written at most hourly. */
    lastUsedAt: integer('last_used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [uniqueIndex('api_tokens_hash').on(t.tokenHash), index('api_tokens_subject').on(t.subjectId)],
);
