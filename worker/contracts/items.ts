import { z } from './zod';
import { defineCall } from './call';
import { id, idList, optionalText, text, idQuery, wholeNumber } from './validation';
import { editData, linkList } from './subjects';
import { allReadingCodes, sources } from '../../shared/readings';

const isTimeZone = (tz: string) => {
  try {
    new Intl.DateTimeFormat('en', { timeZone: tz });
    return true;
  } catch {
    return false;
  }
};

const coordinate = (limit: number) =>
  z
    .union([z.number(), z.string().trim()])
    .nullish()
    .transform((v) => (v === '' || v == null ? null : Number(v)))
    .pipe(z.number().min(-limit).max(limit).nullable());

export const Items = z.object({
  id: id().optional(),
  name: text(4, 100),
  serial_nr: optionalText(100),
  unique_id: text(1, 100),
  location_x: coordinate(90),
  location_y: coordinate(180),
  location_name: optionalText(200),
  location_group: optionalText(200),
  name_for_api: z.enum(sources).default('DANES'),
  timezone: z
    .string()
    .trim()
    .max(64)
    .refine(isTimeZone, { params: { rule: 'timeZone' } })
    .default('Europe/Prague'),
  report_minutes: wholeNumber(1, 24 * 60)
    .default(10)
    .meta({ description: 'How often the station reports each reading, in minutes: the dashboard counts its completeness against it.' }),
});

export const ItemRow = z.object({
  id: z.number(),
  name: z.string(),
  serial_nr: z.string().nullable(),
  unique_id: z.string(),
  location_x: z.number().nullable(),
  location_y: z.number().nullable(),
  location_name: z.string().nullable(),
  location_group: z.string().nullable(),
  last_update: z.string().nullable(),
  name_for_api: z.enum(sources),
  timezone: z.string(),
  report_minutes: z.number().meta({ description: 'How often the station reports each reading, in minutes.' }),
  datum: z.string().nullable().meta({
    description:
      'The datum of the station\'s newest vertical reference: elevations above it show its name in their unit ("m Bpv"); null without one.',
  }),
});
export type ItemRow = z.infer<typeof ItemRow>;

/** What a page shows of a station: its cards, map and charts take this much, so a share link's stations fit them too. */
export type StationFace = Pick<
  ItemRow,
  'unique_id' | 'name' | 'location_name' | 'location_x' | 'location_y' | 'name_for_api' | 'timezone'
> &
  Partial<Pick<ItemRow, 'datum'>>;

export const ItemEdit = editData('item', ItemRow, ['groups', 'subjects']);
export type ItemEdit = z.infer<typeof ItemEdit>;

export const ItemEditQuery = z.object({ id: id().optional() });
export const ItemGroups = idList();
export const ItemSubjects = linkList();
export const IngestToken = z.object({ token: z.string(), item_id: z.number() });

/** The most line protocol field names one station may map. */
export const maxLineFields = 50;

/** A line protocol field name a station's writes use, and the reading code it is (docs/line-protocol.md). */
export const LineField = z.object({
  field: z
    .string()
    .trim()
    .min(1)
    .max(100)
    .refine((name) => !/\p{Cc}/u.test(name))
    .meta({ description: 'The field name as written in line protocol, unescaped (spaces, commas and equals signs allowed).' }),
  code: z
    .string()
    .trim()
    .refine((code) => allReadingCodes.includes(code))
    .meta({ description: "A reading code of the station's source." }),
});
export type LineField = z.infer<typeof LineField>;

export const LineFields = z
  .object({ fields: z.array(LineField).max(maxLineFields) })
  .refine((b) => new Set(b.fields.map((f) => f.field)).size === b.fields.length, { path: ['fields'] });

export const LineFieldsReply = z.object({
  item_id: z.number(),
  source: z.enum(sources),
  codes: z.array(z.string()).meta({ description: "The source's reading codes: a field named after one needs no mapping." }),
  fields: z.array(LineField).meta({ description: 'Field names mapped to codes, by name.' }),
});
export type LineFieldsReply = z.infer<typeof LineFieldsReply>;

export const itemCalls = {
  list: defineCall({
    method: 'get',
    path: '/items',
    access: 'admin',
    summary: 'List every item, newest first',
    reply: z.array(ItemRow),
  }),
  own: defineCall({
    method: 'get',
    path: '/items/user-items',
    access: 'user',
    summary: 'Items linked to the signed-in subject, directly or through its groups',
    reply: z.array(ItemRow),
  }),
  detail: defineCall({
    method: 'get',
    path: '/items/edit',
    access: 'admin',
    summary: 'An item with its groups and subjects, and everything it could be linked to (no id: data for a new item)',
    query: ItemEditQuery,
    reply: ItemEdit,
  }),
  save: defineCall({
    method: 'post',
    path: '/items/edit',
    access: 'admin',
    summary: 'Create (no id) or update an item',
    body: Items,
    model: 'Items',
    reply: ItemRow,
  }),
  setGroups: defineCall({
    method: 'post',
    path: '/items/groups',
    access: 'admin',
    summary: 'Replace the groups an item belongs to',
    query: idQuery,
    body: ItemGroups,
    model: 'ItemGroups',
    reply: idList(),
  }),
  setSubjects: defineCall({
    method: 'post',
    path: '/items/subjects',
    access: 'admin',
    summary: 'Replace the subjects an item is linked to directly (and the quality control right of each)',
    query: idQuery,
    body: ItemSubjects,
    model: 'ItemSubjects',
    reply: idList(),
  }),
  issueToken: defineCall({
    method: 'post',
    path: '/items/token',
    access: 'admin',
    summary: "Issue a station's ingest token (shown once) and revoke the previous one",
    query: idQuery,
    reply: IngestToken,
  }),
  lineFields: defineCall({
    method: 'get',
    path: '/items/line-fields',
    access: 'admin',
    summary: "How a station's line protocol fields name its reading codes",
    query: idQuery,
    reply: LineFieldsReply,
  }),
  setLineFields: defineCall({
    method: 'post',
    path: '/items/line-fields',
    access: 'admin',
    summary: "Replace how a station's line protocol fields name its reading codes",
    description:
      "A field named after one of the source's codes is that code without a mapping; a mapping wins over it. Every code must be one of the station's source (422 naming `fields.<i>.code`).",
    query: idQuery,
    body: LineFields,
    model: 'LineFields',
    reply: LineFieldsReply,
  }),
};
