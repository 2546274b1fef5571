import { createServerFn } from '@tanstack/react-start';
import { listGroupRules } from '../../worker/domain/alarms/group-rules';
import { listRules } from '../../worker/domain/alarms/rules';
import { listPolicies } from '../../worker/domain/escalations/policies';
import { listGroups } from '../../worker/domain/groups/manage';
import { listSubjects } from '../../worker/domain/subjects/manage';
import { listWebhooks } from '../../worker/domain/webhooks/manage';
import { listScales } from '../../worker/domain/warning/levels';
import { adminOnly } from './middleware';

/**
 * The escalation policies with everything a policy may name: active people, groups, webhooks, alarm rules (of one
 * station and across stations) and warning levels (each station's scales).
 */
export const fetchEscalationSetup = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(async ({ context: { ctx } }) => {
    const [policies, subjects, groups, webhooks, rules, groupRules, scales] = await Promise.all([
      listPolicies(ctx),
      listSubjects(ctx, { status: 'active' }),
      listGroups(ctx),
      listWebhooks(ctx),
      listRules(ctx, {}),
      listGroupRules(ctx),
      listScales(ctx, {}),
    ]);
    return {
      policies,
      people: subjects.map((s) => ({ id: s.id, name: `${s.firstName} ${s.secondName}`.trim() || s.username })),
      groups: groups.map((g) => ({ id: g.id, name: g.name })),
      webhooks: webhooks.map((w) => ({ id: w.id, name: w.description ?? w.url })),
      rules: rules.map((r) => ({
        id: r.id,
        unique_id: r.unique_id,
        name: r.name,
        kind: r.kind,
        reading: r.reading,
        threshold: r.threshold,
      })),
      groupRules: groupRules.map((r) => ({ id: r.id, name: r.name, k: r.k })),
      scales: scales.map((s) => ({ item_id: s.item_id, unique_id: s.unique_id, reading: s.reading, levels: s.levels })),
    };
  });
