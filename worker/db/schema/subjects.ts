import { sql } from 'drizzle-orm';
import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const subjectStatuses = ['pending', 'active', 'rejected', 'disabled'] as const;
export type SubjectStatus = (typeof subjectStatuses)[number];

export const subjects = sqliteTable(
  'subjects',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    username: text('username').notNull(),
    firstName: text('first_name').notNull(),
    secondName: text('second_name').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    isAdmin: integer('is_admin', { mode: 'boolean' }).notNull().default(false),
    status: text('status', { enum: subjectStatuses }).notNull().default('pending'),
    passwordHash: text('password_hash').notNull(),
    createdAt: integer('created_at', { mode: 'timestamp_ms' })
      .notNull()
      .default(sql`(unixepoch() * 1000)`),
    approvedAt: integer('approved_at', { mode: 'timestamp_ms' }),
    approvedBy: integer('approved_by'),
  },
  (t) => [uniqueIndex('subjects_username_nocase').on(sql`${t.username} COLLATE NOCASE`), index('subjects_status').on(t.status)],
);

/** A subject as stored: what every domain verb receives as "who is asking". */
export type Subject = typeof subjects.$inferSelect;
