import { useEffect, useRef, useState } from 'react';
import type { DashboardSearch } from './search';

/** The search text reaches the address this long after the last key, so typing does not navigate on every key. */
const searchToAddressMs = 400;

type Filters = Omit<DashboardSearch, 'q'>;
const filtersOf = ({ group, state, view }: DashboardSearch): Filters => ({ group, state, view });
const same = (a: DashboardSearch, b: DashboardSearch) => a.q === b.q && a.group === b.group && a.state === b.state && a.view === b.view;

/**
 * The dashboard's filters, answering at once on screen and written to the address afterwards: a navigation costs
 * the router a good part of a frame, which a click or a key must not wait for. The address is read when the page
 * opens, and again whenever it changes from elsewhere (e.g. a link to the plain dashboard).
 */
export function useAddressFilters(search: DashboardSearch, onSearch: (search: DashboardSearch) => void) {
  const [text, setText] = useState(search.q ?? '');
  const [filters, setFilters] = useState(() => filtersOf(search));
  // What was last written, and the writes the router has not reported back yet (a newer write may overtake them).
  const address = useRef({ onSearch, written: search, pending: [] as DashboardSearch[] });
  useEffect(() => {
    address.current.onSearch = onSearch;
  });

  useEffect(() => {
    const next = { q: text.trim() || undefined, ...filters };
    const { written } = address.current;
    if (same(next, written)) return;
    // A new filter choice goes at once (after this paint); typing waits for a pause.
    const timer = setTimeout(
      () => {
        address.current.written = next;
        address.current.pending.push(next);
        address.current.onSearch(next);
      },
      next.q === written.q ? 0 : searchToAddressMs,
    );
    return () => clearTimeout(timer);
  }, [text, filters]);

  useEffect(() => {
    const { pending } = address.current;
    const ours = pending.findIndex((written) => same(written, search));
    if (ours >= 0) pending.splice(0, ours + 1);
    if (ours >= 0 || same(search, address.current.written)) return;
    address.current = { ...address.current, written: search, pending: [] };
    setText(search.q ?? '');
    setFilters(filtersOf(search));
  }, [search]);

  return {
    text,
    setText,
    filters,
    choose: (change: Filters) => setFilters((current) => ({ ...current, ...change })),
    clear: () => {
      setText('');
      setFilters((current) => ({ view: current.view }));
    },
  };
}
