/** The cron schedules of wrangler.toml `[triggers]`, as the cron handler tells them apart. */
export const fiveMinuteCron = '*/5 * * * *';
/** Daily: every station's roll-up is reconciled with D1 (worker/rollup/cron.ts). */
export const reconcileCron = '17 3 * * *';
