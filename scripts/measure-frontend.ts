/**
 * `npm run measure:frontend`: builds and serves the app as the browser tests do, then reports dashboard LCP,
 * first-load JS (gzipped) of /login and of /dashboard without the map chunk, and the 30-day chart render
 * time in headless Chromium. With `--screenshots` it also saves the dashboard and charts at 1280 and 360 px,
 * light and dark, to test-results/screenshots. Numbers are printed, not asserted: they vary by machine.
 */
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page } from 'playwright-core';
import type { TestProject } from 'vitest/node';
import { demoAccounts } from './seed/accounts';
import setup from '../tests/support/e2e-server';

const provided: Record<string, string> = {};
const teardown = await setup({ provide: (key: string, value: string) => (provided[key] = value) } as unknown as TestProject);
const baseURL = provided.baseURL;
const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });

async function newPage(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark' } = {}) {
  const context = await browser.newContext({ baseURL, viewport: { width: options.width ?? 1280, height: options.height ?? 800 }, colorScheme: options.colorScheme ?? 'light' });
  return context.newPage();
}

async function signIn(page: Page) {
  await page.goto('/login', { waitUntil: 'load' });
  // Typing before React has hydrated the form would submit it natively (a GET with the password in the URL).
  await page.waitForFunction(() => Object.keys(document.querySelector('form') ?? {}).some((key) => key.startsWith('__reactProps')));
  await page.getByLabel('E-mail').fill(demoAccounts.admin.username);
  await page.getByLabel('Password', { exact: true }).fill(demoAccounts.admin.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
}

/** Gzipped bytes of every script a page load fetches, leaving out those `skip` matches. */
async function firstLoadJs(page: Page, path: string, skip = /$^/) {
  const sizes: Promise<number>[] = [];
  const listener = (response: import('playwright-core').Response) => {
    // Fetched again rather than read from the response: a body is gone once the page navigates on.
    const url = response.url();
    if (response.request().resourceType() === 'script' && !skip.test(url)) sizes.push(fetch(url).then(async (r) => gzipSync(Buffer.from(await r.arrayBuffer())).length));
  };
  page.on('response', listener);
  // Not "networkidle": the live channel keeps a request open on signed-in screens.
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  page.off('response', listener);
  return (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const login = await firstLoadJs(await newPage(), '/login');

  const page = await newPage();
  await signIn(page);
  const dashboardJs = await firstLoadJs(page, '/dashboard', /station-map|maplibre/);
  await page.goto('/dashboard');
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({ type: 'largest-contentful-paint', buffered: true });
      }),
  );

  await page.goto('/charts/DANES-BRNO-01/true?days=30');
  await page.waitForFunction(() => {
    const charts = document.querySelectorAll('[data-testid="reading-chart"]');
    return charts.length > 0 && [...charts].every((c) => c.getAttribute('data-ready') === 'true');
  });
  const chartMs = await page.evaluate(() => performance.now());

  console.log(`first-load JS /login (gzip): ${kb(login)}`);
  console.log(`first-load JS /dashboard without the map (gzip): ${kb(dashboardJs)}`);
  console.log(`dashboard LCP: ${lcp.toFixed(0)} ms`);
  console.log(`30-day chart, navigation to every reading drawn: ${chartMs.toFixed(0)} ms`);

  if (process.argv.includes('--screenshots')) {
    mkdirSync('test-results/screenshots', { recursive: true });
    for (const [width, height] of [[1280, 800], [360, 740]]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const shot = await newPage({ width, height, colorScheme });
        await signIn(shot);
        await shot.locator('.maplibregl-marker').first().waitFor();
        await shot.screenshot({ path: `test-results/screenshots/stations-dashboard-${width}-${colorScheme}.png`, fullPage: true });
        await shot.goto('/charts/DANES-BRNO-01/true');
        await shot.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();
        await shot.screenshot({ path: `test-results/screenshots/stations-charts-${width}-${colorScheme}.png`, fullPage: true });
      }
    }
  }
} finally {
  await browser.close();
  teardown();
}
