import { mkdirSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { expect, inject } from 'vitest';
import { cronTriggerPath } from '../../scripts/lib/local-worker';
import { demoAccounts } from '../../scripts/seed/accounts';
import { openE2eDb, type E2eDb } from './e2e-db';
import type { E2eServer } from './e2e-server';
import { fromSetup } from './setup-file';

// Each test worker has a server (and database) of its own: two files running at once never meet. The global setup
// builds and seeds them while other projects' files run (./e2e-server.ts); the first browser file waits for them.
const servers = await fromSetup<E2eServer[]>(inject('e2eServersFile'), "the browser tests' servers", 8);
const server = servers[(Number(process.env.VITEST_POOL_ID ?? 1) - 1) % servers.length];
export const { baseURL, stateDir } = server;

export { demoAccounts };

/**
 * Debian's Chromium headless shell (package chromium-headless-shell): the same engine without the browser's UI
 * layers, a third less time for the same browser files than `/usr/bin/chromium`. The flags keep it offline and
 * quiet (no updates, sync or QUIC probes); the GPU's work (the map's WebGL, in software) runs in the browser's
 * process rather than a process of its own, and pages are neither held nor kept for going back: 6 % less CPU.
 */
const launchBrowser = (): Promise<Browser> =>
  chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium-headless-shell',
    headless: true,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--in-process-gpu',
      '--disable-features=PaintHolding,BackForwardCache',
    ],
  });

/** Content-Security-Policy violations the pages of the running test reported; any of them fails it. */
const policyViolations: string[] = [];

/** Every page the test opens reports each `securitypolicyviolation` (what was refused, by which directive). */
async function reportPolicyViolations(context: BrowserContext) {
  await context.exposeBinding('__hladinaPolicyViolation', ({ page }, violation: string) => {
    policyViolations.push(`${page.url()}: ${violation}`);
  });
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      const where = e.sourceFile ? ` at ${e.sourceFile}:${e.lineNumber}` : '';
      (window as unknown as { __hladinaPolicyViolation(v: string): void }).__hladinaPolicyViolation(
        `${e.effectiveDirective} refused ${e.blockedURI || 'an inline source'}${where}`,
      );
    });
  });
}

/** The violations reported so far in this test (the security-headers test asserts on them directly). */
export const reportedPolicyViolations = () => [...policyViolations];

/** The whole Chromium suite runs under the app's real policy: a screen that breaks it fails its test (e2e-hooks.ts). */
export function expectNoPolicyViolations() {
  const violations = policyViolations.splice(0);
  expect(violations, 'Content-Security-Policy violations').toEqual([]);
}

// One browser per test worker (the e2e files share their modules: vitest.config.ts), launched when the first page
// opens; it ends with the worker's process, whose pipe it reads.
let browser: Promise<Browser> | undefined;

const shots = 'test-results/screenshots';
const takingScreenshots = !!process.env.HLADINA_SCREENSHOTS;

/**
 * Saves a screenshot of a page or an element to `test-results/screenshots/<name>.png` for people to look at, when
 * asked (`npm run screenshots`); the tests assert what can be measured, so a plain run takes none. A full-page one
 * lays the page out again at its whole height and back (charts redraw twice): 55 of them cost the suite about a minute.
 */
export async function screenshot(target: Page | Locator, name: string, options: { fullPage?: boolean } = {}) {
  if (!takingScreenshots) return;
  mkdirSync(shots, { recursive: true });
  await target.screenshot({ path: `${shots}/${name}.png`, ...options });
}

type Look = Pick<(typeof looks)[number], 'width' | 'height' | 'scheme'>;

/**
 * Screenshots of the page in each look (its size and scheme set for each), when asked, then the page back in the size
 * and scheme it had, so the test goes on as without them: a plain run does not even resize the page for them (charts
 * redraw on every resize).
 */
export async function screenshotsIn(page: Page, lookList: readonly Look[], shoot: (look: Look, index: number) => Promise<void>) {
  if (!takingScreenshots) return;
  const size = page.viewportSize()!;
  const dark = await page.evaluate(() => matchMedia('(prefers-color-scheme: dark)').matches);
  for (const [index, look] of lookList.entries()) {
    await page.setViewportSize({ width: look.width, height: look.height });
    await page.emulateMedia({ colorScheme: look.scheme });
    await shoot(look, index);
  }
  await page.setViewportSize(size);
  await page.emulateMedia({ colorScheme: dark ? 'dark' : 'light' });
}

/**
 * The two looks a screen is checked in: between them desktop and phone, light and dark, English and German (each
 * combination once was twice the page loads for no new assertion).
 */
