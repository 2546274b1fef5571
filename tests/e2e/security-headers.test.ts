import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { beforeAll, describe, expect, test } from 'vitest';
import { methodsOf, pathOf, type AnyCall } from '../../worker/contracts/call';
import { calls } from '../../worker/contracts/calls';
import { adminToken, baseURL, demoAccounts, openPage, reportedPolicyViolations, visit } from '../support/e2e';
import { createShareLink } from '../support/e2e-share';

/** A URL for every screen file under app/routes (layouts have none); a new screen must be added here. */
const screenPaths: Record<string, string> = {
  'index.tsx': '/',
  'login.tsx': '/login',
  'register.tsx': '/register',
  'forgot-password.tsx': '/forgot-password',
  'reset-password-request.index.tsx': '/reset-password-request',
  'reset-password-request.$hash.tsx': '/reset-password-request/not-a-real-token',
  'ack.$token.tsx': '/ack/not-a-real-token-of-forty-characters',
  '_authed/dashboard.tsx': '/dashboard',
  '_authed/alarms.tsx': '/alarms',
  '_authed/charts.$id.{-$itemType}.tsx': '/charts/DANES-BRNO-01',
  '_authed/all-items.tsx': '/all-items',
  '_authed/items.tsx': '/items',
  '_authed/groups.tsx': '/groups',
  '_authed/subjects.tsx': '/subjects',
  '_authed/profile.tsx': '/profile',
  '_authed/edit-item.index.tsx': '/edit-item',
  '_authed/edit-item.$id.tsx': '/edit-item/1',
  '_authed/edit-group.index.tsx': '/edit-group',
  '_authed/edit-group.$id.tsx': '/edit-group/1',
  '_authed/edit-subject.index.tsx': '/edit-subject',
  '_authed/edit-subject.$id.tsx': '/edit-subject/1',
  '_authed/webhooks.tsx': '/webhooks',
  '_authed/edit-webhook.index.tsx': '/edit-webhook',
  // No webhook need exist: its not-found screen is under the policy too.
  '_authed/edit-webhook.$id.tsx': '/edit-webhook/1',
  '_authed/share-links.tsx': '/share-links',
  '_authed/edit-share-link.index.tsx': '/edit-share-link',
  '_authed/edit-share-link.$id.tsx': '/edit-share-link/1',
  '_authed/quality.$id.tsx': '/quality/1',
  '_authed/levels.$id.tsx': '/levels/1',
  '_authed/ratings.$id.tsx': '/ratings/1',
  '_authed/warning.$id.tsx': '/warning/1',
  '_authed/escalations.tsx': '/escalations',
  '_authed/group-rules.tsx': '/group-rules',
  '_authed/approval-levels.tsx': '/approval-levels',
  'display.tsx': '/display',
  // Last: it ends the session.
  'logout.tsx': '/logout',
};
const layouts = ['__root.tsx', '_authed.tsx'];

/** A share link's public screens, signed out: `embed` marks those its listed origins may frame. */
const shareScreens: Record<string, { path: (secret: string) => string; embed?: true }> = {
  's.$secret.index.tsx': { path: (secret) => `/s/${secret}` },
  's.$secret.charts.$station.tsx': { path: (secret) => `/s/${secret}/charts/DANES-BRNO-01` },
  's.$secret.display.tsx': { path: (secret) => `/s/${secret}/display` },
  's.$secret.embed.card.$station.tsx': { path: (secret) => `/s/${secret}/embed/card/DANES-BRNO-01`, embed: true },
  's.$secret.embed.chart.$station.$reading.tsx': { path: (secret) => `/s/${secret}/embed/chart/DANES-BRNO-01/H1`, embed: true },
};
const framer = 'https://town.example';
let share: Awaited<ReturnType<typeof createShareLink>>;

beforeAll(async () => {
  share = await createShareLink({ stations: [{ id: 1, readings: ['H1'] }], frame_origins: [framer] });
});

/** The directives of a Content-Security-Policy by name. */
const directivesOf = (policy: string) => new Map(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));

const publicScreens = [
  '/login',
  '/register',
  '/forgot-password',
  '/reset-password-request',
  '/reset-password-request/not-a-real-token',
  '/ack/not-a-real-token-of-forty-characters',
];

