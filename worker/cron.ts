import { rollUpDirtyDays } from './domain/telemetry/rollup';

/** Cron entry: rolls the days ingest touched up into daily_stats. */
export async function runScheduled(_controller: ScheduledController, env: Cloudflare.Env, _ctx: ExecutionContext) {
  await rollUpDirtyDays(env.DB);
}
