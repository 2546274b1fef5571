import { rollUpChangedStations } from './domain/telemetry/rollup';

/** Cron entry (every five minutes): the stations whose days changed write them into daily_stats. */
export async function runScheduled(_controller: ScheduledController, env: Cloudflare.Env, _ctx: ExecutionContext) {
  const run = await rollUpChangedStations(env);
  if (run.failed || run.left) console.warn('roll-up incomplete; the rest follows in the next run', run);
}
