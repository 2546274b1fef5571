/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Scripts, createRootRouteWithContext, lazyRouteComponent, useHydrated, useRouteContext } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { colorSchemeScript, useColorScheme } from '~/components/layout/color-scheme';
import { Preloader } from '~/components/layout/preloader';
import { PreferencesProvider, usePreferences } from '~/components/layout/preferences-context';
import { readPreferences } from '~/components/layout/preferences-cookie';
import { Toaster } from '~/components/toaster';
import { pageTitle } from '~/lib/page-title';
import { getLocale } from '~/paraglide/runtime';
import appCss from '../styles.css?url';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  beforeLoad: () => ({ prefs: readPreferences() }),
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      { title: pageTitle(matches.at(-1)?.pathname ?? '/') },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
    ],
  }),
  // The document around every screen, its error and its not-found page alike.
  shellComponent: RootDocument,
  notFoundComponent: lazyRouteComponent(() => import('~/components/route-states'), 'PageNotFound'),
});

function RootDocument({ children }: { children: ReactNode }) {
  const { prefs } = useRouteContext({ from: '__root__' });
  return (
    <PreferencesProvider initial={prefs}>
      <Document>{children}</Document>
    </PreferencesProvider>
  );
}

function Document({ children }: { children: ReactNode }) {
  const { prefs } = usePreferences();
  useColorScheme(prefs.theme);
  // Marks when the page answers clicks; browser tests wait for it instead of guessing.
  const hydrated = useHydrated();
  return (
    // The inline script may add `dark` before hydration; React must not fight it over the class attribute.
    <html lang={getLocale()} data-theme={prefs.theme} data-hydrated={hydrated ? 'true' : undefined} suppressHydrationWarning>
      <head>
        <script dangerouslySetInnerHTML={{ __html: colorSchemeScript }} />
        <HeadContent />
      </head>
      <body>
        {children}
        {prefs.preloader && <Preloader />}
        <Toaster />
        <Scripts />
      </body>
    </html>
  );
}
