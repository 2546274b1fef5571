import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { baseURL, demoAccounts, looks, openPage, screenshot, visit } from '../support/e2e';

const overflowsHorizontally = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
const isDark = (page: Page) => page.evaluate(() => document.documentElement.classList.contains('dark'));

describe.each(looks)('at $width px, $scheme, $locale', ({ width, height, scheme, locale }) => {
  test('the sign-in screen and the dashboard fit the width and follow the colour scheme', async () => {
    const { context, page } = await openPage({ width, height, colorScheme: scheme });
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL }]);
    await visit(page, '/login');
    expect(await isDark(page)).toBe(scheme === 'dark');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, `login-${width}-${scheme}-${locale}`, { fullPage: true });

    await page.getByLabel(locale === 'de' ? 'E-Mail' : 'E-mail').fill(demoAccounts.admin.username);
    await page.getByLabel(locale === 'de' ? 'Passwort' : 'Password', { exact: true }).fill(demoAccounts.admin.password);
    await page.getByRole('button', { name: locale === 'de' ? 'Anmelden' : 'Sign in' }).click();
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { name: locale === 'de' ? /^Willkommen/ : /^Welcome/ }).waitFor();
    expect(await isDark(page)).toBe(scheme === 'dark');
    expect(await overflowsHorizontally(page)).toBe(false);
    await screenshot(page, `dashboard-${width}-${scheme}-${locale}`, { fullPage: true });
    await context.close();
  });
});

describe('layout settings', () => {
  test('the vertical layout with a sidebar theme and image is remembered across a reload', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, '/dashboard');
    // Default per SPEC §3: horizontal, so no sidebar.
    expect(await page.locator('aside').count()).toBe(0);

    await page.getByRole('button', { name: 'Layout settings' }).click();
    await page.getByLabel('Vertical').check();
    await page.getByRole('button', { name: 'Winter' }).click();
    await page.getByRole('button', { name: 'Image 2' }).click();
    await screenshot(page, `settings-drawer-1280`);
    await page.keyboard.press('Escape');

    await page.reload();
    const sidebar = page.locator('aside[data-sidebar-theme="winter"]');
    await sidebar.waitFor();
    await expect(sidebar.getByRole('link', { name: 'Subjects' }).isVisible()).resolves.toBe(true);
    // SPEC §4: choosing the vertical layout makes the top bar light.
    expect(await page.getAttribute('header', 'data-topbar-theme')).toBe('light');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    await screenshot(page, `dashboard-vertical-1280`);
    await context.close();
  });

  test('the dark colour scheme chosen in the app wins over a light system setting', async () => {
    const { context, page } = await openPage({ colorScheme: 'light', as: demoAccounts.admin });
    await visit(page, '/items');
    await page.getByLabel('Colour scheme').selectOption('dark');
    expect(await isDark(page)).toBe(true);
    await visit(page, '/profile');
    await page.reload();
    expect(await isDark(page)).toBe(true);
    await context.close();
  });
});
