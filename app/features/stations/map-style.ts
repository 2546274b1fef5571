/**
 * OpenFreeMap's public styles (OpenStreetMap data): no key, no registration, no usage limit, and style, tiles,
 * fonts and icons all come from one host, so the Content-Security-Policy needs that one origin.
 */
export const keylessMapStyles = {
  light: 'https://tiles.openfreemap.org/styles/positron',
  dark: 'https://tiles.openfreemap.org/styles/dark',
};

/** Set to this, a style variable turns the base map off (markers on a plain background). */
export const noBaseMap = 'none';

interface MapStyleEnv {
  VITE_MAP_STYLE_URL?: string;
  VITE_MAP_STYLE_URL_DARK?: string;
}

/**
 * The light and dark styles a build uses: the keyless defaults unless VITE_MAP_STYLE_URL names another style
 * (then dark mode uses it too, unless VITE_MAP_STYLE_URL_DARK names its own); `none` means no base map.
 */
export function resolveMapStyles(env: MapStyleEnv): { light?: string; dark?: string } {
  const own = (url: string | undefined) => (url === noBaseMap ? undefined : url);
  const light = env.VITE_MAP_STYLE_URL ? own(env.VITE_MAP_STYLE_URL) : keylessMapStyles.light;
  const dark = env.VITE_MAP_STYLE_URL_DARK ? own(env.VITE_MAP_STYLE_URL_DARK) : env.VITE_MAP_STYLE_URL ? light : keylessMapStyles.dark;
  return { light, dark };
}

/** The base map's MapLibre style URLs, light and dark, set at build time; none means markers on a plain background. */
export const mapStyleUrls: { light?: string; dark?: string } = resolveMapStyles({
  VITE_MAP_STYLE_URL: import.meta.env.VITE_MAP_STYLE_URL,
  VITE_MAP_STYLE_URL_DARK: import.meta.env.VITE_MAP_STYLE_URL_DARK,
});

/** Origins the browser must be allowed to reach for the base map (the Content-Security-Policy lists them). */
export const mapOrigins = (): string[] => [...new Set(Object.values(mapStyleUrls).flatMap((url) => (url ? [new URL(url).origin] : [])))];
