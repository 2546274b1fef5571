import { z } from './zod';
import { ItemRow } from './items';
import { isCalendarDay } from './calendar';
import { flag } from './validation';

/** Most rows one ingest request may carry. */
export const maxIngestRows = 5000;

/** Rows as stations post them and as the chart returns them, one shape per source. */
export const DanesRow = z.object({ data_name: z.string(), data_value: z.number(), date: z.string() });
export type DanesRow = z.infer<typeof DanesRow>;
export const UniwanRow = z.object({ value_id: z.string(), value: z.number(), timestamp: z.string() });
export type UniwanRow = z.infer<typeof UniwanRow>;

/** How each source names a row's code, value and time. */
export const rowFields = {
  DANES: { code: 'data_name', value: 'data_value', time: 'date' },
  UNIWAN: { code: 'value_id', value: 'value', time: 'timestamp' },
} as const;

// Rows are checked one by one in the domain so that a 422 can name each bad row's index.
const ingestBody = (shape: string) =>
  z.object({
    unique_id: z.string().trim().min(1).max(100).optional(),
    rows: z
      .array(z.unknown())
      .min(1)
      .max(maxIngestRows, { error: `Send at most ${maxIngestRows.toLocaleString('en')} rows per request.` })
      .meta({ description: `Up to ${maxIngestRows} rows ${shape}; times are ISO 8601, naive ones are read in the station's time zone.` }),
  });
export const DanesIngest = ingestBody('{data_name, data_value, date}');
export const UniwanIngest = ingestBody('{value_id, value, timestamp}');
export type IngestBody = z.output<typeof DanesIngest>;

export const IngestResult = z.object({ accepted: z.number(), duplicates: z.number() });
export type IngestResult = z.infer<typeof IngestResult>;

/** A calendar day `YYYY-MM-DD`, reckoned in the station's time zone. */
export const Day = z.string().refine(isCalendarDay);

/** Days back from today (in the station's zone): `days=7` is the last week, as the chart's presets ask. */
const dayCount = z
  .union([z.number(), z.string().regex(/^\d+$/)])
  .transform(Number)
  .pipe(z.number().int().min(1).max(366));

const dayRange = { from: Day.optional(), to: Day.optional(), days: dayCount.optional() };
const fromNotAfterTo = (r: { from?: string; to?: string }) => !r.from || !r.to || r.from <= r.to;
// Only the API reads these queries (the app's pickers cannot invert a range), so the rule carries its words.
const rangeRule = { path: ['from'], error: 'from must not be after to.' };

export const DashboardQuery = z.object(dayRange).refine(fromNotAfterTo, rangeRule);
export const ChartQuery = z
  .object({
    ...dayRange,
    id: z.string().min(1).max(100),
    /** Kept for old clients (true = DANES); the item knows its source. */
    itemType: flag().optional(),
  })
  .refine(fromNotAfterTo, rangeRule);

const perCode = z.record(z.string(), z.number());
export const StationSummary = z.object({
  date: z.string().nullable(),
  pocetMereni: z.number(),
  max: perCode,
  min: perCode,
});
export type StationSummary = z.infer<typeof StationSummary>;

/** A group the dashboard can filter by, with the stations (item ids) it holds. */
export const DashboardGroup = z.object({ id: z.number(), name: z.string(), items: z.array(z.number()) });
export type DashboardGroup = z.infer<typeof DashboardGroup>;

export const Dashboard = z.object({
  items: z.array(ItemRow),
  danes: z.record(z.string(), StationSummary),
  uniwan: z.record(z.string(), StationSummary),
  groups: z.array(DashboardGroup).meta({
    description:
      "Groups holding any of the stations, by name: every such group for an administrator, the subject's own groups for anyone else.",
  }),
});
export type Dashboard = z.infer<typeof Dashboard>;

export const Chart = z.object({
  item: ItemRow,
  data: z.union([z.array(DanesRow), z.array(UniwanRow)]),
  min: perCode,
  max: perCode,
  downsampled: z.boolean(),
});
export type Chart = z.infer<typeof Chart>;
