import { index, integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { subjects } from './subjects';

export const passwordResets = sqliteTable(
  'password_resets',
  {
    /** SHA-256 of the token sent by e-mail, hex. */
    id: text('id').primaryKey(),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    expiresAt: integer('expires_at', { mode: 'timestamp_ms' }).notNull(),
    usedAt: integer('used_at', { mode: 'timestamp_ms' }),
  },
  (t) => [index('password_resets_subject').on(t.subjectId)],
);
