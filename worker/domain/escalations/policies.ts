import type { EscalationPolicy, EscalationPolicyInput } from '../../contracts/escalations';
import type { Ctx } from '../../context';
import { deletePolicyRow, missingIds, selectPolicies, writePolicy } from '../../db/escalations';
import { findScale } from '../../db/warning';
import { invalid, notFound } from '../errors';

/** Refuses a policy naming what does not exist, under the field that names it. */
async function checkReferences({ db }: Ctx, p: EscalationPolicyInput) {
  const errors: Record<string, string[]> = {};
  const check = async (field: string, table: Parameters<typeof missingIds>[1], ids: number[], what: string) => {
    const missing = await missingIds(db, table, ids);
    if (missing.length) (errors[field] ??= []).push(`No such ${what}: ${missing.join(', ')}.`);
  };
  await check(
    'steps',
    'subjects',
    p.steps.flatMap((s) => s.subjects),
    'subject',
  );
  await check(
    'steps',
    'groups',
    p.steps.flatMap((s) => s.groups),
    'group',
  );
  await check(
    'steps',
    'webhooks',
    p.steps.flatMap((s) => s.webhooks),
    'webhook',
  );
  await check(
    'rota',
    'subjects',
    p.rota.map((r) => r.subject_id),
    'subject',
  );
  await check('rules', 'alarm_rules', p.rules, 'alarm rule');
  for (const target of p.levels) {
    const scale = await findScale(db, target.item_id, target.reading);
    if (!scale || scale.scale.deletedAt !== null || scale.scale.levels.length < target.level)
      (errors.levels ??= []).push(`Station ${target.item_id} has no warning level ${target.level} of ${target.reading}.`);
  }
  if (Object.keys(errors).length) throw invalid(errors);
}

export const listPolicies = ({ db }: Ctx) => selectPolicies(db);

async function getPolicy({ db }: Ctx, id: number) {
  const [policy] = await selectPolicies(db, id);
  if (!policy) throw notFound('Escalation policy');
  return policy;
}

/** Creates (no id) or updates a policy with what it is attached to, in one batch. */
export async function savePolicy(ctx: Ctx, input: EscalationPolicyInput): Promise<EscalationPolicy> {
  if (input.id !== undefined) await getPolicy(ctx, input.id);
  await checkReferences(ctx, input);
  return getPolicy(ctx, await writePolicy(ctx.db, input, Date.now()));
}

/** Deletes a policy; its running escalations end (their steps find them stopped). */
export async function deletePolicy(ctx: Ctx, { id }: { id: number }) {
  await getPolicy(ctx, id);
  await deletePolicyRow(ctx.db, id);
  return { id };
}
