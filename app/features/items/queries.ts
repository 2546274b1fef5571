import { queryOptions } from '@tanstack/react-query';
import { fetchAllItems, fetchItemEdit, fetchLineFields, fetchOwnItems } from '~/server/items';

export const itemQueries = {
  /** The signed-in subject's items, directly or through its groups. */
  own: () => queryOptions({ queryKey: ['items', 'list', 'own'], queryFn: () => fetchOwnItems() }),
  all: () => queryOptions({ queryKey: ['items', 'list', 'all'], queryFn: () => fetchAllItems() }),
  /** Without an id: the options a new item can be linked to. */
  detail: (id?: number) => queryOptions({ queryKey: ['items', 'detail', id ?? 'new'], queryFn: () => fetchItemEdit({ data: { id } }) }),
  /** How a station's line protocol fields name its reading codes. */
  lineFields: (id: number) => queryOptions({ queryKey: ['items', 'line-fields', id], queryFn: () => fetchLineFields({ data: { id } }) }),
};
