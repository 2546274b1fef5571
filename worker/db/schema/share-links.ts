import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { items } from './items';
import { subjects } from './subjects';

/**
 * Public share links (docs/decisions/0018). The URL's secret is kept only as its SHA-256, which also names the
 * link's object. The window is rolling (`window_days`: the last N station-local days) or fixed (`window_from`..
 * `window_to`); a revoked or expired link stays listed and answers 410.
 */
export const shareLinks = sqliteTable(
  'share_links',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    secretHash: text('secret_hash').notNull(),
    ownerId: integer('owner_id')
      .notNull()
      .references(() => subjects.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    windowDays: integer('window_days'),
    windowFrom: text('window_from'),
    windowTo: text('window_to'),
    /** Exact coordinates; otherwise rounded to 0.01° (about 1 km) before anything leaves the server. */
    exactLocation: integer('exact_location', { mode: 'boolean' }).notNull().default(false),
    /** JSON array of the origins that may frame its embeds. */
    frameOrigins: text('frame_origins').notNull().default('[]'),
    expiresAt: integer('expires_at'),
    revokedAt: integer('revoked_at'),
    createdAt: integer('created_at').notNull(),
    updatedAt: integer('updated_at').notNull(),
    lastViewedAt: integer('last_viewed_at'),
    views: integer('views').notNull().default(0),
  },
  (t) => [uniqueIndex('share_links_secret').on(t.secretHash), index('share_links_owner').on(t.ownerId)],
);

/** The stations a link shows, in its order, each with the reading codes it shows (a JSON array). */
export const shareLinkStations = sqliteTable(
  'share_link_stations',
  {
    linkId: integer('link_id')
      .notNull()
      .references(() => shareLinks.id, { onDelete: 'cascade' }),
    itemId: integer('item_id')
      .notNull()
      .references(() => items.id, { onDelete: 'cascade' }),
    readings: text('readings').notNull(),
    position: integer('position').notNull(),
  },
  (t) => [primaryKey({ columns: [t.linkId, t.itemId] }), index('share_link_stations_item').on(t.itemId)],
);
