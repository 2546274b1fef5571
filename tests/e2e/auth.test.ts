import { describe, expect, test } from 'vitest';
import { createAccount, demoAccounts, lastMailTo, openPage, signIn, visit } from '../support/e2e';

describe('signing in and out', () => {
  test('the demo administrator signs in, stays signed in over a reload and signs out', async () => {
    const { context, page } = await openPage();
    const { username, password, firstName, secondName } = demoAccounts.admin;
    await signIn(page, username, password);
    await page.waitForFunction(() => document.title === 'Dashboard | Hladina');
    await expect(page.getByRole('link', { name: 'Subjects' }).first().isVisible()).resolves.toBe(true);

    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { name: `Welcome, ${firstName} ${secondName}` }).waitFor();
    // The greeting is in the server's HTML; the menu answers only once the page is hydrated.
    await page.locator('html[data-hydrated="true"]').waitFor();

    await page.getByRole('button', { name: `Account of ${firstName} ${secondName}` }).click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await visit(page, '/dashboard');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  test('a dead session cookie sends a page to sign-in and is cleared, by the app as by the API', async () => {
    const dead = { headers: { Cookie: 'hladina_session=no-such-session-token' }, maxRedirects: 0 };
    const { context, page } = await openPage();
    const screen = await page.request.get('/dashboard', dead);
    expect(new URL(screen.headers().location, 'http://x').pathname).toBe('/login');
    expect(screen.headers()['set-cookie']).toMatch(/hladina_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    const api = await page.request.get('/rest/subjects/user', dead);
    expect(api.status()).toBe(401);
    expect(api.headers()['set-cookie']).toMatch(/hladina_session=;.*(Max-Age=0|Expires=Thu, 01 Jan 1970)/i);
    await context.close();
  });

  test('a protected URL while signed out is redirected by the server before anything renders', async () => {
    const { context, page } = await openPage();
    const direct = await page.request.get('/items', { maxRedirects: 0 });
    expect(direct.status()).toBeGreaterThanOrEqual(300);
    expect(direct.status()).toBeLessThan(400);
    expect(new URL(direct.headers().location, 'http://x').pathname).toBe('/login');

    await visit(page, '/subjects');
    expect(new URL(page.url()).pathname).toBe('/login');
    await visit(page, '/reset-password-request');
    expect(new URL(page.url()).pathname).toBe('/login');
    await page.getByRole('heading', { name: 'Sign in' }).waitFor();
    await context.close();
  });

  test('a wrong password is shown on the form', async () => {
    const { context, page } = await openPage();
    await visit(page, '/login');
    await page.getByLabel('E-mail').fill(demoAccounts.user.username);
    await page.getByLabel('Password', { exact: true }).fill('not-the-password');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByText('The e-mail or password is not correct.').waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });
});

describe('registration', () => {
  test('a registration ends with the pending notice, and administrators see it counted', async () => {
    const { context, page } = await openPage();
    const email = `new.${Date.now()}@example.com`;
    await visit(page, '/register');
    await page.getByLabel('First name').fill('Eva');
    await page.getByLabel('Second name').fill('Nová');
    await page.getByLabel('E-mail').fill(email);
    await page.getByLabel('Password').fill('eva-secret-1');
    await page.getByRole('button', { name: 'Send registration' }).click();
    await page.getByText('Registration completed successfully').waitFor();
    await page.getByText('An administrator must approve your account').waitFor();
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();

    const admin = await openPage({ as: demoAccounts.admin });
    await visit(admin.page, '/items');
    await admin.page
      .getByLabel(/registrations waiting for approval/)
      .first()
      .waitFor();
    await admin.context.close();
  });
});

describe('password reset', () => {
  test('the e-mailed link sets a new password that signs in', async () => {
    const { context, page } = await openPage();
    // An account of its own: the demo user's password must stay as seeded for the other files.
    const { username } = await createAccount('reset');
    await visit(page, '/forgot-password');
    await page.getByLabel('E-mail').fill(username);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('a reset link is on its way').waitFor();

    const mail = await lastMailTo(username);
    const link = mail.body.match(/https?:\/\/\S+\/reset-password-request\/[\w-]+/)?.[0];
    expect(link).toBeDefined();
    await visit(page, new URL(link!).pathname);
    await page.getByLabel('New password').fill('brand-new-pass');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set.').first().waitFor();
    await page.waitForURL('**/login');

    await signIn(page, username, 'brand-new-pass');
    await context.close();
  });
});

describe('languages', () => {
  test('switching to German changes the page and survives a reload', async () => {
    const { context, page } = await openPage();
    await visit(page, '/login');
    await page.getByLabel('Language').selectOption('de');
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Anmelden' }).waitFor();
    expect(await page.getAttribute('html', 'lang')).toBe('de');
    // The server rendered German itself: the HTML of a plain request with the cookie is already German.
    const html = await (await page.request.get('/login')).text();
    expect(html).toContain('Passwort vergessen?');
    await context.close();
  });
});
