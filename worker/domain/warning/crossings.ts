import type { Ctx } from '../../context';
import { recordCrossing } from '../../db/warning';
import type { LevelCrossing } from '../../station/levels';
import { evaluateGroupRulesOf } from '../alarms/group-rules';
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
