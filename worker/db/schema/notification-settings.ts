import { index, integer, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { notificationModes } from '../../contracts/notifications';
import { groups } from './groups';
import { items } from './items';
import { subjects } from './subjects';

/** A subject's default for alarm e-mail, and whether alarms also go to its push devices; no row means `all`, no push. */
export const notificationPreferences = sqliteTable('notification_preferences', {
  subjectId: integer('subject_id')
    .primaryKey()
    .references(() => subjects.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: notificationModes }).notNull(),
  /** An alarm that e-mails the subject also pushes to its devices. */
  push: integer('push', { mode: 'boolean' }).notNull().default(false),
});

/** A subject's alarm e-mail setting for one station or for one group's stations (exactly one of the two is set). */
export const notificationOverrides = sqliteTable(
  'notification_overrides',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    itemId: integer('item_id').references(() => items.id, { onDelete: 'cascade' }),
    groupId: integer('group_id').references(() => groups.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: notificationModes }).notNull(),
  },
  (t) => [
    uniqueIndex('notification_overrides_item').on(t.subjectId, t.itemId),
    uniqueIndex('notification_overrides_group').on(t.subjectId, t.groupId),
    index('notification_overrides_by_item').on(t.itemId),
    index('notification_overrides_by_group').on(t.groupId),
  ],
);
