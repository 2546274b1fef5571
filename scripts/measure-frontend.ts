/**
 * `npm run measure:frontend`: builds and serves the app as the browser tests do, then reports, in headless
 * Chromium on the production build:
 * - first-load JS (gzipped) of /login and of /dashboard without the map chunk (`--detail` lists every script);
 * - largest contentful paint of /dashboard and of a 30-day chart with a cold cache (a fresh browser context
 *   that holds only the session cookie; the median of three loads), and whether the server's HTML already
 *   carries the station cards and the chart's readings;
 * - the 30-day chart's time from navigation until every reading is drawn;
 * - with a network of 500 stations added (as the browser tests add it): the dashboard's cold-cache LCP, the cards
 *   its server HTML carries, and the interaction to next paint while filtering (typing a search, choosing a state
 *   and the list view), from the browser's Event Timing entries.
 * With `--screenshots` it also saves the dashboard and charts at 1280 and 360 px, light and dark, to
 * test-results/screenshots. Numbers are printed, not asserted: they vary by machine.
 */
import { mkdirSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import { chromium, type Page, type Response } from 'playwright-core';
import { demoAccounts, demoStations } from './seed/accounts';
import { openE2eDb } from '../tests/support/e2e-db';
import { addNetwork, networkAccount } from '../tests/support/e2e-network';
import { startE2eServers } from '../tests/support/e2e-server';
import { signIn } from './lib/sign-in';

const { servers, stop } = await startE2eServers(1);
const [{ baseURL, stateDir }] = servers;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
const detail = process.argv.includes('--detail');
const chartPath = '/charts/DANES-BRNO-01/true?days=30';

/** A session taken from the API as a script would: the demo administrator's unless another account is named. */
const sessionToken = (account = demoAccounts.admin) => signIn(baseURL, account);
let token = await sessionToken();

/** A fresh context has an empty cache; with `signedIn` it carries the session cookie and nothing else. */
async function newPage(options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; signedIn?: boolean } = {}) {
  const context = await browser.newContext({
    baseURL,
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
    colorScheme: options.colorScheme ?? 'light',
  });
  if (options.signedIn) await context.addCookies([{ name: 'hladina_session', value: token, url: baseURL }]);
  return context.newPage();
}

/**
 * Interaction to next paint while filtering the dashboard: types a search letter by letter, clears it, picks a
 * state and the list view. Each interaction's duration is the browser's own (Event Timing: from the input to the
 * next paint); the worst one is what INP reports on a page with this few interactions.
 */
async function filteringInp() {
  const page = await newPage({ signedIn: true });
  await page.goto('/dashboard');
  await page.locator('html[data-hydrated="true"]').waitFor();
  await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 120_000 });
  await page.evaluate(() => {
    const w = window as unknown as { __interactions: Map<number, number> };
    w.__interactions = new Map();
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEventTiming & { interactionId: number })[]) {
        if (entry.interactionId)
          w.__interactions.set(entry.interactionId, Math.max(w.__interactions.get(entry.interactionId) ?? 0, entry.duration));
      }
    }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit);
  });
  const box = page.getByTestId('station-search');
  await box.click();
  for (const key of 'station 4') await page.keyboard.type(key, { delay: 120 });
  for (let i = 0; i < 'station 4'.length; i++) await page.keyboard.press('Backspace', { delay: 120 });
  await page.getByTestId('state-filter').locator('[data-state-filter="stale"]').click();
  await page.waitForTimeout(300);
  await page.getByRole('radio', { name: 'List' }).click();
  await page.waitForTimeout(300);
  await page.getByTestId('state-filter').getByRole('radio').first().click();
  await page.waitForTimeout(1000);
  const durations = await page.evaluate(() => [...(window as unknown as { __interactions: Map<number, number> }).__interactions.values()]);
  await page.context().close();
  durations.sort((a, b) => a - b);
  return { worst: durations.at(-1) ?? 0, median: durations[Math.floor(durations.length / 2)] ?? 0, count: durations.length };
}

/** Gzipped bytes of every script a page load fetches, leaving out those `skip` matches. */
async function firstLoadJs(page: Page, path: string, skip = /$^/) {
  const sizes: Promise<[string, number]>[] = [];
  const listener = (response: Response) => {
    // Fetched again rather than read from the response: a body is gone once the page navigates on.
    const url = response.url();
    if (response.request().resourceType() === 'script' && !skip.test(url)) {
      sizes.push(fetch(url).then(async (r) => [new URL(url).pathname, gzipSync(Buffer.from(await r.arrayBuffer())).length]));
    }
  };
  page.on('response', listener);
  // Not "networkidle": the live channel keeps a request open on signed-in screens.
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(1000);
  page.off('response', listener);
  const scripts = (await Promise.all(sizes)).sort((a, b) => b[1] - a[1]);
  if (detail) for (const [name, size] of scripts) console.log(`  ${path} ${kb(size).padStart(9)}  ${name}`);
  return scripts.reduce((sum, [, size]) => sum + size, 0);
}

