import { useHydrated } from '@tanstack/react-router';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Room above a row scrolled into view: the sticky top bar as tall as it is now (`--top-bar`, use-top-bar-height.ts) and a margin. */
const roomAbove = () => (Number.parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--top-bar')) || 0) + 16;

/**
 * The rows sit in the normal flow between spacers, so measuring a row never moves one on screen, and the browser's
 * own scroll anchoring keeps the view still when a row above changes. The virtualizer's correction (meant for rows
 * placed by offset) scrolled on top of that: a row first measured once the page was scrolled (a reload restoring its
 * place, a click right after the page opened) threw the view by its estimate's error.
 */
const neverCorrectScroll = () => false;

interface Options {
  count: number;
  /** A row's height before it is measured (rows of a fixed height are never measured). */
  estimateSize: number;
  gap: number;
  /** Rows the server's HTML (and hydration) carries: enough to fill a first screen. */
  initialRows: number;
}

/**
 * Rows scrolled by the window of which only those on screen, and a few around them, are in the DOM: spacers
 * above and below stand for the rest, so the rows stay in the normal flow (a table keeps its semantics). Before
 * hydration (and so in the server's HTML) the first `initialRows` are rendered plainly, and hydration matches them;
 * they stay until the virtualizer has measured the window (the render after hydration): rendering none for that
 * moment would mount every row again, under the pointer of a click aimed at one.
 */
export function useWindowRows<E extends HTMLElement>({ count, estimateSize, gap, initialRows }: Options) {
  const hydrated = useHydrated();
  const container = useRef<E>(null);
  // Where the rows start in the page: what stands above them (greeting, filters) moves with the window's width.
  const [scrollMargin, setScrollMargin] = useState(0);
  const [room, setRoom] = useState(0);
  const measure = () => {
    const element = container.current;
    if (element) setScrollMargin(Math.round(element.getBoundingClientRect().top + window.scrollY));
    setRoom(roomAbove());
  };
  useLayoutEffect(measure);
  useEffect(() => {
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, []);
  const virtualizer = useWindowVirtualizer({
    count,
    estimateSize: () => estimateSize,
    gap,
    overscan: 3,
    scrollMargin,
    scrollPaddingStart: room,
    scrollPaddingEnd: gap,
    enabled: hydrated,
  });
  virtualizer.shouldAdjustScrollPositionOnItemSizeChange = neverCorrectScroll;
  const rows = hydrated ? virtualizer.getVirtualItems() : [];
  if (rows.length === 0) {
    return {
      container,
      rows: Array.from({ length: Math.min(count, initialRows) }, (_, index) => ({ index, key: index })),
      before: 0,
      after: 0,
      virtualizer,
    };
  }
  const first = rows[0];
  const last = rows.at(-1);
  return {
    container,
    rows,
    before: first ? first.start - scrollMargin : 0,
    after: last ? virtualizer.getTotalSize() - (last.end - scrollMargin) : 0,
    virtualizer,
  };
}
