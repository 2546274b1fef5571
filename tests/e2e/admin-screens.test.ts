import { describe, expect, test } from 'vitest';
import { createAccount, demoAccounts, openPage, screenshot, visit } from '../support/e2e';

describe('own profile', () => {
  test('saving the profile replaces the signed-in user and returns to the dashboard', async () => {
    const subject = await createAccount('profiled');
    const { context, page } = await openPage({ as: subject });
    // The form is rendered on the server: typing before hydration would be lost to a plain form submit.
    await visit(page, '/profile');
    await page.getByLabel('First name').fill('Renamed');
    await page.getByLabel('Phone').fill('+420 123 456 789');
    // The profile's own form, not the alarm e-mail settings below it.
    await page
      .locator('form', { has: page.getByLabel('First name') })
      .getByRole('button', { name: 'Save' })
      .click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: 'Welcome, Renamed Testová' }).waitFor();
    await page.getByRole('button', { name: 'Account of Renamed Testová' }).waitFor();
    await context.close();
  });
});

describe.each([
  { width: 1280, height: 800, scheme: 'light' as const },
  { width: 1280, height: 800, scheme: 'dark' as const },
  { width: 360, height: 740, scheme: 'light' as const },
  { width: 360, height: 740, scheme: 'dark' as const },
])('administration screens at $width px, $scheme', ({ width, height, scheme }) => {
  test('the tables and edit screens fit the width', async () => {
    const { context, page } = await openPage({ width, height, colorScheme: scheme, as: demoAccounts.admin });
    const overflows = () => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    for (const [path, name] of [
      ['/all-items', 'all-items'],
      ['/subjects', 'subjects'],
      ['/edit-subject/1', 'edit-subject'],
      ['/edit-item/1', 'edit-item'],
      ['/profile', 'profile'],
    ]) {
      await visit(page, path);
      await page.locator('table, form').first().waitFor();
      await screenshot(page, `admin-${name}-${width}-${scheme}`, { fullPage: true });
      expect(await overflows(), path).toBe(false);
    }
    await context.close();
  });
});
