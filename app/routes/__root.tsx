/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query';
import { HeadContent, Outlet, Scripts, createRootRouteWithContext, useHydrated } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { Preloader } from '~/components/layout/preloader';
import { Toaster } from '~/components/ui/sonner';
import { colorSchemeScript, useColorScheme } from '~/features/preferences/color-scheme';
import { PreferencesProvider, usePreferences } from '~/features/preferences/context';
import { readPreferences } from '~/features/preferences/read';
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
  component: RootComponent,
});

function RootComponent() {
  const { prefs } = Route.useRouteContext();
  return (
    <PreferencesProvider initial={prefs}>
      <RootDocument>
        <Outlet />
      </RootDocument>
    </PreferencesProvider>
  );
}

function RootDocument({ children }: { children: ReactNode }) {
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
