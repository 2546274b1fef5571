import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { describe, expect, test } from 'vitest';
import type { Dashboard } from '../../worker/contracts/telemetry';
import { dataCalls, demoAccounts, openPage, restAs, visit } from '../support/e2e';
import { mapOf } from '../support/e2e-map';

describe('dashboard', () => {
  test('shows one card per station with the count, last update and extremes the API returns', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, '/dashboard');
    // The API's default range is the dashboard's: the last 30 days in the home zone.
    const data = await restAs<Dashboard>(page, '/api');
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
        // Rain is shown by its total over the range, not by its extremes.
        if (summary.sum?.[code] !== undefined) {
          expect(await card.locator(`[data-total="${code}"]`).getByTestId('total').textContent()).toBe(summary.sum[code]!.toFixed(4));
          continue;
        }
        const row = card.locator(`tr[data-reading="${code}"]`);
        expect(await row.getByTestId('min').textContent()).toBe(summary.min[code].toFixed(4));
        expect(await row.getByTestId('max').textContent()).toBe(summary.max[code].toFixed(4));
      }
      // The figures' labels stand apart, 12 px or more on a line (at 1280 px "Measurements" ran into "Completeness").
      // Measured by their text, which overflows a column too narrow for it without widening the label's box.
      const labels = await card.locator('dl dt').evaluateAll((dts) =>
        dts.map((dt) => {
          const text = document.createRange();
          text.selectNodeContents(dt);
          return text.getBoundingClientRect().toJSON() as DOMRect;
        }),
      );
      for (const [i, a] of labels.entries())
        for (const b of labels.slice(i + 1)) expect(a.right + 12 <= b.left || a.bottom <= b.top, item.unique_id).toBe(true);
    }
    // The seed reported every 10 minutes up to the start of the run: a card is stale once its last report is more
    // than twice that old (a minute either side of the line is left alone: the page read its clock a moment ago).
    const age = (item: (typeof data.items)[number]) =>
      Date.now() - Date.parse((item.name_for_api === 'DANES' ? data.danes : data.uniwan)[item.unique_id].date!);
    for (const item of data.items.filter((i) => Math.abs(age(i) - 20 * 60_000) > 60_000)) {
      const card = page.locator(`[data-testid="station-card"][data-station="${item.unique_id}"]`);
      expect(await card.getByText('Stale', { exact: true }).count(), item.unique_id).toBe(age(item) > 20 * 60_000 ? 1 : 0);
    }
    await context.close();
  });

  test('arrives with its station cards in the server HTML and asks the server for nothing more', async () => {
    const { context, page } = await openPage({ as: demoAccounts.user });
    const html = await (await page.request.get('/dashboard')).text();
    expect(html.match(/data-testid="station-card"/g)).toHaveLength(3);
    expect(html).toContain('Brno – Svratka well');
    expect(html).toMatch(/Last 30 days: \d{2}\.\d{2}\.\d{4} – \d{2}\.\d{2}\.\d{4}/);

    const calls = dataCalls(page);
    await visit(page, '/dashboard');
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    expect(calls).toEqual([]);
    await context.close();
  });

  test('a card’s map button chooses its station on the map, and pointing at a card marks its marker', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, '/dashboard');
    const map = mapOf(page);
    await map.locator('.station-marker').first().waitFor();
    await page.locator('[data-testid="station-card"][data-station="DANES-ZNOJ-02"]').hover();
    await map.locator('.station-marker.is-hovered[data-station="DANES-ZNOJ-02"]').waitFor();
    const show = page.getByRole('button', { name: 'Show Olomouc weather on the map' });
    await show.click();
    expect(await show.getAttribute('aria-pressed')).toBe('true');
    await map.locator('.station-marker.is-selected[data-station="UNIWAN-OLOM-01"]').waitFor();
    await map.locator('.station-popup').getByText('Olomouc weather').waitFor();
    await context.close();
  });

  test('View detail opens the station charts with the DANES flag, and the card it is on is never mounted again', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    // The link as the server's HTML brings it, before any script runs: it stays the same element once the page has
    // hydrated, counted its columns and opened the live channel (a card mounted again lost a click aimed at it).
    await page.goto('/dashboard', { waitUntil: 'commit' });
    const link = page.locator('[data-station="UNIWAN-OLOM-01"]').getByRole('link', { name: 'View detail' });
    const sent = await link.elementHandle();
    await page.locator('html[data-hydrated="true"]').waitFor();
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    expect(await sent!.evaluate((element) => element.isConnected)).toBe(true);
    await link.click();
    await page.waitForURL('**/charts/UNIWAN-OLOM-01/false');
    await page.getByRole('heading', { name: 'Olomouc weather' }).waitFor();
    await context.close();
  });

  test('a map marker chooses its station in the cards, and its popup opens that station’s charts', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, '/dashboard');
    const markers = page.locator('.maplibregl-marker');
    await markers.first().waitFor();
    expect(await markers.count()).toBe(4);
    await page.getByRole('button', { name: /^Brno – Svratka well/ }).click();
    await page.locator('[data-selected] > [data-station="DANES-BRNO-01"]').waitFor();
    await page.getByRole('link', { name: 'Open the charts of Brno – Svratka well' }).click();
    await page.waitForURL('**/charts/DANES-BRNO-01/true');
    await page.getByRole('heading', { name: 'Brno – Svratka well' }).waitFor();
    await context.close();
  });

  test('a subject sees only the stations linked to it', async () => {
    const { context, page } = await openPage({ width: 360, height: 740, as: demoAccounts.user });
    await visit(page, '/dashboard');
    await page.getByTestId('station-card').first().waitFor();
    const shown = await page.getByTestId('station-card').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-station')).sort());
    expect(shown).toEqual(['DANES-BRNO-01', 'DANES-ZNOJ-02', 'UNIWAN-OLOM-01']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await context.close();
  });
});
