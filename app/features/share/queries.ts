import { queryOptions } from '@tanstack/react-query';
import type { ShareView } from '../../../worker/contracts/share-links';
import { fetchShareChart, fetchShareView } from '~/server/share';
import type { PointBudget } from '~/features/charts/point-budget';
import type { RangeChoice } from '~/features/charts/range';

/**
 * A share link's fixed questions, asked through server functions that use the link alone. Only the server's
 * first answer (the page load) counts as a view; refetches after a reconnect do not. `embed` lets the link's
 * origins frame the page that asks.
 */
export const shareQueries = {
  view: (secret: string, embed = false) =>
    queryOptions({
      queryKey: ['share', secret, 'view', embed],
      queryFn: () => fetchShareView({ data: { secret, embed, view: import.meta.env.SSR } }),
    }),
  chart: (secret: string, station: string, choice: RangeChoice, points: PointBudget, embed = false) =>
    queryOptions({
      queryKey: ['share', secret, 'chart', station, choice, points, embed],
      queryFn: () =>
        fetchShareChart({ data: { secret, embed, view: import.meta.env.SSR && embed, query: { station, ...choice, points } } }),
    }),
};

/** The warning levels a link's page shows, by station (unique_id). */
export const levelsOf = (view: Pick<ShareView, 'warning'>) => new Map(Object.entries(view.warning));
