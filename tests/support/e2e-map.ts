import type { BrowserContext, Page } from 'playwright-core';
import { baseURL } from './e2e';

/** No internet, made certain: every request off the app's own origin fails, as the base map's would offline. */
export const offline = (context: BrowserContext) =>
  context.route(
    (url) => url.origin !== new URL(baseURL).origin,
    (route) => route.abort('internetdisconnected'),
  );

/** The dashboard's map of the signed-in subject's stations. */
export const mapOf = (page: Page) => page.getByRole('region', { name: 'Map of your stations' });