describe('security headers', () => {
  test('every screen file under app/routes has a URL in this test', () => {
    const files = readdirSync('app/routes', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    expect(files.filter((f) => !layouts.includes(f)).sort()).toEqual([...Object.keys(screenPaths), ...Object.keys(shareScreens)].sort());
  });

  test('the policy admits the fixed stylesheets libraries insert, by the hashes of what the installed ones insert', async () => {
    const literal = (file: string, pattern: RegExp) => JSON.parse(pattern.exec(readFileSync(file, 'utf8'))![1]) as string;
    const inserted = [
      literal('node_modules/sonner/dist/index.mjs', /__insertCSS\(("(?:[^"\\]|\\.)*")\);/),
      // sonner adds its <style> empty and fills it afterwards.
      '',
      literal(
        'node_modules/lightweight-charts/dist/lightweight-charts.production.mjs',
        /createElement\("style"\),this\.\w+\.innerText=("(?:[^"\\]|\\.)*")/,
      ),
      /__html: `(\[data-radix-select-viewport\][^`]*)`/.exec(
        readFileSync('node_modules/@radix-ui/react-select/dist/index.mjs', 'utf8'),
      )![1],
    ];
    const policy = (await fetch(`${baseURL}/login`)).headers.get('Content-Security-Policy') ?? '';
    const styleSrc = policy
      .split(/;\s*/)
      .find((d) => d.startsWith('style-src '))
      ?.split(' ');
    for (const css of inserted) expect(styleSrc).toContain(`'sha256-${createHash('sha256').update(css).digest('base64')}'`);
  });

  test('every screen answers with a nonce policy that its own inline scripts carry, never framed or sniffed', async () => {
    const cookie = `hladina_session=${await adminToken()}`;
    for (const path of Object.values(screenPaths)) {
      const res = await fetch(`${baseURL}${path}`, { headers: { Cookie: cookie, Accept: 'text/html' }, redirect: 'manual' });
      const policy = res.headers.get('Content-Security-Policy') ?? '';
      const directives = new Map(policy.split(/;\s*/).map((d) => [d.split(' ')[0], d.split(' ').slice(1)] as const));
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(nonce, path).toBeTruthy();
      expect(directives.get('script-src'), path).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(directives.get('frame-ancestors'), path).toEqual(["'none'"]);
      expect(directives.get('connect-src'), path).toContain(`ws://${new URL(baseURL).host}`);
      expect(policy, path).not.toMatch(/script-src[^;]*unsafe/);
      expect(res.headers.get('X-Content-Type-Options'), path).toBe('nosniff');
      expect(res.headers.get('Referrer-Policy'), path).toBe('strict-origin-when-cross-origin');
      const html = await res.text();
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, path).toContain(`nonce="${nonce}"`);
    }
    // Each page gets a nonce of its own.
    const nonces = await Promise.all([1, 2].map(async () => (await fetch(`${baseURL}/login`)).headers.get('Content-Security-Policy')));
    expect(nonces[0]).not.toBe(nonces[1]);
  });

  test("a share link's screens carry the same policy, send no referrer, and only embeds may be framed, by the link's origins alone", async () => {
    for (const { path, embed } of Object.values(shareScreens)) {
      const url = path(share.secret);
      const res = await fetch(`${baseURL}${url}`, { headers: { Accept: 'text/html' } });
      expect(res.status, url).toBe(200);
      const policy = res.headers.get('Content-Security-Policy') ?? '';
      const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
      expect(directivesOf(policy).get('script-src'), url).toEqual(["'self'", `'nonce-${nonce}'`]);
      expect(directivesOf(policy).get('frame-ancestors'), url).toEqual(embed ? [framer] : ["'none'"]);
      expect(res.headers.get('Referrer-Policy'), url).toBe('no-referrer');
      expect(res.headers.get('X-Content-Type-Options'), url).toBe('nosniff');
      expect(res.headers.get('X-Hladina-Frame-Ancestors'), url).toBeNull();
      const html = await res.text();
      for (const tag of html.match(/<script\b[^>]*>/g) ?? []) expect(tag, url).toContain(`nonce="${nonce}"`);
      // No tracker: every script, stylesheet and image the page loads comes from this origin.
      const loaded = (html.match(/<(?:script|link|img|iframe)\b[^>]*>/g) ?? []).flatMap(
        (tag) => /\b(?:src|href)="(https?:[^"]+)"/.exec(tag)?.[1] ?? [],
      );
      for (const source of loaded) expect(source, url).toMatch(new RegExp(`^${baseURL}/`));
    }
  });

  test("every API call's reply, whatever it answers, carries the API's headers", async () => {
    const token = await adminToken();
    const specs = Object.values(calls).flatMap((group) => Object.values(group as Record<string, AnyCall>));
    let walked = 0;
    for (const spec of specs) {
      for (const method of methodsOf(spec)) {
        const path = `/rest${pathOf(spec, { secret: share.secret })}`;
        const res = await fetch(`${baseURL}${path}`, {
          method: method.toUpperCase(),
          headers: { Authorization: `Bearer ${token}`, ...(method === 'post' ? { 'Content-Type': 'application/json' } : {}) },
          body: method === 'post' ? '{}' : undefined,
        });
        await res.arrayBuffer();
        expect(res.headers.get('Content-Security-Policy'), `${method} ${path}: ${res.status}`).toBe(
          "default-src 'none'; frame-ancestors 'none'",
        );
        expect(res.headers.get('Referrer-Policy'), `${method} ${path}`).toBe('no-referrer');
        expect(res.headers.get('X-Content-Type-Options'), `${method} ${path}`).toBe('nosniff');
        walked += 1;
      }
    }
    // The found-missing pair, from outside: signed out and signed in.
    for (const res of [
      await fetch(`${baseURL}/rest/subjects/user`),
      await fetch(`${baseURL}/rest/subjects/user`, { headers: { Authorization: `Bearer ${token}` } }),
      await fetch(`${baseURL}/rest/nothing-here`),
    ]) {
      expect(res.headers.get('Content-Security-Policy')).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers.get('Referrer-Policy')).toBe('no-referrer');
    }
    expect(walked).toBeGreaterThan(50);
  });

  test("the build's hashed scripts and styles are cached for a year as immutable; pages and the favicon are revalidated", async () => {
    const page = await (await fetch(`${baseURL}/login`)).text();
    const assets = [...page.matchAll(/\/assets\/[\w.-]+-[\w-]{8}\.(?:js|css)/g)].map(([path]) => path);
    expect(assets.length).toBeGreaterThan(2);
    for (const path of new Set(assets)) {
      expect((await fetch(`${baseURL}${path}`)).headers.get('Cache-Control'), path).toBe('public, max-age=31536000, immutable');
    }
    for (const path of ['/login', '/favicon.svg']) {
      expect((await fetch(`${baseURL}${path}`)).headers.get('Cache-Control') ?? '', path).not.toContain('immutable');
    }
  });

  test("the app's server functions answer its own pages, and refuse a call another site's page makes with the visitor's cookie", async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, '/dashboard');
    // Moving to another screen inside the app loads its data through a server function.
    const called = page.waitForRequest((request) => new URL(request.url()).pathname.startsWith('/_serverFn/'));
    await page.getByRole('link', { name: 'Alarms', exact: true }).first().click();
    const request = await called;
    const headers = await request.allHeaders();
    const cookie = (await context.cookies()).map((c) => `${c.name}=${c.value}`).join('; ');
    // The call without what tells where it came from; each case below adds its own.
    const plain = Object.fromEntries(Object.entries(headers).filter(([name]) => !['referer', 'origin', 'sec-fetch-site'].includes(name)));
    const call = (site: Record<string, string>) =>
      fetch(request.url(), { headers: { ...plain, cookie, ...site }, redirect: 'manual' }).then(async (res) => ({
        status: res.status,
        body: await res.text(),
      }));
    expect(headers['sec-fetch-site']).toBe('same-origin');
    expect((await call({ 'sec-fetch-site': 'same-origin' })).status).toBe(200);
    // Another site's page, in a browser that says so, in one that only sends Origin, and a caller that says nothing.
    const otherSites: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site' },
      { origin: 'https://elsewhere.example' },
      {},
    ];
    for (const site of otherSites) {
      expect(await call(site), JSON.stringify(site)).toEqual({ status: 403, body: 'Forbidden' });
    }
    await context.close();
  });

  const underPolicy = (response: Awaited<ReturnType<typeof visit>>) =>
    expect(response?.headers()['content-security-policy'], response?.url()).toMatch(/script-src 'self' 'nonce-/);

  test('the public screens and the share pages work in Chromium under the policy without a single violation', async () => {
    const { context, page } = await openPage();
    for (const path of publicScreens) {
      underPolicy(await visit(page, path));
      // A form, or (an acknowledgement link that is not real) the notice that says so.
      await page.locator('form, [role="alert"]').first().waitFor();
    }
    for (const { path } of Object.values(shareScreens)) {
      underPolicy(await visit(page, path(share.secret)));
      await page.locator('[data-testid="live-indicator"][data-state="live"]').first().waitFor({ timeout: 30_000 });
    }
    expect(reportedPolicyViolations()).toEqual([]);
    await context.close();
  });

  // The signed-in screens in three runs of about eight, each in a session of its own (the last run ends with /logout).
  const signedInScreens = Object.values(screenPaths).filter((p) => !publicScreens.includes(p));
  const runs = [0, 1, 2].map((k) =>
    signedInScreens.slice(Math.ceil((k * signedInScreens.length) / 3), Math.ceil(((k + 1) * signedInScreens.length) / 3)),
  );
  test.each(runs)('the signed-in screens from %s on work in Chromium under the policy without a single violation', async (...paths) => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    for (const path of paths) {
      underPolicy(await visit(page, path));
      await page.locator('main, form').first().waitFor();
      // Charts, the map and its worker load after hydration: give them their moment on the two screens that have them.
      if (path === '/dashboard') await page.locator('.maplibregl-marker').first().waitFor();
      if (path.startsWith('/charts/')) await page.locator('canvas').first().waitFor();
    }
    if (paths.includes('/logout')) await page.waitForURL('**/login');
    expect(reportedPolicyViolations()).toEqual([]);
    await context.close();
  });
});
