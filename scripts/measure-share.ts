/**
 * `npm run measure:share`: builds and serves the app as the browser tests do, makes a share link of two demo stations,
 * then reports, on the production build in headless Chromium:
 * - the link's public page: largest contentful paint with a cold browser cache (the median of three loads; the first
 *   load ever, which also wakes the link's object and reads D1, apart), its first-load JS, whether its server HTML
 *   carries the cards, and the bytes of the self-served base map (style and tiles, as transferred) until it is drawn;
 * - the public JSON: the first viewer's and a second viewer's reply time (the second within the object's cache time
 *   is answered from the object; tests/api/share-public.test.ts proves it runs no D1 statement);
 * - the live channel: N viewers (default 1,000) on one link, one batch ingested, how long until every viewer has it and
 *   how many messages they got (tests/api/share-live.test.ts proves the station object sends the link one message).
 * With `--screenshots` it also saves the link's page, charts, display, embeds in a host page and the Share links screens
 * at 1280 and 360 px, light and dark, to test-results/screenshots. Numbers are printed, not asserted.
 */
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { demoAccounts } from './seed/accounts';
import { startE2eServers } from '../tests/support/e2e-server';

const viewerCount = Number(process.argv.find((a) => a.startsWith('--viewers='))?.slice(10) ?? 1000);
const { servers, stop } = await startE2eServers(1);
const [{ baseURL }] = servers;
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});

