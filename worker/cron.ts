/** Cron entry; the roll-up of raw readings into daily_stats lands with the telemetry work. */
export async function runScheduled(_controller: ScheduledController, _env: Cloudflare.Env, _ctx: ExecutionContext) {}
