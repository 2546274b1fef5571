import type { Ctx } from '../../context';
import { isLevelColour, lockingLevel, maxLevelName, type ApprovalLevel, type ApprovalLevels } from '../../contracts/quality';
import { selectApprovalLevels, writeApprovalLevels } from '../../db/approval-levels';
import { conflict, invalid } from '../errors';

/** The deployment's approval levels, lowest first. */
export async function approvalLevels({ db }: Ctx): Promise<ApprovalLevel[]> {
  const rows = await selectApprovalLevels(db);
  return rows.map((r) => ({ id: r.id, name: r.name, colour: r.colour, in_use: r.inUse === 1 }));
}

/**
 * Replaces the levels (administrators): names differ (ignoring case), ids are the deployment's, a level in use stays,
 * and the locking level stays on top (decision 0033). Nothing is written when any of it is refused.
 */
export async function saveApprovalLevels(ctx: Ctx, { levels }: ApprovalLevels): Promise<ApprovalLevel[]> {
  const held = await approvalLevels(ctx);
  const errors: Record<string, string[]> = {};
  const names = new Set<string>();
  const ids = new Set<number>();
  levels.forEach((l, i) => {
    const name = l.name.toLocaleLowerCase();
    if (!l.name || l.name.length > maxLevelName) errors[`levels.${i}.name`] = [`Name the level in 1 to ${maxLevelName} characters.`];
    else if (names.has(name)) errors[`levels.${i}.name`] = [`Another level is named ${l.name} already.`];
    if (!isLevelColour(l.colour)) errors[`levels.${i}.colour`] = [`${l.colour || 'An empty colour'} is not a colour as #rrggbb.`];
    names.add(name);
    if (l.id == null) return;
    if (!held.some((h) => h.id === l.id) || ids.has(l.id)) errors[`levels.${i}.id`] = [`There is no level ${l.id} to keep here.`];
    ids.add(l.id);
  });
  const last = levels.length - 1;
  if (levels[last].id !== lockingLevel && !errors[`levels.${last}.id`])
    errors[`levels.${last}.id`] = [
      `The highest level (${held.find((h) => h.id === lockingLevel)?.name}) locks approved data: it stays last, renamed if you like.`,
    ];
  const removed = held.filter((h) => h.in_use && !ids.has(h.id));
  if (removed.length)
    errors.levels = [`${removed.map((h) => h.name).join(', ')}: stations have ranges of this level; withdraw them first.`];
  if (Object.keys(errors).length) throw invalid(errors);
  const written = await writeApprovalLevels(
    ctx.db,
    levels.map((l) => ({ id: l.id ?? null, name: l.name, colour: l.colour.toLowerCase() })),
  );
  if (!written) throw conflict('levels', 'A station took a level you removed into use meanwhile; reload and try again.');
  return approvalLevels(ctx);
}
