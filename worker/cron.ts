import { contextOf } from './context';
import { checkSilentStations } from './domain/alarms/silence';
import { alarmRulesPush } from './domain/alarms/rules';
import { qualityChecksPush } from './domain/quality/manage';
import { pushPending } from './domain/station-push';
import { rollUpChangedStations } from './domain/telemetry/rollup';
import { retryDueDeliveries } from './domain/webhooks/deliver';

/**
 * Cron entry (every five minutes): the stations whose days changed write them into daily_stats; stations silent
 * past a no-data rule fire it; alarm rules and quality checks a station's object missed are pushed again; webhook deliveries that
 * failed are retried. Each part fails alone. `scheduledTime` is the run's "now" (tests set it).
 */
export async function runScheduled(controller: ScheduledController, env: Cloudflare.Env, execution: ExecutionContext) {
  const now = controller.scheduledTime || Date.now();
  const ctx = contextOf(env, (work) => execution.waitUntil(work));
  const [rollup, silence, rules, deliveries] = await Promise.allSettled([
    rollUpChangedStations(ctx),
    checkSilentStations(ctx, { now }),
    pushPending(ctx, [alarmRulesPush, qualityChecksPush]),
    retryDueDeliveries(ctx, { now }),
  ]);
  if (rollup.status === 'rejected' || rollup.value.failed || rollup.value.left) console.warn('roll-up incomplete; the rest follows in the next run', rollup);
  if (silence.status === 'rejected' || silence.value.failed || silence.value.left) console.warn('no-data check incomplete', silence);
  if (rules.status === 'rejected') console.warn('alarm rules and quality checks push failed', rules.reason);
  if (deliveries.status === 'rejected') console.warn('webhook retries failed', deliveries.reason);
}
