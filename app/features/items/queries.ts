import { queryOptions } from '@tanstack/react-query';
import type { ItemEdit, ItemRow } from '../../../worker/contracts/items';
import { api } from '~/lib/api';

export const itemQueries = {
  /** The signed-in subject's items, directly or through its groups. */
  own: () => queryOptions({ queryKey: ['items', 'list', 'own'], queryFn: () => api<ItemRow[]>('/items/user-items') }),
  all: () => queryOptions({ queryKey: ['items', 'list', 'all'], queryFn: () => api<ItemRow[]>('/items') }),
  /** Without an id: the options a new item can be linked to. */
  detail: (id?: number) =>
    queryOptions({ queryKey: ['items', 'detail', id ?? 'new'], queryFn: () => api<ItemEdit>(id ? `/items/edit?id=${id}` : '/items/edit') }),
};
