import { queryOptions } from '@tanstack/react-query';
import { fetchShareLinkEdit, fetchShareLinks } from '~/server/share-links';

export const shareLinkQueries = {
  list: () => queryOptions({ queryKey: ['share-links', 'list'], queryFn: () => fetchShareLinks() }),
  /** Without an id: the stations a new link may show. */
  detail: (id?: number) =>
    queryOptions({ queryKey: ['share-links', 'detail', id ?? 'new'], queryFn: () => fetchShareLinkEdit({ data: { id } }) }),
};
