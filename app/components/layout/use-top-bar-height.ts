import { useEffect, type RefObject } from 'react';

/**
 * Keeps `--top-bar` (styles.css) at the top bar's real height. The stylesheet's value holds for the server's HTML; the
 * menu row wraps to a second line when badges or a longer language widen it, and toasts and sticky panels must then
 * move down with it rather than cover the menu.
 */
export function useTopBarHeight(header: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const element = header.current;
    if (!element) return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() =>
      root.style.setProperty('--top-bar', `${Math.ceil(element.getBoundingClientRect().height)}px`),
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--top-bar');
    };
  }, [header]);
}
