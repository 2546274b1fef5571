import { queryOptions } from '@tanstack/react-query';
import { fetchGroupRuleSetup } from '~/server/group-rules';

export const groupRuleQueries = {
  setup: () => queryOptions({ queryKey: ['group-rules', 'setup'], queryFn: () => fetchGroupRuleSetup() }),
};

/** The calls, with their schemas, load with the first change: off the page's first load. */
export const groupRuleCalls = () => import('../../../worker/contracts/group-rules').then((c) => c.groupRuleCalls);
