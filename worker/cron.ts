import { contextOf } from './context';
import { checkSilentStations } from './domain/alarms/silence';
import { alarmRulesPush } from './domain/alarms/rules';
import { qualityChecksPush } from './domain/quality/manage';
import { pushPending } from './domain/station-push';
import { retryDueDeliveries } from './domain/webhooks/deliver';
import { warningLevelsPush } from './domain/warning/levels';
import { maintenancePush } from './domain/maintenance/windows';
import { foldOldDays, moveLegacyStats, reconcileAllStations, retryFailingStations } from './rollup/cron';
import { reconcileCron } from './rollup/schedules';

/**
 * Cron entry. Station objects roll their own days up; every five minutes the cron retries stations whose roll-up
 * failed, folds days past the fold age into months, moves the roll-up of before migration 0007, fires no-data rules
 * of silent stations, pushes alarm rules and quality checks a station's object missed and retries webhook
 * deliveries. Once a day (`reconcileCron`) it reconciles every station's roll-up with D1. Each part fails alone; the
 * run's summary is logged as one JSON line (`cron`), failures as warnings. `scheduledTime` is the run's "now" (tests
 * set it).
 */
export async function runScheduled(controller: ScheduledController, env: Cloudflare.Env, execution: ExecutionContext) {
  const now = controller.scheduledTime || Date.now();
  const started = Date.now();
  const ctx = contextOf(env, (work) => execution.waitUntil(work));
  const parts: Record<string, Promise<unknown>> = controller.cron === reconcileCron
    ? { rollupReconciliation: reconcileAllStations(ctx) }
    : {
        rollupRetries: retryFailingStations(ctx, { now }),
        fold: foldOldDays(ctx, { now }),
        legacyRollup: moveLegacyStats(ctx, { now }),
        silence: checkSilentStations(ctx, { now }),
        stationPushes: pushPending(ctx, [alarmRulesPush, qualityChecksPush, warningLevelsPush, maintenancePush]),
        webhookRetries: retryDueDeliveries(ctx, { now }),
      };
  const settled = await Promise.allSettled(Object.values(parts));
  const summary: Record<string, unknown> = { cron: new Date(now).toISOString(), ms: Date.now() - started };
  Object.keys(parts).forEach((name, i) => {
    const result = settled[i];
    summary[name] = result.status === 'fulfilled' ? result.value : { error: String(result.reason) };
    if (result.status === 'rejected') console.warn(`cron: ${name} failed`, result.reason);
    else if (
      result.value &&
      typeof result.value === 'object' &&
      (('failed' in result.value && result.value.failed) || ('left' in result.value && result.value.left))
    ) {
      console.warn(`cron: ${name} incomplete; the rest follows in the next run`, result.value);
    }
  });
  console.log(JSON.stringify(summary));
}
