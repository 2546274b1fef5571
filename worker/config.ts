import { z } from 'zod';

const Config = z.object({
  MAIL_TRANSPORT: z.enum(['console', 'resend']).default('console'),
  MAIL_FROM: z.string().default('Hladina <no-reply@hladina.local>'),
  RESEND_API_KEY: z.string().optional(),
  /** Public origin used in e-mailed links; the request's own origin when unset. */
  APP_URL: z.url().optional(),
  /** Ingest refuses readings stamped before this day (UTC), e.g. from a station clock reset to its epoch. */
  EARLIEST_READING: z.iso
    .date()
    .refine((day) => day >= '1900-01-01')
    .default('1990-01-01'),
  /**
   * The roll-up period: a station object flushes its changed days to D1 at most this often (at once when the last
   * flush is older), so dashboards lag the newest reading by at most this (docs/decisions/0015).
   */
  ROLLUP_PERIOD_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  /** Station-days older than this are folded into one row per station-month (whole months only). */
  ROLLUP_FOLD_AFTER_DAYS: z.coerce.number().int().min(40).default(400),
  /** How long an assembled dashboard is kept and shared by requests asking the same (0: not cached). */
  DASHBOARD_CACHE_SECONDS: z.coerce.number().int().min(0).max(3600).default(60),
  /** Ingest refuses readings stamped more than this many minutes after the server's clock (a logger's fast clock). */
  FUTURE_MARGIN_MINUTES: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(10),
  /** The VAPID key pair and contact of Web Push (docs/push.md); push is off without all three. */
  VAPID_PUBLIC_KEY: z.string().optional(),
  VAPID_PRIVATE_KEY: z.string().optional(),
  VAPID_SUBJECT: z.string().optional(),
  /** "on" only in the tests' and the benchmarks' Workers: station objects then hand out their testing facet (decision 0020). */
  STATION_TESTING: z.string().optional(),
});
export type Config = z.infer<typeof Config>;

/** Reads the Worker's vars and secrets once per request through one schema. */
export const readConfig = (env: Cloudflare.Env): Config => Config.parse(env);

/** The earliest reading time ingest accepts (epoch ms), from the Worker's EARLIEST_READING var. */
export const earliestReading = (config: Config) => Date.parse(`${config.EARLIEST_READING}T00:00:00Z`);

/** What the roll-up runs by: its period and the age at which days fold into months. */
export const rollupSettings = (config: Config) => ({
  periodMs: config.ROLLUP_PERIOD_SECONDS * 1000,
  foldAfterDays: config.ROLLUP_FOLD_AFTER_DAYS,
});
export type RollupSettings = ReturnType<typeof rollupSettings>;
/** How far after the server's clock (ms) a reading may be stamped, from the Worker's FUTURE_MARGIN_MINUTES var. */
export const futureMargin = (config: Config) => config.FUTURE_MARGIN_MINUTES * 60_000;
