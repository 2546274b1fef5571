import { createServerFn } from '@tanstack/react-start';
import { listGroupRules } from '../../worker/domain/alarms/group-rules';
import { listScales } from '../../worker/domain/warning/levels';
import { adminOnly } from './middleware';

/** The rules across stations with the stations' warning levels a member may count from. */
export const fetchGroupRuleSetup = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .handler(async ({ context: { ctx } }) => {
    const [rules, scales] = await Promise.all([listGroupRules(ctx), listScales(ctx, {})]);
    return {
      rules,
      scales: scales.map((s) => ({ item_id: s.item_id, unique_id: s.unique_id, reading: s.reading, levels: s.levels.length })),
    };
  });
