/** The base map's MapLibre style URLs, light and dark, set at build time; none means markers on a plain background. */
export const mapStyleUrls: { light?: string; dark?: string } = {
  light: import.meta.env.VITE_MAP_STYLE_URL,
  dark: import.meta.env.VITE_MAP_STYLE_URL_DARK ?? import.meta.env.VITE_MAP_STYLE_URL,
};

/** Origins the browser must be allowed to reach for the base map (the Content-Security-Policy lists them). */
export const mapOrigins = (): string[] =>
  [...new Set(Object.values(mapStyleUrls).flatMap((url) => (url ? [new URL(url).origin] : [])))];
