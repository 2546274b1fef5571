import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { subjects } from './subjects';

export const sessions = sqliteTable(
  'sessions',
  {
    /** SHA-256 of the token, hex; the token itself is never stored. */
    id: text('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [index('sessions_subject').on(t.subjectId)],
);
