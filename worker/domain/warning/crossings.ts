import type { Ctx } from '../../context';
import { recordCrossing } from '../../db/warning';
import type { LevelCrossing } from '../../station/levels';

/** Writes a crossing a station's object evaluated into D1 (the event once, the current level if not overtaken). */
export async function applyCrossing({ db }: Ctx, { itemId, crossing }: { itemId: number; crossing: LevelCrossing }) {
  await recordCrossing(db, { ...crossing, itemId, now: Date.now() });
}
