import { createIsomorphicFn } from '@tanstack/react-start';
import { getCookie } from '@tanstack/react-start/server';
import { parsePreferences, preferencesCookie } from './preferences';

/** The saved layout: from the request during SSR, from document.cookie in the browser. */
export const readPreferences = createIsomorphicFn()
  .server(() => parsePreferences(getCookie(preferencesCookie)))
  .client(() => {
    const pair = document.cookie.split('; ').find((c) => c.startsWith(`${preferencesCookie}=`));
    return parsePreferences(pair?.slice(preferencesCookie.length + 1));
  });
