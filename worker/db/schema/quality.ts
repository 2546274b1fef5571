import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import type { CheckSettings } from '../../../shared/readings';
import { items } from './items';
import { subjects } from './subjects';

/**
 * A station's automatic check settings (decision 0016), per code where they differ from the catalogue's, managed
 * through the API and pushed to the station's object with a revision, as alarm rules are: `pushed` stays false until
 * the object holds `rev`, and the cron pushes such stations again.
 */
export const qualitySettings = sqliteTable(
  'quality_settings',
  {
    itemId: integer('item_id')
      .primaryKey()
      .references(() => items.id, { onDelete: 'cascade' }),
    /** Per code, the settings in force where the station set its own. */
    checks: text('checks', { mode: 'json' }).$type<Record<string, CheckSettings>>().notNull(),
    rev: integer('rev').notNull(),
    pushed: integer('pushed', { mode: 'boolean' }).notNull().default(false),
    updatedAt: integer('updated_at').notNull(),
    updatedBy: integer('updated_by').references(() => subjects.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('quality_settings_unpushed')
      .on(t.itemId)
      .where(sql`pushed = 0`),
  ],
);

/**
 * The deployment's approval levels (decision 0033), ordered by `position` (lowest first); the one with
 * `lockingLevel`'s id is the highest and locks. Seeded with the default list on first read.
 */
export const approvalLevels = sqliteTable('approval_levels', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  position: integer('position').notNull(),
  name: text('name').notNull(),
  colour: text('colour').notNull(),
});

/** Which stations hold ranges of which level (kept by each approval call), so a level in use is not removed. */
export const approvalLevelUses = sqliteTable(
  'approval_level_uses',
  {
    levelId: integer('level_id')
      .notNull()
      .references(() => approvalLevels.id),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.levelId, t.itemId] })],
);
