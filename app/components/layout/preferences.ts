/** Layout settings of SPEC §2–§4 plus the colour scheme; kept in one cookie so the server renders them. */
export const layoutTypes = ['vertical', 'horizontal'] as const;
export const layoutWidths = ['fluid', 'boxed', 'scrollable'] as const;
export const topbarThemes = ['light', 'dark', 'colored'] as const;
export const sidebarTypes = ['default', 'compact', 'icon'] as const;
export const sidebarThemes = ['light', 'dark', 'colored', 'winter', 'ladylip', 'plumplate', 'strongbliss', 'greatwhale'] as const;
export const sidebarImages = ['none', 'img1', 'img2', 'img3', 'img4'] as const;
export const colorSchemes = ['system', 'light', 'dark'] as const;

export interface Preferences {
  layoutType: (typeof layoutTypes)[number];
  layoutWidth: (typeof layoutWidths)[number];
  topbarTheme: (typeof topbarThemes)[number];
  sidebarType: (typeof sidebarTypes)[number];
  sidebarTheme: (typeof sidebarThemes)[number];
  sidebarImage: (typeof sidebarImages)[number];
  preloader: boolean;
  theme: (typeof colorSchemes)[number];
}

export const defaultPreferences: Preferences = {
  layoutType: 'horizontal',
  layoutWidth: 'fluid',
  topbarTheme: 'light',
  sidebarType: 'default',
  sidebarTheme: 'dark',
  sidebarImage: 'none',
  preloader: false,
  theme: 'system',
};

export const preferencesCookie = 'hladina_layout';

/** Applies one change with the side effects SPEC §4 documents for layout and width. */
export function changePreference<K extends keyof Preferences>(prefs: Preferences, key: K, value: Preferences[K]): Preferences {
  const next = { ...prefs, [key]: value };
  if (key === 'layoutType') next.topbarTheme = value === 'horizontal' ? 'dark' : 'light';
  if (key === 'layoutWidth') next.sidebarType = value === 'boxed' ? 'icon' : 'default';
  if (next.layoutType === 'vertical' && next.topbarTheme === 'colored') next.topbarTheme = 'light';
  return next;
}

const oneOf = <T extends string>(options: readonly T[], value: unknown, fallback: T): T =>
  options.includes(value as T) ? (value as T) : fallback;

/** Reads the cookie value; anything unknown or tampered with falls back to the defaults, field by field. */
export function parsePreferences(raw: string | undefined): Preferences {
  let value: Record<string, unknown> = {};
  try {
    const parsed: unknown = raw ? JSON.parse(decodeURIComponent(raw)) : {};
    if (parsed && typeof parsed === 'object') value = parsed as Record<string, unknown>;
  } catch {
    // A broken cookie is treated as no cookie.
  }
  const d = defaultPreferences;
  return {
    layoutType: oneOf(layoutTypes, value.layoutType, d.layoutType),
    layoutWidth: oneOf(layoutWidths, value.layoutWidth, d.layoutWidth),
    topbarTheme: oneOf(topbarThemes, value.topbarTheme, d.topbarTheme),
    sidebarType: oneOf(sidebarTypes, value.sidebarType, d.sidebarType),
    sidebarTheme: oneOf(sidebarThemes, value.sidebarTheme, d.sidebarTheme),
    sidebarImage: oneOf(sidebarImages, value.sidebarImage, d.sidebarImage),
    preloader: typeof value.preloader === 'boolean' ? value.preloader : d.preloader,
    theme: oneOf(colorSchemes, value.theme, d.theme),
  };
}

export const serializePreferences = (prefs: Preferences) => encodeURIComponent(JSON.stringify(prefs));
