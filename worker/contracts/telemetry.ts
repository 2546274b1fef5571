import { z } from './zod';
import { defineCall } from './call';
import { ItemRow } from './items';
import { ApprovalLevel, ApprovalSpan } from './quality';
import { isCalendarDay } from '../../shared/calendar';
import type { Source } from '../../shared/readings';
import { isoInstant, periods } from '../../shared/station-time';
import { flag, wholeNumber } from './validation';

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

/** One measurement: its code from the catalogue, epoch ms and value. */
export interface Reading {
  reading: string;
  ts: number;
  value: number;
}

/** A reading as a row of its source (as posted and as the chart returns it), its time in UTC ISO 8601. */
export function sourceRow(source: Source, { reading, ts, value }: Reading): DanesRow | UniwanRow {
  const fields = rowFields[source];
  return { [fields.code]: reading, [fields.value]: value, [fields.time]: isoInstant(ts) } as DanesRow | UniwanRow;
}

export const sourceRows = (source: Source, readings: Reading[]) => readings.map((r) => sourceRow(source, r)) as DanesRow[] | UniwanRow[];

// Rows are checked one by one in the domain so that a 422 can name each bad row's index.
const ingestBody = (source: Source) =>
  z.object({
    unique_id: z.string().trim().min(1).max(100).optional(),
    rows: z
      .array(z.unknown())
      .min(1)
      .max(maxIngestRows, { error: `Send at most ${maxIngestRows.toLocaleString('en')} rows per request.` })
      .meta({
        description: `Up to ${maxIngestRows} rows {${Object.values(rowFields[source]).join(', ')}}; times are ISO 8601, naive ones are read in the station's time zone.`,
      }),
  });
export const DanesIngest = ingestBody('DANES');
export const UniwanIngest = ingestBody('UNIWAN');
export type IngestBody = z.output<typeof DanesIngest>;

export const IngestResult = z.object({ accepted: z.number(), duplicates: z.number() });
export type IngestResult = z.infer<typeof IngestResult>;

/** A calendar day `YYYY-MM-DD`, reckoned in the station's time zone. */
export const Day = z.string().refine(isCalendarDay);

/** Days back from today (in the station's zone): `days=7` is the last week, as the chart's presets ask. */
const dayCount = wholeNumber(1, 366);

const dayRange = { from: Day.optional(), to: Day.optional(), days: dayCount.optional() };
const chartFormats = ['rows', 'columns'] as const;
const fromNotAfterTo = (r: { from?: string; to?: string }) => !r.from || !r.to || r.from <= r.to;
// Only the API reads these queries (the app's pickers cannot invert a range), so the rule carries its words.
const rangeRule = { path: ['from'], error: 'from must not be after to.' };

export const DashboardQuery = z
  .object({
    ...dayRange,
    format: z.enum(chartFormats).optional().meta({
      description:
        '`rows` (default): the documented reply, a summary per station. `columns`: the same facts in columns (what the app loads; about half the bytes).',
    }),
  })
  .refine(fromNotAfterTo, rangeRule);

/** The fewest and most points per reading a chart may ask for. */
const chartPointLimits = { min: 50, max: 10_000 } as const;
const pointCount = wholeNumber(chartPointLimits.min, chartPointLimits.max);

const stationId = z.string().min(1).max(100);

export const ChartQuery = z
  .object({
    ...dayRange,
    id: stationId,
    /** Kept for old clients (true = DANES); the item knows its source. */
    itemType: flag().optional(),
    points: pointCount.optional().meta({
      description: `At most this many points per reading (${chartPointLimits.min}–${chartPointLimits.max}; about twice the plot's width in pixels): a reading with more is cut into points/2 time buckets, each keeping its minimum and maximum. Without it, up to 4,000 raw points per reading, else 1,000 buckets.`,
    }),
    raw: flag().optional().meta({
      description: 'The raw readings, without the corrections (docs/corrections.md); left out: the corrected series.',
    }),
    at: z.iso
      .datetime({ offset: true })
      .optional()
      .meta({ description: 'The corrections as they stood at this instant (replayed); left out: now.' }),
    format: z.enum(chartFormats).optional().meta({
      description:
        "`rows` (default): `data` is the source's rows. `columns`: `data` holds per reading its times (epoch ms) and values as arrays, and readings that add up (precipitation) come as `totals` per hour, day, month or year instead.",
    }),
  })
  .refine(fromNotAfterTo, rangeRule);

