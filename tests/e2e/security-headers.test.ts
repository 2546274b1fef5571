import { createHash } from 'node:crypto';
import { readFileSync, readdirSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { adminToken, baseURL, demoAccounts, openPage, reportedPolicyViolations, signIn, visit } from '../support/e2e';

/** A URL for every screen file under app/routes (layouts have none); a new screen must be added here. */
const screenPaths: Record<string, string> = {
  'index.tsx': '/',
  'login.tsx': '/login',
  'register.tsx': '/register',
  'forgot-password.tsx': '/forgot-password',
  'reset-password-request.index.tsx': '/reset-password-request',
  'reset-password-request.$hash.tsx': '/reset-password-request/not-a-real-token',
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
  // Last: it ends the session.
  'logout.tsx': '/logout',
};
const layouts = ['__root.tsx', '_authed.tsx'];

const publicScreens = ['/login', '/register', '/forgot-password', '/reset-password-request', '/reset-password-request/not-a-real-token'];

describe('security headers', () => {
  test('every screen file under app/routes has a URL in this test', () => {
    const files = readdirSync('app/routes', { recursive: true, encoding: 'utf8' }).filter((f) => f.endsWith('.tsx'));
    expect(files.filter((f) => !layouts.includes(f)).sort()).toEqual(Object.keys(screenPaths).sort());
  });

  test('the policy admits the fixed stylesheets libraries insert, by the hashes of what the installed ones insert', async () => {
    const literal = (file: string, pattern: RegExp) => JSON.parse(pattern.exec(readFileSync(file, 'utf8'))![1]) as string;
    const inserted = [
      literal('node_modules/sonner/dist/index.mjs', /__insertCSS\(("(?:[^"\\]|\\.)*")\);/),
      // sonner adds its <style> empty and fills it afterwards.
      '',
      literal('node_modules/lightweight-charts/dist/lightweight-charts.production.mjs', /createElement\("style"\),this\.\w+\.innerText=("(?:[^"\\]|\\.)*")/),
      /__html: `(\[data-radix-select-viewport\][^`]*)`/.exec(readFileSync('node_modules/@radix-ui/react-select/dist/index.mjs', 'utf8'))![1],
    ];
    const policy = (await fetch(`${baseURL}/login`)).headers.get('Content-Security-Policy') ?? '';
    const styleSrc = policy.split(/;\s*/).find((d) => d.startsWith('style-src '))?.split(' ');
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
      expect(directives.get('script-src'), path).toEqual(['\'self\'', `'nonce-${nonce}'`]);
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

  // Twenty-odd screens one after another: about 50 s on a busy two-core machine, near the usual minute per test.
  test('every screen works in Chromium under the policy without a single violation', async () => {
    const underPolicy = (response: Awaited<ReturnType<typeof visit>>) =>
      expect(response?.headers()['content-security-policy'], response?.url()).toMatch(/script-src 'self' 'nonce-/);
    const visitor = await openPage();
    for (const path of publicScreens) {
      underPolicy(await visit(visitor.page, path));
      await visitor.page.locator('form').first().waitFor();
    }
    await visitor.context.close();

    const { context, page } = await openPage();
    await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password);
    for (const path of Object.values(screenPaths).filter((p) => !publicScreens.includes(p))) {
      underPolicy(await visit(page, path));
      await page.locator('main, form').first().waitFor();
      // Charts, the map and its worker load after hydration: give them their moment on the two screens that have them.
      if (path === '/dashboard') await page.locator('.maplibregl-marker').first().waitFor();
      if (path.startsWith('/charts/')) await page.locator('canvas').first().waitFor();
    }
    await page.waitForURL('**/login');
    expect(reportedPolicyViolations()).toEqual([]);
    await context.close();
  }, 120_000);
});
