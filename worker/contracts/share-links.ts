import { z } from './zod';
import { defineCall } from './call';
import { isCalendarDay } from '../../shared/calendar';
import { sources } from '../../shared/readings';
import { AnsweredRange, ChartColumns, StationSummary } from './telemetry';
import { LevelStanding } from './warning';
import { id, idQuery, text, wholeNumber } from './validation';
import { livePaths } from './live-paths';

/** The longest rolling window and the most stations and embedding sites one link may name. */
export const shareLimits = { days: 366, stations: 50, origins: 10 } as const;

const Day = z.string().refine(isCalendarDay);

/** `https://example.com` or `http://localhost:8080`: a scheme, a host and maybe a port, nothing after them. */
const isOrigin = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.origin === value.replace(/\/$/, '');
  } catch {
    return false;
  }
};
const FrameOrigin = z
  .string()
  .trim()
  .max(200)
  .refine(isOrigin)
  .transform((value) => new URL(value).origin);

export const ShareLinkStation = z.object({
  id: id(),
  readings: z.array(z.string().min(1).max(64)).min(1).max(20),
});

/**
 * A link as its owner sets it: what it shows (stations, and per station which readings), over which days (the
 * last `window_days`, rolling, or `window_from`..`window_to`), the location exact or rounded to about 1 km, who may
 * frame its embeds, and until when it works.
 */
export const ShareLinks = z
  .object({
    id: id().optional(),
    title: text(1, 120),
    stations: z.array(ShareLinkStation).min(1).max(shareLimits.stations),
    window_days: wholeNumber(1, shareLimits.days).nullish(),
    window_from: Day.nullish(),
    window_to: Day.nullish(),
    exact_location: z.boolean().default(false),
    frame_origins: z.array(FrameOrigin).max(shareLimits.origins).default([]),
    expires_at: z.iso.datetime({ offset: true }).nullish(),
  })
  .refine((l) => (l.window_days ? !l.window_from && !l.window_to : !!l.window_from && !!l.window_to), {
    path: ['window_days'],
    error: 'Give either window_days or both window_from and window_to.',
  })
  .refine((l) => !l.window_from || !l.window_to || l.window_from <= l.window_to, {
    path: ['window_from'],
    error: 'window_from must not be after window_to.',
  })
  .refine((l) => new Set(l.stations.map((s) => s.id)).size === l.stations.length, { path: ['stations'], error: 'Name each station once.' });
export type ShareLinksInput = z.input<typeof ShareLinks>;

export const shareLinkStates = ['active', 'expired', 'revoked'] as const;
export type ShareLinkState = (typeof shareLinkStates)[number];

export const ShareLink = z.object({
  id: z.number(),
  title: z.string(),
  owner: z.object({ id: z.number(), name: z.string() }),
  stations: z.array(z.object({ id: z.number(), name: z.string(), unique_id: z.string(), readings: z.array(z.string()) })),
  window_days: z.number().nullable(),
  window_from: z.string().nullable(),
  window_to: z.string().nullable(),
  exact_location: z.boolean(),
  frame_origins: z.array(z.string()),
  expires_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  last_viewed_at: z.string().nullable(),
  views: z.number(),
  state: z.enum(shareLinkStates),
});
export type ShareLink = z.infer<typeof ShareLink>;

/** A saved link; a new one carries its secret (and the page's path) in this reply only. */
export const SavedShareLink = ShareLink.extend({
  secret: z.string().optional().meta({ description: 'Only when the link was created: the secret part of its URL, never shown again.' }),
  path: z.string().optional().meta({ description: 'Only when the link was created: the public page, `/s/{secret}`.' }),
});
export type SavedShareLink = z.infer<typeof SavedShareLink>;

/** A station the caller may share, with the readings its source has. */
export const ShareableStation = z.object({
  id: z.number(),
  name: z.string(),
  unique_id: z.string(),
  name_for_api: z.enum(sources),
  readings: z.array(z.string()),
});
export type ShareableStation = z.infer<typeof ShareableStation>;

export const ShareLinkEdit = z.object({ link: ShareLink.nullable(), stations: z.array(ShareableStation) });
export type ShareLinkEdit = z.infer<typeof ShareLinkEdit>;

export const ShareLinkEditQuery = z.object({ id: id().optional() });

/**
 * A station as a share link shows it: no database id, serial number or location group, and coordinates already
 * rounded when the link rounds them. `window` is the link's window in the station's own days (`days` for a rolling one).
 */
