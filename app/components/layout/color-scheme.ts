import { useEffect } from 'react';
import type { Preferences } from './preferences';

/**
 * Runs in <head> before the first paint: "system" can only be resolved in the browser, and doing it here
 * keeps a dark-mode user from seeing a light flash.
 */
export const colorSchemeScript = `(function(){var e=document.documentElement,t=e.dataset.theme;e.classList.toggle('dark',t==='dark'||(t!=='light'&&matchMedia('(prefers-color-scheme: dark)').matches))})()`;

/** Keeps the `dark` class in step with the chosen scheme and, for "system", with the operating system. */
export function useColorScheme(theme: Preferences['theme']) {
  useEffect(() => {
    const root = document.documentElement;
    const media = matchMedia('(prefers-color-scheme: dark)');
    const apply = () => root.classList.toggle('dark', theme === 'dark' || (theme === 'system' && media.matches));
    root.dataset.theme = theme;
    apply();
    media.addEventListener('change', apply);
    return () => media.removeEventListener('change', apply);
  }, [theme]);
}
