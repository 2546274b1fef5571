import type { Ctx } from '../../context';
import { recordForecast } from '../../db/forecasts';
import { recordCrossing } from '../../db/warning';
import type { LevelCrossing } from '../../station/levels';
import { evaluateGroupRulesOf } from '../alarms/group-rules';
import type { LevelForecast } from '../../station/time-to-level';
import { startEscalations } from '../escalations/run';

/**
 * Writes a crossing a station's object evaluated into D1 (the event once, the current level if not overtaken); a
 * crossing up starts the escalations of the policies attached to the levels it reached.
 */
export async function applyCrossing(ctx: Ctx, { itemId, crossing }: { itemId: number; crossing: LevelCrossing }) {
  await recordCrossing(ctx.db, { ...crossing, itemId, now: Date.now() });
  // Started once per crossing and policy (by key), so a crossing delivered again after a failure still starts them.
  if (crossing.to > crossing.from) await startEscalations(ctx, { itemId, at: crossing.at, crossing });
  await evaluateGroupRulesOf(ctx, { itemId, reading: crossing.reading, at: crossing.at });
}

/** Writes a reading's time-to-level forecast a station's object made (null: none as of `issuedAt`) into D1. */
export async function recordStationForecast(
  ctx: Ctx,
  { itemId, reading, forecast, issuedAt }: { itemId: number; reading: string; forecast: LevelForecast | null; issuedAt: number },
) {
  await recordForecast(ctx.db, { itemId, reading, level: forecast?.level ?? null, issuedAt, expectedAt: forecast?.expectedAt ?? null });
}
