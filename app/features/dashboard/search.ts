import type { StationState } from '~/features/stations/status';

// Apart from the filtering (filters.ts), which needs time-zone code: the route reads its address on every page's first load.

export const stationStates: readonly StationState[] = ['fresh', 'stale', 'low_voltage'];
export type DashboardView = 'cards' | 'list';

/** What the dashboard's address may say: a search text, one group, one state, and the list view instead of cards. */
export interface DashboardSearch {
  q?: string;
  group?: number;
  state?: StationState;
  view?: 'list';
}

/** Longest search text kept from the address. */
const maxSearchLength = 100;

/**
 * Reads the filters from the address, so a reload or a shared link shows the same stations; anything unknown is
 * left out. Plain code rather than a schema keeps zod out of the first load. The router has already parsed
 * JSON-looking values, so `?q=42` arrives as a number.
 */
export function dashboardSearch(search: Record<string, unknown>): DashboardSearch {
  const q = typeof search.q === 'string' || typeof search.q === 'number' ? String(search.q).trim().slice(0, maxSearchLength) : '';
  const group = Number(search.group);
  return {
    q: q || undefined,
    group: Number.isInteger(group) && group > 0 ? group : undefined,
    state: stationStates.find((state) => state === search.state),
    view: search.view === 'list' ? 'list' : undefined,
  };
}