/** The most readings one raw export sends (a year of 10-minute reports of 7 codes is about 370,000). */
export const maxExportReadings = 1_000_000;

/** The most days one raw export may span: a year of 10-minute reports is about 370,000 readings. */
export const maxExportDays = 366;

/** Checked on the range as resolved (`days` alone or with one end spans days + 1), by the export itself. */
export const ReadingsQuery = z
  .object({
    ...dayRange,
    id: stationId,
    rejected: z
      .enum(['include', 'exclude'])
      .optional()
      .meta({ description: '`exclude` leaves rejected readings out; by default every reading comes, with its flag in `q`.' }),
    corrected: flag().optional().meta({
      description:
        'Also send `corrected`: every reading as corrected (docs/corrections.md), the derived codes (elevation above datum, depth below ground) included.',
    }),
  })
  .refine(fromNotAfterTo, rangeRule);

const perCode = z.record(z.string(), z.number());
const DayTotal = z.object({ day: z.string(), sum: z.number() });
export type DayTotal = z.infer<typeof DayTotal>;
/** A total that may have overflowed a double: JSON has no ±Infinity, so it is sent as null. */
const total = z.number().nullable();

export const StationSummary = z.object({
  date: z.string().nullable(),
  pocetMereni: z.number(),
  max: perCode,
  min: perCode,
  sum: z.record(z.string(), total).optional().meta({
    description:
      'Totals over the range of the readings that add up (precipitation); only when the station has such readings in the range. null: the total is beyond ±1.8e308 (it overflowed a double).',
  }),
  peak_day: z
    .record(z.string(), z.object({ day: z.string(), sum: total }))
    .optional()
    .meta({
      description:
        'The station-local day with the largest total of each reading that adds up, with that total (the wettest day); left out when nothing fell.',
    }),
  mean: perCode.optional().meta({
    description:
      'Discharge (`<stage>_discharge`): the mean over the range, in m³/s; only when the station has a rated discharge in the range.',
  }),
  volume: z.record(z.string(), total).optional().meta({
    description:
      "Discharge: the volume that flowed over the range in m³, each day's mean discharge times the seconds of that station-local day, added up (docs/ratings.md).",
  }),
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

const column = <T extends z.ZodType>(of: T) => z.array(of);

/**
 * The dashboard in columns (`format=columns`, what the app loads): one array per field, aligned by station (newest
 * station first, as `items`). Times count in ms from `base`; zones and sources are indexes into `zones` and
 * `sources`. Per code, arrays hold null for stations without that code in the range; codes no station has are left
 * out. `dashboardFromColumns` (dashboard-columns.ts) gives back the documented shape.
 */
export const DashboardColumns = z.object({
  base: z.number(),
  zones: z.array(z.string()),
  sources: z.array(z.enum(['DANES', 'UNIWAN'])),
  stations: z.object({
    id: column(z.number()),
    name: column(z.string()),
    serial_nr: column(z.string().nullable()),
    unique_id: column(z.string()),
    location_x: column(z.number().nullable()),
    location_y: column(z.number().nullable()),
    location_name: column(z.string().nullable()),
    location_group: column(z.string().nullable()),
    source: column(z.number()),
    zone: column(z.number()),
    last_update: column(z.number().nullable()),
    report_minutes: column(z.number()),
    datum: column(z.string().nullable()),
  }),
  figures: z.object({
    date: column(z.number().nullable()),
    count: column(z.number()),
    min: z.record(z.string(), column(z.number().nullable())),
    max: z.record(z.string(), column(z.number().nullable())),
    /** Codes that add up: the range's total (null also where it overflowed) and the wettest day with its total. */
    sum: z.record(z.string(), column(z.number().nullable())),
    peak_day: z.record(z.string(), column(z.string().nullable())),
    peak_sum: z.record(z.string(), column(z.number().nullable())),
    /** Discharge: the range's mean and its volume in m³. */
    mean: z.record(z.string(), column(z.number().nullable())).optional(),
    volume: z.record(z.string(), column(z.number().nullable())).optional(),
  }),
  groups: z.array(DashboardGroup),
});
export type DashboardColumns = z.infer<typeof DashboardColumns>;

/**
 * The range a chart answered: its first and last station-local day and the instants they span (the first day's
 * local midnight up to the midnight after the last day). Pages draw and label this, never a range of their own.
 */
export const AnsweredRange = z.object({
  from: z.string().meta({ description: 'First station-local day, YYYY-MM-DD.' }),
  to: z.string().meta({ description: 'Last station-local day, YYYY-MM-DD.' }),
  start: z.string().meta({ description: 'ISO instant: local midnight starting `from`.' }),
  end: z.string().meta({ description: 'ISO instant: local midnight ending `to` (exclusive).' }),
});
export type AnsweredRange = z.infer<typeof AnsweredRange>;

/** Flagged points of one reading, raw: times (epoch ms), values, flags (1 suspect, 2 rejected). */
export const FlaggedColumns = z.object({ t: z.array(z.number()), v: z.array(z.number()), q: z.array(z.number()) });
export type FlaggedColumns = z.infer<typeof FlaggedColumns>;

/**
 * What both chart formats carry beside their `data`: the station, the range answered, each reading's extremes
 * (rejected readings left out), and per reading its flagged points and how far its data are approved.
 */
const chartFacts = {
  item: ItemRow,
  range: AnsweredRange,
  min: perCode,
  max: perCode,
  downsampled: z.boolean(),
  flags: z
    .record(z.string(), FlaggedColumns)
    .optional()
    .meta({
      description:
        'Per reading its suspect (`q` 1) and rejected (`q` 2) readings in the range, raw (at most `points`, else 4,000, per reading). ' +
        'Rejected readings are left out of `data`, totals, `min` and `max`; suspect ones stay in them and are listed here too.',
    }),
  approved: z
    .record(z.string(), z.string())
    .optional()
    .meta({ description: 'Per reading with an approval at the highest level: the instant its last such range ends (excluded).' }),
  approvals: z
    .record(z.string(), z.array(ApprovalSpan))
    .optional()
    .meta({ description: 'Per reading with approvals: its ranges at each level, in time order (decision 0033).' }),
  approval_levels: z.array(ApprovalLevel).optional().meta({ description: "The deployment's approval levels, lowest first." }),
};

export const Chart = z.object({ ...chartFacts, data: z.union([z.array(DanesRow), z.array(UniwanRow)]) });
export type Chart = z.infer<typeof Chart>;

/** One reading's points in time order as parallel arrays: times in epoch ms, values. */
export const Columns = z.object({ t: z.array(z.number()), v: z.array(z.number()) });
export type Columns = z.infer<typeof Columns>;

/** Columns of several readings as one list in time order, codes in binary order within a time (the API's row order). */
export function inTimeOrder(data: Record<string, Columns>): Reading[] {
  const points = Object.entries(data).flatMap(([reading, { t, v }]) => t.map((ts, i) => ({ reading, ts, value: v[i] })));
  return points.sort((a, b) => a.ts - b.ts || (a.reading < b.reading ? -1 : a.reading > b.reading ? 1 : 0));
}

export const Totals = Columns.extend({
  period: z.enum(periods).meta({ description: 'Each total covers one station-local hour, day, month or year starting at its `t`.' }),
  sum: z.number(),
  peak_day: DayTotal.nullable().meta({
    description: 'The station-local day with the largest total (the wettest day); null when nothing fell.',
  }),
  last: z.object({ t: z.number(), v: z.number() }).nullable().optional().meta({
    description:
      'The last reading counted (time in epoch ms, value): a live reading later in the same clock hour replaces it in the totals.',
  }),
});
export type Totals = z.infer<typeof Totals>;

export const ChartColumns = z.object({
  ...chartFacts,
  data: z.record(z.string(), Columns),
  totals: z.record(z.string(), Totals),
  bucket_ms: z
    .number()
    .nullable()
    .meta({ description: 'Width of the time buckets of downsampled readings; null when every reading is raw.' }),
});
export type ChartColumns = z.infer<typeof ChartColumns>;

/** The chart call's reply: rows (the documented default) or columns. */
export const ChartReply = z.union([Chart, ChartColumns]);

export const RawReadings = z.object({
  item: ItemRow,
  data: z.record(
    z.string(),
    Columns.extend({
      q: z
        .array(z.number())
        .optional()
        .meta({ description: 'Per reading its flag (0 good, 1 suspect, 2 rejected); left out when every reading of the code is good.' }),
    }),
  ),
  approved: z
    .record(z.string(), z.string())
    .meta({ description: 'Per reading with an approval at the highest level: the instant its last such range ends (excluded).' }),
  approvals: z
    .record(z.string(), z.array(ApprovalSpan))
    .meta({ description: 'Per reading with approvals: its ranges at each level, in time order (decision 0033).' }),
  approval_levels: z.array(ApprovalLevel).meta({ description: "The deployment's approval levels, lowest first." }),
  corrected: z
    .record(
      z.string(),
      Columns.extend({
        q: z.array(z.number()).optional().meta({ description: "Per value its raw reading's flag (0 good, 1 suspect); as in `data`." }),
      }),
    )
    .optional()
    .meta({
      description:
        'With `corrected=true`: per reading its values as corrected (rejected readings left out, the correction stack applied), and the derived codes.',
    }),
  rating: z
    .record(
      z.string(),
      z.object({
        version: z.array(z.number()).meta({ description: 'Per value the rating version in effect (the later one in a transition).' }),
        previous: z
          .array(z.number().nullable())
          .meta({ description: 'Per value the version blending into it, null outside a transition.' }),
        shift: z.array(z.number()).meta({ description: "Per value the shift (m) the version applied at the value's stage and time." }),
      }),
    )
    .optional()
    .meta({ description: 'With `corrected=true`, per discharge code: what rated each of its `corrected` values, index by index.' }),
});
export type RawReadings = z.infer<typeof RawReadings>;

export const telemetryCalls = {
  dashboard: defineCall({
    method: 'get',
    path: '/api',
    access: 'user',
    summary:
      "The dashboard: the subject's stations with readings count, last reading, min and max per code (totals and wettest day of precipitation) over local days from..to, and the groups holding them",
    description:
      'Read from the roll-up (never from raw readings): it follows the newest reading within the roll-up period (ROLLUP_PERIOD_SECONDS, 5 minutes), ' +
      "and a subject's dashboard is kept for DASHBOARD_CACHE_SECONDS (60 s) unless a station, group, link or role changes. Send " +
      '`Cache-Control: no-cache` to have it assembled anew.',
    query: DashboardQuery,
    reply: z.union([Dashboard, DashboardColumns]),
  }),
  chart: defineCall({
    method: 'get',
    path: '/api/item',
    access: 'user',
    summary: "One station's readings over local days from..to (inclusive), downsampled with peaks kept when long",
    description:
      "By default `data` holds the source's rows (`format=rows`). With `format=columns`, `data` holds per reading `{t, v}` arrays " +
      '(epoch ms, values) and readings that add up (precipitation, `aggregate: sum` in the catalogue) come as `totals`: their sum ' +
      'per station-local hour (ranges up to 8 days), day, month or year, whichever is finest within `points`, with the total and ' +
      'the wettest day. `points` bounds the points per reading in either format. Quality: rejected readings are left out of `data`, totals and ' +
      "extremes; `flags` lists each reading's suspect and rejected points apart (the rows keep their documented shape), `approved` how far " +
      'its data are approved. Totals of precipitation count one reading per clock hour, the last stamped in it.',
    query: ChartQuery,
    reply: ChartReply,
  }),
  readings: defineCall({
    method: 'get',
    path: '/api/item/readings',
    access: 'user',
    summary: `Every raw reading of one station over local days from..to, for export (at most ${maxExportDays} days and ${maxExportReadings.toLocaleString('en')} readings)`,
    description:
      '`data` holds per reading `{t, v}` arrays: times in epoch ms and values, in time order, never downsampled or totalled; a reading with ' +
      'any flagged value also carries `q` (0 good, 1 suspect, 2 rejected per value). `rejected=exclude` leaves rejected readings out. ' +
      '`approved` says per reading up to when its data are approved.',
    query: ReadingsQuery,
    reply: RawReadings,
  }),
};

const ingestCall = <B extends z.ZodType>(path: '/ingest/danes' | '/ingest/uniwan', source: string, body: B) =>
  defineCall({
    method: 'post',
    path,
    access: 'station',
    summary: `Store a batch of ${source} readings, all or nothing (station or importer token)`,
    body,
    reply: IngestResult,
  });

export const ingestCalls = {
  danes: ingestCall('/ingest/danes', 'DANES', DanesIngest),
  uniwan: ingestCall('/ingest/uniwan', 'UNIWAN', UniwanIngest),
};
