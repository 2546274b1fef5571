import { rollupSettings } from '../config';
import type { Ctx } from '../context';
import type { Health, RollupMigrateStep } from '../contracts/rollup';
import { isoInstant } from '../../shared/station-time';
import { countLegacyStats, selectRollupFailures } from '../db/daily-stats';
import { moveLegacyStats } from './cron';

/** What administrators see of the roll-up: failing stations (from the list each failure writes) and the old rows left. */
export async function rollupHealth({ db, config }: Ctx): Promise<Health> {
  const [failures, legacy] = await Promise.all([selectRollupFailures(db, 50), countLegacyStats(db)]);
  const { periodMs, foldAfterDays } = rollupSettings(config);
  return {
    rollup: {
      failing: failures.failing,
      failing_since: failures.since === null ? null : isoInstant(failures.since),
      stations: failures.stations.map((s) => ({
        id: s.id,
        unique_id: s.uniqueId,
        since: isoInstant(s.since),
        attempts: s.attempts,
        error: s.error,
        last_attempt: s.lastAttempt ? isoInstant(s.lastAttempt) : null,
      })),
      legacy_rows: legacy.rows,
      legacy_stations: legacy.stations,
      period_seconds: periodMs / 1000,
      fold_after_days: foldAfterDays,
    },
  };
}

/** One step of `npm run migrate:rollup`: moves the old rows of the next stations (a few batches), says what is left. */
export async function migrateRollupStep(ctx: Ctx): Promise<RollupMigrateStep> {
  const run = await moveLegacyStats(ctx, { now: Date.now(), budgetMs: 15_000, maxBatches: 5 });
  const left = await countLegacyStats(ctx.db);
  return { stations: run.stations, rows: run.rows, legacy_rows: left.rows, legacy_stations: left.stations };
}
