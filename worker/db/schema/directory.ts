import { integer, sqliteTable } from 'drizzle-orm/sqlite-core';

/**
 * One row counting changes to what decides who sees which stations and how they are listed (stations, groups, links,
 * subjects' roles): raised by triggers (migration 0015), so no write can forget it. Replies kept per subject carry it
 * in their key (docs/decisions/0045).
 */
export const directoryVersion = sqliteTable('directory_version', {
  id: integer('id').primaryKey(),
  version: integer('version').notNull(),
});
