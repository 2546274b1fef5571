import type { BrowserContext } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoAccounts, openPage, pixel, screenshot, visit } from '../support/e2e';
import { mapOf, offline } from '../support/e2e-map';

/** The app's own base map withheld (its style and tiles fail), as when its files could not be served. */
const withoutBaseMap = (context: BrowserContext) => context.route('**/map/**', (route) => route.abort('failed'));

describe('base map', () => {
  test('with no internet at all the base map is drawn, from the app itself', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await offline(context);
    await visit(page, '/dashboard');
    const map = mapOf(page);
    await page.locator('[data-base-map="ready"]').waitFor({ timeout: 30_000 });
    await map.locator('.station-marker').first().waitFor();
    const box = (await map.boundingBox())!;
    // Land, not the plain background of a map without its base map.
    expect(await pixel(page, box.x + 12, box.y + box.height * 0.4)).not.toEqual([0xdb, 0xe7, 0xee]);
    expect(await map.getByRole('link', { name: 'Natural Earth' }).count()).toBe(1);
    await context.close();
  });
});

describe('map without its base map', () => {
  test('says the base map is unavailable, and a marker still chooses its station, whose popup opens its charts', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await withoutBaseMap(context);
    await visit(page, '/dashboard');
    const map = mapOf(page);
    await map.getByText('Base map unavailable').waitFor();
    await map.locator('.station-marker').first().waitFor();
    // Four stations far apart: four markers, no cluster.
    expect(await map.locator('.station-marker').count()).toBe(4);
    expect(await map.locator('.cluster-marker').count()).toBe(0);
    await map.getByRole('list', { name: 'Station states' }).waitFor();
    await screenshot(map, `map-offline-1280-light`);

    await map.getByRole('button', { name: /^Olomouc weather/ }).click();
    await map.locator('.station-marker.is-selected[data-station="UNIWAN-OLOM-01"]').waitFor();
    // The list beside the map marks the same station.
    await page.locator('[data-selected] > [data-testid="station-card"][data-station="UNIWAN-OLOM-01"]').waitFor();
    await screenshot(map, `map-popup-1280-light`);
    await map.locator('.station-popup').getByRole('link', { name: 'Open the charts of Olomouc weather' }).click();
    await page.waitForURL('**/charts/UNIWAN-OLOM-01/false');
    await page.getByRole('heading', { name: 'Olomouc weather' }).waitFor();
    await context.close();
  });

  test('a station marker is reached with Tab from the map; Enter opens its popup with the keyboard in it, Escape goes back', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await offline(context);
    await visit(page, '/dashboard');
    const map = mapOf(page);
    await map.locator('.station-marker').first().waitFor();
    await map.locator('canvas').focus();
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-station'));
    expect(focused).toMatch(/^(DANES|UNIWAN)-/);
    const activeClass = () => page.evaluate(() => document.activeElement?.className);
    await page.keyboard.press('Enter');
    await expect.poll(activeClass).toBe('station-popup-link');
    await page.keyboard.press('Escape');
    await map.locator('.station-popup').waitFor({ state: 'detached' });
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-station'))).toBe(focused);
    await page.keyboard.press('Enter');
    await expect.poll(activeClass).toBe('station-popup-link');
    await page.keyboard.press('Enter');
    await page.waitForURL(`**/charts/${focused}/*`);
    await context.close();
  });

  test('the whole canvas is painted while the sticky top bar covers the top of the map', async () => {
    // Narrower than the two-column layout, where the map itself stays in view below the bar.
    const { context, page } = await openPage({ width: 900, as: demoAccounts.admin });
    await withoutBaseMap(context);
    await visit(page, '/dashboard');
    const map = mapOf(page);
    await map.locator('.station-marker').first().waitFor();
    // Room below the map (as a longer dashboard has), so the page can scroll the map's top under the bar.
    await page.evaluate(() => {
      document.body.style.paddingBottom = '100vh';
      const top = document.querySelector('[aria-label="Map of your stations"]')!.getBoundingClientRect().top;
      window.scrollBy(0, top - 40);
    });
    await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
    const box = (await map.boundingBox())!;
    const header = (await page.locator('header').boundingBox())!;
    expect(box.y).toBeLessThan(header.y + header.height);
    // A row just inside the map's bottom border, clear of markers (the view keeps 48 px around them) and of the legend.
    expect(await pixel(page, box.x + box.width / 2, box.y + box.height - 4)).toEqual([0xdb, 0xe7, 0xee]);
    await context.close();
  });
});
