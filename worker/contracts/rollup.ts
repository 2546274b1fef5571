import { z } from './zod';
import { defineCall } from './call';

export const FailingStation = z.object({
  id: z.number(),
  unique_id: z.string(),
  since: z.string().meta({ description: 'ISO instant of the first failure in a row.' }),
  attempts: z.number(),
  error: z.string(),
  last_attempt: z.string().nullable(),
});

export const Health = z.object({
  rollup: z.object({
    failing: z.number().meta({
      description: 'Stations whose roll-up to D1 failed and has not succeeded since (each retries with back-off; the cron retries too).',
    }),
    failing_since: z.string().nullable(),
    stations: z.array(FailingStation).meta({ description: 'The failing stations, oldest failure first (at most 50).' }),
    legacy_rows: z
      .number()
      .meta({ description: 'Rows of the roll-up of before migration 0007 still to move (npm run migrate:rollup, or the cron).' }),
    legacy_stations: z.number(),
    period_seconds: z.number(),
    fold_after_days: z.number(),
  }),
});
export type Health = z.infer<typeof Health>;

export const RollupMigrateStep = z.object({
  stations: z.number().meta({ description: 'Stations whose old rows moved in this step.' }),
  rows: z.number().meta({ description: 'Old rows (per code and day) moved in this step.' }),
  legacy_rows: z.number().meta({ description: 'Old rows left after it.' }),
  legacy_stations: z.number(),
});
export type RollupMigrateStep = z.infer<typeof RollupMigrateStep>;

export const rollupCalls = {
  health: defineCall({
    method: 'get',
    path: '/health',
    access: 'admin',
    summary: "The service's health: stations whose roll-up is failing, and what is left of the old roll-up",
    reply: Health,
  }),
  migrate: defineCall({
    method: 'post',
    path: '/rollup/migrate',
    access: 'admin',
    summary: 'Move the next stations of the roll-up of before migration 0007 into the new rows (npm run migrate:rollup)',
    reply: RollupMigrateStep,
  }),
};