export const PublicStation = z.object({
  unique_id: z.string(),
  name: z.string(),
  location_name: z.string().nullable(),
  location_x: z.number().nullable(),
  location_y: z.number().nullable(),
  name_for_api: z.enum(sources),
  timezone: z.string(),
  datum: z.string().nullable().meta({ description: 'The datum elevations are above (e.g. "Bpv"), named in their unit; null without one.' }),
  readings: z.array(z.string()),
  window: z.object({ days: z.number().nullable(), from: z.string(), to: z.string() }),
});
export type PublicStation = z.infer<typeof PublicStation>;

/** A share link's page: its stations and their figures over the link's window (in the home zone's days). */
export const ShareView = z.object({
  title: z.string(),
  window: z.object({ days: z.number().nullable(), from: z.string(), to: z.string() }),
  location: z.enum(['exact', 'rounded']),
  expires_at: z.string().nullable(),
  stations: z.array(PublicStation),
  danes: z.record(z.string(), StationSummary),
  uniwan: z.record(z.string(), StationSummary),
  warning: z
    .record(z.string(), z.array(LevelStanding))
    .meta({ description: 'Per station (unique_id): the warning levels of the readings the link shows and where each stands.' }),
  read_at: z.number().meta({ description: 'When the figures were read (epoch ms): the page judges staleness by it.' }),
});
export type ShareView = z.infer<typeof ShareView>;

/** One station's readings within the link's window, only the readings it shows (columns, as the app's charts). */
export const ShareChart = ChartColumns.omit({ item: true }).extend({
  item: PublicStation,
  range: AnsweredRange,
  warning: z.array(LevelStanding).meta({ description: 'The warning levels of the readings the link shows: lines on the charts.' }),
});
export type ShareChart = z.infer<typeof ShareChart>;

/** What a link answers to each of its fixed questions: a question's `kind` names its answer. */
export interface ShareAnswers {
  view: ShareView;
  chart: ShareChart;
}

/**
 * The chart's station (its unique id), days (`from`..`to`, or the last `days`; without them the whole window) and
 * point budget, as the chart call takes them. Days outside the link's window are refused.
 */
export const ShareChartQuery = z
  .object({
    station: z.string().min(1).max(100),
    from: Day.optional(),
    to: Day.optional(),
    days: wholeNumber(1, shareLimits.days).optional(),
    points: wholeNumber(50, 10_000).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['from'], error: 'from must not be after to.' });
export type ShareChartQuery = z.output<typeof ShareChartQuery>;

/** The secret part of a share link's address. */
export const ShareParams = z.object({ secret: z.string().min(1).max(200) });

const shareDescription =
  'Public: authorised by the link alone, never by a session. A revoked or expired link answers 410, an unknown one 404; ' +
  'calls are rate-limited per link and per client (429 with Retry-After).';

export const shareLinkCalls = {
  list: defineCall({
    method: 'get',
    path: '/share-links',
    access: 'user',
    summary: "Share links, newest first: an administrator's every link, anyone else's own",
    reply: z.array(ShareLink),
  }),
  detail: defineCall({
    method: 'get',
    path: '/share-links/edit',
    access: 'user',
    summary: 'A share link (no id: data for a new one) with the stations the caller may share',
    query: ShareLinkEditQuery,
    reply: ShareLinkEdit,
  }),
  save: defineCall({
    method: 'post',
    path: '/share-links/edit',
    access: 'user',
    summary: 'Create (no id) or change a share link; a new one returns its secret once',
    description: 'Users may share the stations they see, administrators any station. Changes reach open pages of the link at once.',
    body: ShareLinks,
    model: 'ShareLinks',
    reply: SavedShareLink,
  }),
  revoke: defineCall({
    method: 'post',
    path: '/share-links/revoke',
    access: 'user',
    summary: 'Revoke a share link: its pages, embeds and live channel answer 410 from now on',
    query: idQuery,
    reply: ShareLink,
  }),
};

export const shareCalls = {
  view: defineCall({
    method: 'get',
    path: '/share/{secret}',
    access: 'public',
    summary: "A share link's stations and their figures over its window",
    description: shareDescription,
    params: ShareParams,
    reply: ShareView,
  }),
  chart: defineCall({
    method: 'get',
    path: '/share/{secret}/chart',
    access: 'public',
    summary: "One of a share link's stations: its shown readings over days within the link's window",
    description: `${shareDescription} A range outside the window is refused with 400.`,
    params: ShareParams,
    query: ShareChartQuery,
    reply: ShareChart,
  }),
  live: defineCall({
    method: 'get',
    path: livePaths.share,
    access: 'public',
    summary:
      "A WebSocket receiving new readings of a share link's stations, only the readings it shows (messages: subscribed, readings, pong, gone)",
    description: `${shareDescription} When the link is revoked or expires the socket gets \`gone\` and closes with 4010.`,
    params: ShareParams,
    reply: z.null(),
  }),
};
