import { queryOptions } from '@tanstack/react-query';
import { fetchGroupEdit, fetchGroups } from '~/server/groups';

export const groupQueries = {
  list: () => queryOptions({ queryKey: ['groups', 'list'], queryFn: () => fetchGroups() }),
  /** Without an id: the items a new group can hold. */
  detail: (id?: number) => queryOptions({ queryKey: ['groups', 'detail', id ?? 'new'], queryFn: () => fetchGroupEdit({ data: { id } }) }),
};
