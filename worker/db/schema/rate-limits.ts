import { integer, sqliteTable, text } from 'drizzle-orm/sqlite-core';

/** Fixed-window counters for sign-in, signup and reset attempts. */
export const rateLimits = sqliteTable('rate_limits', {
  key: text('key').primaryKey(),
  windowStart: integer('window_start').notNull(),
  hits: integer('hits').notNull(),
});
