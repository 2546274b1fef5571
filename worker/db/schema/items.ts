import { integer, real, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';

export const itemSources = ['DANES', 'UNIWAN'] as const;
export type ItemSource = (typeof itemSources)[number];

export const items = sqliteTable(
  'items',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    serialNr: text('serial_nr'),
    uniqueId: text('unique_id').notNull(),
    locationX: real('location_x'),
    locationY: real('location_y'),
    locationName: text('location_name'),
    locationGroup: text('location_group'),
    nameForApi: text('name_for_api', { enum: itemSources }).notNull().default('DANES'),
    timezone: text('timezone').notNull().default('Europe/Prague'),
    /** How often the station reports each reading, in minutes: what the dashboard's completeness counts against. */
    reportMinutes: integer('report_minutes').notNull().default(10),
    /** Line protocol field names mapped to reading codes (a field named after a code needs none): `{"level": "H1"}`. */
    lineFields: text('line_fields', { mode: 'json' }).$type<Record<string, string>>(),
    /**
     * The datum of the station's newest vertical reference (docs/corrections.md), kept by the object's reference
     * edits: the unit its elevations show ("m Bpv") wherever only D1 is read. Null: no reference.
     */
    datum: text('datum'),
  },
  (t) => [uniqueIndex('items_unique_id').on(t.uniqueId)],
);