export const looks = [
  { width: 1280, height: 800, scheme: 'light' as const, locale: 'en' as const },
  { width: 360, height: 740, scheme: 'dark' as const, locale: 'de' as const },
];

/**
 * Contexts kept for reuse within a test worker, by time zone (fixed when a context is made). Their HTTP cache keeps
 * the build's hashed assets (immutable: public/_headers), so a test's first page loads none of its ~90 scripts again;
 * a fresh context would ask the server for every one. Cookies, permissions, routes and pages never outlive a test.
 */
const idleContexts = new Map<string, BrowserContext[]>();

/** What a test may do to a context that cannot be undone: such a context is closed after the test, not kept. */
const lastingChanges = ['addInitScript', 'exposeBinding', 'exposeFunction', 'on', 'grantPermissions'] as const;

async function leaseContext(timezoneId: string | undefined): Promise<BrowserContext> {
  const key = timezoneId ?? '';
  let context = idleContexts.get(key)?.pop();
  if (!context) {
    browser ??= launchBrowser();
    // Reduced motion, as a user may ask: an endless animation (the live dot) repaints every frame, which cost a browser
    // 0.13-0.17 CPU-seconds per second of a page left open (tests wait on open pages most of their time).
    context = await (await browser).newContext({ baseURL, timezoneId, reducedMotion: 'reduce' });
    await reportPolicyViolations(context);
  }
  const leased = context;
  let keep = true;
  const restore = lastingChanges.map((method) => {
    const original = leased[method];
    leased[method] = ((...args: unknown[]) => {
      keep = false;
      return (original as (...a: unknown[]) => unknown).apply(leased, args);
    }) as never;
    return () => void (leased[method] = original as never);
  });
  // The class's own close: a leased context's `close` property hands it back instead.
  const close = (Object.getPrototypeOf(leased) as BrowserContext).close;
  leased.close = async (options) => {
    for (const undo of restore) undo();
    if (!keep) return close.call(leased, options);
    // Handed back: a second close from the same test (a finally after an explicit close) must not end it.
    leased.close = async () => undefined;
    await Promise.all(leased.pages().map((page) => page.close()));
    await Promise.all([leased.clearCookies(), leased.clearPermissions(), leased.unrouteAll(), leased.setOffline(false)]);
    idleContexts.set(key, [...(idleContexts.get(key) ?? []), leased]);
  };
  return leased;
}

export interface Account {
  username: string;
  password: string;
}

/**
 * A clean context per test (fresh or reused, see leaseContext): its own cookies, so no test sees another's session or language. `as` signs it in
 * through the API (the session cookie the sign-in form would set), for tests whose subject is not signing in.
 */
export async function openPage(
  options: { width?: number; height?: number; colorScheme?: 'light' | 'dark'; timezoneId?: string; as?: Account } = {},
) {
  const context = await leaseContext(options.timezoneId);
  if (options.as) await signInQuietly(context, options.as);
  const page: Page = await context.newPage();
  await page.setViewportSize({ width: options.width ?? 1280, height: options.height ?? 800 });
  await page.emulateMedia({ colorScheme: options.colorScheme ?? 'light' });
  page.setDefaultTimeout(30_000);
  return { context, page };
}

/** The colour of one screen pixel, read from a screenshot in a blank page of the same browser. */
export async function pixel(page: Page, x: number, y: number): Promise<number[]> {
  const png = (await page.screenshot({ clip: { x, y, width: 1, height: 1 } })).toString('base64');
  const blank = await page.context().newPage();
  try {
    return await blank.evaluate(async (data) => {
      const image = new Image();
      image.src = `data:image/png;base64,${data}`;
      await image.decode();
      const canvas = Object.assign(document.createElement('canvas'), { width: 1, height: 1 });
      const context = canvas.getContext('2d')!;
      context.drawImage(image, 0, 0);
      return [...context.getImageData(0, 0, 1, 1).data.slice(0, 3)];
    }, png);
  } finally {
    await blank.close();
  }
}

/** Runs the test server's cron handler once, as the trigger of `expression` would, and waits for it. */
export async function runServerCron(expression: string) {
  const reply = await fetch(`${baseURL}${cronTriggerPath}?${new URLSearchParams({ cron: expression })}`);
  expect(reply.status).toBe(200);
}

/** Opens a path and waits until the app is hydrated, so that clicks reach React and not the bare HTML. */
export async function visit(page: Page, path: string) {
  const response = await page.goto(path);
  await page.locator('html[data-hydrated="true"]').waitFor();
  return response;
}

/**
 * Visits `path` and answers `range()` as it stood while the page loaded: the default range ends today, so a visit
 * across the station's midnight is made again (tests that read it after the visit failed at 00:00 in Prague).
 */
