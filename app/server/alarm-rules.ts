import { createServerFn } from '@tanstack/react-start';
import { idQuery } from '../../worker/contracts/validation';
import { listAlarms } from '../../worker/domain/alarms/alarms';
import { listRules } from '../../worker/domain/alarms/rules';
import { adminOnly } from './middleware';

/** A station's rules for its rules tab, with the open alarm (if any) of each rule. */
export const fetchRulesTab = createServerFn({ method: 'GET' })
  .middleware([adminOnly])
  .validator(idQuery)
  .handler(async ({ context: { ctx }, data }) => {
    const [rules, open] = await Promise.all([
      listRules(ctx, { itemId: data.id }),
      // A rule has at most one open alarm, and a station at most 50 rules.
      listAlarms(ctx, { state: 'open', item_id: data.id, limit: 100 }),
    ]);
    return { rules, open: open.map((a) => ({ rule_id: a.rule_id, state: a.state, severity: a.severity })) };
  });
