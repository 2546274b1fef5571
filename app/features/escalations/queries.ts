import { queryOptions } from '@tanstack/react-query';
import { fetchEscalationSetup } from '~/server/escalations';

export const escalationQueries = {
  /** The policies with the people, groups, webhooks, rules and levels a policy may name. */
  setup: () => queryOptions({ queryKey: ['escalations', 'setup'], queryFn: () => fetchEscalationSetup() }),
};

/** The policy calls, with their schemas, load with the first change: off the page's first load. */
export const policyCalls = () => import('../../../worker/contracts/escalations').then((c) => c.escalationCalls);
