import { queryOptions } from '@tanstack/react-query';
import { fetchApprovalLevels } from '~/server/approval-levels';

export const approvalLevelQueries = {
  /** The deployment's approval levels, lowest first. */
  list: () => queryOptions({ queryKey: ['approval-levels', 'list'], queryFn: () => fetchApprovalLevels() }),
};
