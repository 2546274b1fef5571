import type { GroupRule, GroupRuleSpec } from '../../contracts/group-rules';
import type { Ctx } from '../../context';
import { findOpenAlarm, findRuleWithStation } from '../../db/alarms';
import {
  countScaleLevels,
  deleteGroupRuleRow,
  findGroupRule,
  selectGroupRules,
  selectGroupRulesWatching,
  writeGroupRule,
} from '../../db/group-rules';
import { findItem } from '../../db/stations';
import { invalid, notFound } from '../errors';
import { announce, clearAlarm, raiseAlarm, sendNotice, type Notice } from './transitions';

export const listGroupRules = ({ db }: Ctx) => selectGroupRules(db);

/** Refuses a member whose station does not exist, whose reading has no warning levels, or whose level is above its scale. */
async function checkMembers({ db }: Ctx, spec: GroupRuleSpec) {
  for (const [i, m] of spec.members.entries()) {
    if (!(await findItem(db, { id: m.item_id }))) throw invalid({ members: [`Member ${i + 1}: station not found.`] });
    const levels = await countScaleLevels(db, { itemId: m.item_id, reading: m.reading });
    if (levels === null) throw invalid({ members: [`Member ${i + 1}: the station has no warning levels for ${m.reading}.`] });
    if (m.level > levels) throw invalid({ members: [`Member ${i + 1}: ${m.reading} has ${levels} levels.`] });
  }
}

/** Tells the alarm's open pages and sends its notifications after the reply. */
function publish(ctx: Ctx, notice: Notice | null) {
  if (!notice) return;
  ctx.defer(announce(ctx, notice));
  ctx.defer(sendNotice(ctx, notice));
}

/**
 * Evaluates a rule across stations from D1's current levels (decision 0034): fires when at least k members stand at
 * or above their level and no alarm of it is open, clears its open alarm when fewer do. A maintenance window on a
 * member mutes nothing: the rule speaks for the region, not for the station being serviced.
 */
export async function evaluateGroupRule(ctx: Ctx, { id, at }: { id: number; at: number }) {
  const [standing] = await selectGroupRules(ctx.db, id);
  const found = standing && (await findRuleWithStation(ctx.db, id));
  if (!found) return;
  const open = await findOpenAlarm(ctx.db, id);
  const firing = standing.counting >= standing.k;
  if (firing && !open) {
    const key = `k_of_n:${id}:${crypto.randomUUID()}`;
    publish(ctx, await raiseAlarm(ctx, found, { key, startedAt: at, firedAt: at, value: standing.counting }, false));
  } else if (!firing && open) publish(ctx, await clearAlarm(ctx, { open, rule: found, at, value: standing.counting, reason: 'condition' }));
}

/** A member's level changed (a crossing reached D1): every rule across stations it belongs to is evaluated again. */
export async function evaluateGroupRulesOf(ctx: Ctx, { itemId, reading, at }: { itemId: number; reading: string; at: number }) {
  for (const id of await selectGroupRulesWatching(ctx.db, { itemId, reading })) await evaluateGroupRule(ctx, { id, at });
}

/** Creates (no id) or updates a rule across stations, then evaluates it on the levels as they stand. */
export async function saveGroupRule(ctx: Ctx, spec: GroupRuleSpec): Promise<GroupRule> {
  if (spec.id !== undefined && !(await findGroupRule(ctx.db, spec.id))) throw notFound('Rule');
  await checkMembers(ctx, spec);
  const now = Date.now();
  const id = await writeGroupRule(ctx.db, spec, now);
  await evaluateGroupRule(ctx, { id, at: now });
  return (await selectGroupRules(ctx.db, id))[0];
}

/** Deletes a rule across stations; its open alarm clears (reason `rule_deleted`) in the same batch. */
export async function deleteGroupRule(ctx: Ctx, { id }: { id: number }) {
  const rule = await findRuleWithStation(ctx.db, id);
  if (!rule || !(await findGroupRule(ctx.db, id))) throw notFound('Rule');
  const now = Date.now();
  const remove = deleteGroupRuleRow(ctx.db, { id, now });
  const open = await findOpenAlarm(ctx.db, id);
  if (!open) await remove;
  else publish(ctx, await clearAlarm(ctx, { open, rule, at: now, value: null, reason: 'rule_deleted', before: [remove] }));
  return { id };
}