export async function visitOnOneDay<T>(page: Page, path: string, range: () => T): Promise<T> {
  for (;;) {
    const before = range();
    await visit(page, path);
    if (JSON.stringify(range()) === JSON.stringify(before)) return before;
  }
}

export async function signIn(page: Page, username: string, password: string) {
  // Filling before the app has hydrated lets the browser submit the bare form itself (a GET to /login).
  await visit(page, '/login');
  await page.getByLabel('E-mail').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.waitForURL('**/dashboard');
  await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
}

/**
 * Session tokens of the accounts this test worker signed in through the API. A sign-in hashes the password (scrypt,
 * about half a second here), so a session is used again while it holds: a test may have signed it out or changed the
 * password, so it is checked first.
 */
const sessions = new Map<string, string>();

async function sessionOf({ username, password }: Account) {
  const kept = sessions.get(username);
  if (kept && (await fetch(`${baseURL}/rest/items/user-items`, { headers: { Authorization: `Bearer ${kept}` } })).ok) return kept;
  const { access_token } = await postRest<{ access_token: string }>('/site/login', { LoginForm: { username, password } });
  sessions.set(username, access_token);
  return access_token;
}

/** Signs a context in through the API (its session cookie), for tests whose subject is not the sign-in screen. */
async function signInQuietly(context: BrowserContext, account: Account) {
  const token = await sessionOf(account);
  await context.addCookies([{ name: 'hladina_session', value: token, url: baseURL, httpOnly: true, sameSite: 'Lax' }]);
}

/** What the API answers a GET with the page's own session cookie: what the screen should show. */
export async function restAs<T = any>(page: Page, path: string): Promise<T> {
  const reply = await page.request.get(`/rest${path}`);
  return ((await reply.json()) as { data: T }).data;
}

/** Calls the API from the page as the app does (session cookie, same origin, JSON); returns the status and the envelope. */
export const callApi = (page: Page, path: string, body?: unknown) =>
  page.evaluate(
    async ({ path, body }) => {
      const response = await fetch(`/rest${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        status: response.status,
        json: (await response.json()) as { success: boolean; data?: any; errors?: Record<string, string[]> },
      };
    },
    { path, body },
  );

/** Records the data calls a page makes (API and server functions), to show a screen needed none. */
export function dataCalls(page: Page) {
  const calls: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/rest/') && pathname !== '/rest/live') calls.push(pathname);
    if (pathname.startsWith('/_serverFn/')) calls.push(pathname);
  });
  return calls;
}

// This server's database, opened when a test file first needs it and closed after its last test (e2e-hooks.ts).
let db: Promise<E2eDb> | undefined;
export async function closeServerDb() {
  await (await db)?.close();
  db = undefined;
}

/** The test server's D1, for what no API shows (the mail outbox) or for rows a file writes and removes itself. */
export const serverDb = () => (db ??= openE2eDb(stateDir));

/**
 * Removes the stations a file made (their unique_id starts with `prefix`), with their links, tokens, rules and
 * alarms: the API cannot delete a station, and other files count the stations the administrator sees.
 */
export async function removeStations(prefix: string) {
  await (await serverDb()).run(`DELETE FROM items WHERE unique_id LIKE '${prefix.replaceAll("'", "''")}%'`);
}

/** The newest mail to an address in the test server's outbox table. */
export async function lastMailTo(address: string) {
  const [mail] = await (
    await serverDb()
  ).query<{ subject: string; body: string }>(
    `SELECT subject, body FROM outbox WHERE "to" = '${address.replaceAll("'", "''")}' ORDER BY id DESC LIMIT 1`,
  );
  return mail;
}

/** POSTs to the test server's API as a script would (Bearer token, no cookie) and unwraps `data`. */
export async function postRest<T = any>(path: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${baseURL}/rest${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const json = (await res.json()) as { success: boolean; data: T };
  if (!json.success) throw new Error(`${path}: ${JSON.stringify(json)}`);
  return json.data;
}

/** The demo administrator's API token. */
export const adminToken = () => sessionOf(demoAccounts.admin);

/** A fresh active account made through the API, for tests that change what they sign in with. */
export async function createAccount(prefix = 'e2e') {
  const account = { username: `${prefix}.${Date.now()}.${Math.random().toString(36).slice(2, 6)}@example.com`, password: 'e2e-secret-1' };
  const { id } = await postRest<{ id: number }>(
    '/subjects/edit',
    { Users: { ...account, firstName: 'Eda', secondName: 'Testová', subject: 'E2E tests' } },
    await adminToken(),
  );
  return { ...account, id };
}
