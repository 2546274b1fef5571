import { queryOptions } from '@tanstack/react-query';
import type { GroupEdit, GroupRow } from '../../../worker/contracts/groups';
import { api } from '~/lib/api';

export const groupQueries = {
  list: () => queryOptions({ queryKey: ['groups', 'list'], queryFn: () => api<GroupRow[]>('/groups') }),
  detail: (id?: number) =>
    queryOptions({ queryKey: ['groups', 'detail', id ?? 'new'], queryFn: () => api<GroupEdit>(id ? `/groups/edit?id=${id}` : '/groups/edit') }),
};
