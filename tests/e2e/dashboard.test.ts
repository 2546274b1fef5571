import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Dashboard } from '../../worker/contracts/telemetry';
import { demoAccounts, launchBrowser, openPage, signIn } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

describe('dashboard', () => {
  test('shows one card per station with the count, last update and extremes the API returns', async () => {
    const { context, page } = await openPage(browser);
    const reply = page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/api');
    await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password);
    const { data } = (await (await reply).json()) as { data: Dashboard };
    expect(data.items.length).toBe(4);

    const cards = page.getByTestId('station-card');
    await cards.first().waitFor();
    expect(await cards.count()).toBe(data.items.length);
    for (const item of data.items) {
      const summary = (item.name_for_api === 'DANES' ? data.danes : data.uniwan)[item.unique_id];
      expect(summary.pocetMereni).toBeGreaterThan(0);
      const card = page.locator(`[data-testid="station-card"][data-station="${item.unique_id}"]`);
      expect(await card.getByTestId('measurements').textContent()).toBe(String(summary.pocetMereni));
      expect(await card.getByTestId('last-update').textContent()).toBe(format(new TZDate(summary.date!, item.timezone), 'dd.MM'));
      for (const code of Object.keys(summary.max)) {
        const row = card.locator(`tr[data-reading="${code}"]`);
        expect(await row.getByTestId('min').textContent()).toBe(summary.min[code].toFixed(4));
        expect(await row.getByTestId('max').textContent()).toBe(summary.max[code].toFixed(4));
      }
    }
    // The seed reports every 10 minutes up to now: no card is stale (the map's legend names the state).
    expect(await cards.getByText('Stale', { exact: true }).count()).toBe(0);
    await context.close();
  });

  test('View detail opens the station charts with the DANES flag', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password);
    await page.locator('[data-station="UNIWAN-OLOM-01"]').getByRole('link', { name: 'View detail' }).click();
    await page.waitForURL('**/charts/UNIWAN-OLOM-01/false');
    await page.getByRole('heading', { name: 'Olomouc weather' }).waitFor();
    await context.close();
  });

  test('a map marker opens that station’s charts', async () => {
    const { context, page } = await openPage(browser);
    await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password);
    const markers = page.locator('.maplibregl-marker');
    await markers.first().waitFor();
    expect(await markers.count()).toBe(4);
    await page.getByRole('link', { name: 'Open the charts of Brno – Svratka well' }).click();
    await page.waitForURL('**/charts/DANES-BRNO-01/true');
    await page.getByRole('heading', { name: 'Brno – Svratka well' }).waitFor();
    await context.close();
  });

  test('a subject sees only the stations linked to it', async () => {
    const { context, page } = await openPage(browser, { width: 360, height: 740 });
    await signIn(page, demoAccounts.user.username, demoAccounts.user.password);
    await page.getByTestId('station-card').first().waitFor();
    const shown = await page.getByTestId('station-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-station')).sort());
    expect(shown).toEqual(['DANES-BRNO-01', 'DANES-ZNOJ-02', 'UNIWAN-OLOM-01']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await context.close();
  });
});
