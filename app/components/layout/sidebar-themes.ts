import type { CSSProperties } from 'react';
import type { Preferences } from '~/components/layout/preferences';

/** Backgrounds of the sidebar colour themes; the gradients are the template's named palettes. */
export const sidebarThemeStyles: Record<Preferences['sidebarTheme'], CSSProperties> = {
  light: { background: 'var(--card)', color: 'var(--card-foreground)' },
  dark: { background: '#1f2937', color: '#e5e7eb' },
  colored: { background: 'var(--primary)', color: 'var(--primary-foreground)' },
  winter: { background: 'linear-gradient(to top, #2a5298, #1e3c72)', color: '#f8fafc' },
  ladylip: { background: 'linear-gradient(to top, #ff0844, #ffb199)', color: '#fff' },
  plumplate: { background: 'linear-gradient(to top, #667eea, #764ba2)', color: '#fff' },
  strongbliss: { background: 'linear-gradient(to top, #f78ca0, #f9748f, #fd868c, #fe9a8b)', color: '#fff' },
  greatwhale: { background: 'linear-gradient(to top, #6991c7, #a3bded)', color: '#0f172a' },
};

export const sidebarImageUrl = (image: Exclude<Preferences['sidebarImage'], 'none'>) => `/images/sidebar/${image}.svg`;
