import { infiniteQueryOptions, queryOptions } from '@tanstack/react-query';
import { fetchQualityLog, fetchQualityState } from '~/server/quality';

/** Entries per page of the audit log. */
export const logPage = 25;

export const qualityQueries = {
  /** A station's approvals, check settings and what the subject may do there. */
  state: (itemId: number) =>
    queryOptions({ queryKey: ['quality', 'state', itemId], queryFn: () => fetchQualityState({ data: { id: itemId } }) }),
  /** A station's audit log, newest first, page by page. */
  log: (itemId: number) =>
    infiniteQueryOptions({
      queryKey: ['quality', 'log', itemId],
      queryFn: ({ pageParam }) => fetchQualityLog({ data: { id: itemId, before: pageParam, limit: logPage } }),
      initialPageParam: undefined as number | undefined,
      getNextPageParam: (page) => (page.length < logPage ? undefined : page.at(-1)!.seq),
    }),
};

/** The quality calls, with their schemas, load with the first change: off the page's first load. */
export const qualityCalls = () => import('../../../worker/contracts/quality').then((c) => c.qualityCalls);
