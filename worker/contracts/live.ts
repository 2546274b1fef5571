import { Alarm } from './alarms';
import { defineCall } from './call';
import { livePaths } from './live-paths';
import { LevelForecast } from './warning';
import { z } from './zod';

/**
 * What the live channel sends to a page. Readings rows are shaped as in the chart reply of their source; `alarm`
 * carries an alarm as it stands after it fired, was acknowledged or cleared (the same shape as GET /rest/alarms);
 * `gone` says a share link was revoked or expired, just before its channel closes with `linkGoneCode` (a browser
 * reports the close only once the connection has ended, which may take seconds).
 */
export const LiveMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('subscribed'), stations: z.array(z.string()) }),
  z.object({
    type: z.literal('readings'),
    unique_id: z.string(),
    source: z.enum(['DANES', 'UNIWAN']),
    last_update: z.string().nullable(),
    rows: z.array(z.record(z.string(), z.union([z.string(), z.number()]))),
    levels: z
      .array(z.object({ reading: z.string(), level: z.number(), since: z.string(), value: z.number() }))
      .optional()
      .meta({ description: 'The warning levels these rows moved: where each reading stands now (as `current` of a warning scale).' }),
    forecasts: z
      .array(z.object({ reading: z.string(), forecast: LevelForecast.nullable() }))
      .optional()
      .meta({ description: 'The time-to-level forecasts these rows moved (null: none any more), as `forecast` of a warning scale.' }),
  }),
  z.object({ type: z.literal('alarm'), unique_id: z.string(), alarm: Alarm }),
  z.object({ type: z.literal('pong') }),
  z.object({ type: z.literal('gone') }),
]);
export type LiveMessage = z.infer<typeof LiveMessage>;

/** Without `stations` a page watches every station its subject may see (a dashboard need not list them). */
export const LiveQuery = z.object({
  stations: z
    .string()
    .min(1)
    .max(10_000)
    .transform((s) => [
      ...new Set(
        s
          .split(',')
          .map((x) => x.trim())
          .filter(Boolean),
      ),
    ])
    .optional(),
});

export const liveCalls = {
  /** A WebSocket upgrade, not a JSON reply: the socket then carries LiveMessages. */
  connect: defineCall({
    method: 'get',
    path: livePaths.subject,
    access: 'user',
    summary:
      'Open a WebSocket that receives every accepted ingest batch of the listed stations the subject may see, or of ' +
      'all of them when none are listed (messages: subscribed, readings, pong). Browsers authenticate with the ' +
      'session cookie or ?access_token=.',
    query: LiveQuery,
    reply: z.null(),
  }),
};