/** The page's largest contentful paint after a cold load: the last candidate before any input. */
async function coldLcpOnce(path: string) {
  const page = await newPage({ signedIn: true });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        });
      }),
  );
  await page.context().close();
  return lcp;
}

/** The median of three cold loads: one load on a shared two-core machine says little. */
async function coldLcp(path: string) {
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push(await coldLcpOnce(path));
  runs.sort((a, b) => a - b);
  return { median: runs[1], runs };
}

/** The server's HTML alone, as a browser without JavaScript would get it. */
async function serverHtml(path: string) {
  const response = await fetch(`${baseURL}${path}`, { headers: { Cookie: `hladina_session=${token}` } });
  return response.text();
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

try {
  const login = await firstLoadJs(await newPage(), '/login');
  const dashboardJs = await firstLoadJs(await newPage({ signedIn: true }), '/dashboard', /station-map|maplibre/);

  const dashboardHtml = await serverHtml('/dashboard');
  const cardsInHtml = dashboardHtml.match(/data-testid="station-card"/g)?.length ?? 0;
  const namesInHtml = demoStations.every((s) => dashboardHtml.includes(s.name));
  const chartHtml = await serverHtml(chartPath);
  const chartInHtml = chartHtml.includes(demoStations[0].name) && chartHtml.includes('data-reading="H1"');

  const dashboardLcp = await coldLcp('/dashboard');
  const chartLcp = await coldLcp(chartPath);

  const page = await newPage({ signedIn: true });
  await page.goto(chartPath);
  await page.waitForFunction(() => {
    const charts = document.querySelectorAll('[data-testid="reading-chart"]');
    return charts.length > 0 && [...charts].every((c) => c.getAttribute('data-ready') === 'true');
  });
  const chartMs = await page.evaluate(() => performance.now());

  console.log(`first-load JS /login (gzip): ${kb(login)}`);
  console.log(`first-load JS /dashboard without the map (gzip): ${kb(dashboardJs)}`);
  console.log(`dashboard server HTML: ${cardsInHtml} station cards, every station name ${namesInHtml ? 'present' : 'MISSING'}`);
  console.log(`chart server HTML: station name and readings ${chartInHtml ? 'present' : 'MISSING'}`);
  const lcpLine = ({ median, runs }: { median: number; runs: number[] }) =>
    `${median.toFixed(0)} ms (median of ${runs.map((r) => r.toFixed(0)).join(', ')})`;
  console.log(`dashboard LCP, cold cache: ${lcpLine(dashboardLcp)}`);
  console.log(`30-day chart LCP, cold cache: ${lcpLine(chartLcp)}`);
  console.log(`30-day chart, navigation to every reading drawn: ${chartMs.toFixed(0)} ms`);

  // The big network comes last: the demo administrator would see its stations too.
  const db = await openE2eDb(stateDir);
  await addNetwork(db);
  await db.close();
  token = await sessionToken(networkAccount);
  // Its first page registers the subject's live watcher with 500 station objects; measure after that, as users would.
  await filteringInp();
  const networkHtml = await serverHtml('/dashboard');
  const networkLcp = await coldLcp('/dashboard');
  const inp = await filteringInp();
  console.log(
    `500-station dashboard server HTML: ${networkHtml.match(/data-testid="station-card"/g)?.length ?? 0} station cards, ${kb(Buffer.byteLength(networkHtml))}`,
  );
  console.log(`500-station dashboard LCP, cold cache: ${lcpLine(networkLcp)}`);
  console.log(
    `500-station dashboard, interaction to next paint while filtering: worst ${inp.worst.toFixed(0)} ms, median ${inp.median.toFixed(0)} ms over ${inp.count} interactions (Event Timing, ≥ 16 ms)`,
  );

  if (process.argv.includes('--screenshots')) {
    mkdirSync('test-results/screenshots', { recursive: true });
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const shot = await newPage({ width, height, colorScheme, signedIn: true });
        await shot.goto('/dashboard');
        await shot.locator('.maplibregl-marker').first().waitFor();
        await shot.screenshot({ path: `test-results/screenshots/stations-dashboard-${width}-${colorScheme}.png`, fullPage: true });
        await shot.goto('/charts/DANES-BRNO-01/true');
        await shot.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();
        await shot.screenshot({ path: `test-results/screenshots/stations-charts-${width}-${colorScheme}.png`, fullPage: true });
        await shot.context().close();
      }
    }
  }
} finally {
  await browser.close();
  stop();
}
