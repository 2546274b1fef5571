import { createIsomorphicFn } from '@tanstack/react-start';
import { getCookie } from '@tanstack/react-start/server';

/** A cookie's raw value: from the request during SSR, from document.cookie in the browser, so both render alike. */
export const readCookie = createIsomorphicFn()
  .server((name: string) => getCookie(name))
  .client((name: string) =>
    document.cookie
      .split('; ')
      .find((c) => c.startsWith(`${name}=`))
      ?.slice(name.length + 1),
  );
