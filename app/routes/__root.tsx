/// <reference types="vite/client" />
import type { QueryClient } from '@tanstack/react-query';
import {
  HeadContent,
  ScriptOnce,
  Scripts,
  createRootRouteWithContext,
  lazyRouteComponent,
  useHydrated,
  useRouteContext,
  useRouter,
} from '@tanstack/react-router';
import { createMiddleware, getRouterInstance } from '@tanstack/react-start';
import type { ReactNode } from 'react';
import { colorSchemeScript, useColorScheme } from '~/components/layout/color-scheme';
import { Preloader } from '~/components/layout/preloader';
import { PreferencesProvider, usePreferences } from '~/components/layout/preferences-context';
import { readPreferences } from '~/components/layout/preferences-cookie';
import { Toaster } from '~/components/toaster';
import { pageTitle } from '~/lib/page-title';
import { getLocale } from '~/paraglide/runtime';
import appCss from '../styles.css?url';

// The Worker gives every page a Content-Security-Policy nonce through the request context; set on the router
// before it renders, it is stamped on each script and style the framework writes (and read back in the browser).
const pageNonce = createMiddleware().server(async ({ next, context }) => {
  const router = await getRouterInstance();
  router.update({ ...router.options, ssr: { nonce: context?.nonce } });
  return next();
});

// Radix's scroll lock adds <style> elements while dialogs and menus are open; it gives them the nonce it finds
// in `__webpack_nonce__` (get-nonce), which a script that carries the page's nonce can read off itself.
const styleNonceScript = 'self.__webpack_nonce__=document.currentScript.nonce';

export const Route = createRootRouteWithContext<{ queryClient: QueryClient }>()({
  server: { middleware: [pageNonce] },
  beforeLoad: () => ({ prefs: readPreferences() }),
  head: ({ matches }) => ({
    meta: [
      { charSet: 'utf-8' },
      { name: 'viewport', content: 'width=device-width, initial-scale=1' },
      // The installed app (public/manifest.webmanifest, docs/push.md) takes its colour and icons from these.
      { name: 'theme-color', content: '#0c4a6e' },
      { title: pageTitle(matches.at(-1)?.pathname ?? '/') },
    ],
    links: [
      { rel: 'stylesheet', href: appCss },
      { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
      { rel: 'manifest', href: '/manifest.webmanifest' },
      { rel: 'apple-touch-icon', href: '/icons/apple-touch-icon.png' },
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
  const nonce = useRouter().options.ssr?.nonce;
  return (
    // The inline script may add `dark` before hydration; React must not fight it over the class attribute.
    <html lang={getLocale()} data-theme={prefs.theme} data-hydrated={hydrated ? 'true' : undefined} suppressHydrationWarning>
      <head>
        <ScriptOnce>{colorSchemeScript}</ScriptOnce>
        <ScriptOnce>{styleNonceScript}</ScriptOnce>
        {/* Vite's dev client gives its <style> elements the nonce of the first csp-nonce meta's nonce attribute. */}
        {import.meta.env.DEV && <meta property="csp-nonce" nonce={nonce} suppressHydrationWarning />}
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
