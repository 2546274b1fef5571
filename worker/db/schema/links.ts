import { index, integer, primaryKey, sqliteTable } from 'drizzle-orm/sqlite-core';

/** The quality control right on a link (decision 0016): its subject may flag the item's (or the group's items') readings and set their checks. */
const qualityRight = () => integer('quality', { mode: 'boolean' }).notNull().default(false);
import { groups } from './groups';
import { items } from './items';
import { subjects } from './subjects';

export const subjectItems = sqliteTable(
  'subject_items',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    quality: qualityRight(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.itemId] }), index('subject_items_item').on(t.itemId)],
);

export const subjectGroups = sqliteTable(
  'subject_groups',
  {
    subjectId: integer('subject_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    quality: qualityRight(),
  },
  (t) => [primaryKey({ columns: [t.subjectId, t.groupId] }), index('subject_groups_group').on(t.groupId)],
);

export const groupItems = sqliteTable(
  'group_items',
  {
    groupId: integer('group_id')
      .notNull()
      .references(() => groups.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.groupId, t.itemId] }), index('group_items_item').on(t.itemId)],
);