async function rest<T>(path: string, body?: unknown, token?: string, client?: string): Promise<T> {
  const response = await fetch(`${baseURL}/rest${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'Content-Type': 'application/json',
      ...(token ? { Authorization: `Bearer ${token}` } : {}),
      ...(client ? { 'CF-Connecting-IP': client } : {}),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await response.json()) as { success: boolean; data: T };
  if (!json.success) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number) => `${value.toFixed(0)} ms`;

/**
 * A page's largest contentful paint in a fresh context (an empty cache, no cookie), after its load settles, and what
 * its base map cost until drawn: the style and tiles under /map/ as transferred (headers and compressed bodies).
 */
async function coldLcp(path: string, width = 1280, height = 800) {
  const context = await browser.newContext({ baseURL, viewport: { width, height } });
  const page = await context.newPage();
  const scripts: Promise<number>[] = [];
  const map: Promise<number>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script')
      scripts.push(fetch(response.url()).then(async (r) => gzipSync(Buffer.from(await r.arrayBuffer())).length));
  });
  page.on('requestfinished', (request) => {
    if (new URL(request.url()).pathname.startsWith('/map/'))
      // A request still finishing when the context closes counts nothing.
      map.push(
        request
          .sizes()
          .then((sizes) => sizes.responseHeadersSize + sizes.responseBodySize)
          .catch(() => 0),
      );
  });
  await page.goto(path, { waitUntil: 'load' });
  await page.waitForTimeout(500);
  const lcp = await page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list) => resolve(list.getEntries().at(-1)!.startTime)).observe({
          type: 'largest-contentful-paint',
          buffered: true,
        }),
      ),
  );
  const js = (await Promise.all(scripts)).reduce((a, b) => a + b, 0);
  await page.locator('[data-base-map="ready"]').waitFor({ timeout: 60_000 });
  // The tiles of the first view follow the style, as MapLibre draws it: counted once no map request came for 2 s.
  for (let seen = -1; seen !== map.length;) {
    seen = map.length;
    await page.waitForTimeout(2000);
  }
  const mapBytes = (await Promise.all(map)).reduce((a, b) => a + b, 0);
  await context.close();
  return { lcp, js, mapBytes, mapRequests: map.length };
}

/** Opens `count` live viewers of the link (each from a client address of its own, as many people would be). */
async function openViewers(secret: string, count: number) {
  const url = `${baseURL.replace('http', 'ws')}/rest/share/${secret}/live`;
  const viewers: { socket: WebSocket; readings: number }[] = [];
  for (let i = 0; i < count; i += 50) {
    const batch = Array.from({ length: Math.min(50, count - i) }, (_, j) => {
      const viewer = {
        socket: new WebSocket(url, { headers: { 'CF-Connecting-IP': `10.${Math.floor((i + j) / 250)}.${(i + j) % 250}.1` } } as never),
        readings: 0,
      };
      return new Promise<typeof viewer>((resolve, reject) => {
        viewer.socket.onmessage = (event) => {
          const message = JSON.parse(String(event.data)) as { type: string };
          if (message.type === 'subscribed') resolve(viewer);
          if (message.type === 'readings') viewer.readings += 1;
        };
        viewer.socket.onerror = () => reject(new Error('a viewer could not connect'));
      });
    });
    viewers.push(...(await Promise.all(batch)));
  }
  return viewers;
}

try {
  const admin = (await rest<{ access_token: string }>('/site/login', { LoginForm: demoAccounts.admin })).access_token;
  // A town's web site on another origin, framing two embeds of the link.
  let hostPage = '';
  const host = createServer((_, res) => res.end(hostPage));
  await new Promise<void>((resolve) => host.listen(0, '127.0.0.1', resolve));
  const hostOrigin = `http://localhost:${(host.address() as { port: number }).port}`;
  const link = await rest<{ id: number; secret: string; path: string }>(
    '/share-links/edit',
    {
      ShareLinks: {
        title: 'River levels for citizens',
        window_days: 30,
        stations: [
          { id: 1, readings: ['H1', 'SRA1H', '_T'] },
          { id: 4, readings: ['hladina'] },
        ],
        frame_origins: [hostOrigin],
      },
    },
    admin,
  );
  hostPage = `<!doctype html><meta charset="utf-8"><title>Town web site</title><body style="font-family:sans-serif;max-width:900px;margin:2rem auto">
<h1>Our river gauge</h1><p>Live from the utility:</p>
<iframe src="${baseURL}${link.path}/embed/card/DANES-BRNO-01" style="border:0;width:420px;height:420px"></iframe>
<iframe src="${baseURL}${link.path}/embed/chart/DANES-BRNO-01/H1" style="border:0;width:100%;height:440px"></iframe></body>`;

  const first = await coldLcp(link.path);
  const runs: number[] = [];
  for (let i = 0; i < 3; i++) runs.push((await coldLcp(link.path)).lcp);
  const phoneMap = await coldLcp(link.path, 360, 740);
  runs.sort((a, b) => a - b);
  const phone: number[] = [];
  for (let i = 0; i < 3; i++) phone.push((await coldLcp(link.path, 360, 740)).lcp);
  phone.sort((a, b) => a - b);
  const html = await (await fetch(`${baseURL}${link.path}`)).text();

  // A second link, so its object is cold: the first viewer's reply reads D1, the next ones are answered from the object.
  const fresh = await rest<{ secret: string }>(
    '/share-links/edit',
    { ShareLinks: { title: 'Cold link', window_days: 30, stations: [{ id: 2, readings: ['H1'] }] } },
    admin,
  );
  const timed = async (client: string) => {
    const start = performance.now();
    await rest(`/share/${fresh.secret}`, undefined, undefined, client);
    return performance.now() - start;
  };
  const firstViewer = await timed('10.200.0.1');
  const later: number[] = [];
  for (let i = 0; i < 20; i++) later.push(await timed(`10.200.1.${i}`));
  later.sort((a, b) => a - b);

  const viewers = await openViewers(link.secret, viewerCount);
  const token = (await rest<{ token: string }>('/items/token?id=1', {}, admin)).token;
  const started = performance.now();
  await rest('/ingest/danes', { rows: [{ data_name: 'H1', data_value: 1.2345, date: new Date(Date.now() - 5000).toISOString() }] }, token);
  while (viewers.some((v) => v.readings < 1) && performance.now() - started < 30_000)
    await new Promise((resolve) => setTimeout(resolve, 10));
  const fanOut = performance.now() - started;
  const received = viewers.reduce((n, v) => n + v.readings, 0);
  for (const viewer of viewers) viewer.socket.close();

  console.log(`share page first-load JS (gzip): ${kb(first.js)}`);
  console.log(`share page server HTML: ${html.match(/data-testid="station-card"/g)?.length ?? 0} station cards`);
  console.log(`share page LCP, cold cache, first load ever (the link's object wakes and reads D1): ${ms(first.lcp)}`);
  console.log(`share page LCP, cold cache, 1280 px: ${ms(runs[1])} (median of ${runs.map(ms).join(', ')})`);
  console.log(`share page LCP, cold cache, 360 px: ${ms(phone[1])} (median of ${phone.map(ms).join(', ')})`);
  console.log(
    `base map on first view (style and tiles, transferred): ${kb(first.mapBytes)} in ${first.mapRequests} requests at 1280 px, ` +
      `${kb(phoneMap.mapBytes)} in ${phoneMap.mapRequests} at 360 px`,
  );
  console.log(
    `share JSON: first viewer ${ms(firstViewer)}, next 20 viewers median ${ms(later[10])} (from the object's cache: no D1 statement)`,
  );
  console.log(
    `live: ${viewers.length} viewers of one link, one batch: every viewer had it after ${ms(fanOut)}; ${received} messages received (one each)`,
  );

  if (process.argv.includes('--screenshots')) {
    mkdirSync('test-results/screenshots', { recursive: true });
    for (const [width, height] of [
      [1280, 800],
      [360, 740],
    ]) {
      for (const colorScheme of ['light', 'dark'] as const) {
        const context = await browser.newContext({ baseURL, viewport: { width, height }, colorScheme });
        const page = await context.newPage();
        const shot = (name: string) =>
          page.screenshot({ path: `test-results/screenshots/share-${name}-${width}-${colorScheme}.png`, fullPage: true });
        await page.goto(link.path);
        await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 30_000 });
        await page.locator('[data-base-map="ready"]').waitFor({ timeout: 60_000 });
        await shot('page');
        await page.goto(`${link.path}/charts/DANES-BRNO-01?days=7`);
        await page.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();
        await shot('charts');
        await page.goto(`${link.path}/display`);
        await page.getByTestId('display-board').waitFor();
        await page.waitForTimeout(500);
        await shot('display');
        await page.goto(`${link.path}/display?mode=cycle`);
        await page.waitForTimeout(500);
        await shot('display-cycle');
        await page.goto(hostOrigin);
        await page.frameLocator('iframe').nth(1).locator('[data-testid="reading-chart"][data-ready="true"]').waitFor();
        // Framed pages from another origin are drawn only within the viewport, not in a full-page capture.
        await page.setViewportSize({ width, height: 1100 });
        await page.screenshot({ path: `test-results/screenshots/share-embeds-${width}-${colorScheme}.png` });
        await page.setViewportSize({ width, height });
        await context.addCookies([{ name: 'hladina_session', value: admin, url: baseURL }]);
        await page.goto('/share-links');
        await page.getByRole('table').waitFor();
        await shot('links-list');
        await page.goto('/edit-share-link');
        await page.locator('html[data-hydrated="true"]').waitFor();
        await page.getByRole('checkbox').first().click();
        await page.locator('[data-station]').first().waitFor();
        await shot('links-new');
        await context.close();
      }
    }
  }
  host.close();
} finally {
  await browser.close();
  stop();
}
