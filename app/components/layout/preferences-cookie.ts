import { readCookie } from '~/lib/cookie';
import { parsePreferences, preferencesCookie } from './preferences';

/** The saved layout, read alike during SSR and in the browser. */
export const readPreferences = () => parsePreferences(readCookie(preferencesCookie));
