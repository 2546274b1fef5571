import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { inTimeOrder, type Chart, type ChartColumns, type RawReadings } from '../../worker/contracts/telemetry';
import { lastDays as lastDaysIn } from '../../shared/station-time';
import { demoAccounts, openPage, restAs, visit, visitOnOneDay } from '../support/e2e';

// The demo stations keep Prague time; a range is reckoned there, whatever this machine's zone.
const lastDays = (days: number) => lastDaysIn(days, 'Europe/Prague');
/** The range the page shows: its custom-range inputs always hold the days on screen. */
const shownRange = async (page: Page) => ({
  from: await page.getByLabel('From').inputValue(),
  to: await page.getByLabel('To').inputValue(),
});
/** The first and last instant (epoch ms) each chart draws, read from the chart itself. */
const plotted = (page: Page) =>
  page
    .getByTestId('reading-chart')
    .evaluateAll((charts) =>
      charts.map((c) => ({ first: Number(c.getAttribute('data-drawn-from')), last: Number(c.getAttribute('data-drawn-to')) })),
    );
const waitForCharts = (page: Page) => page.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();
/** What the API says about a station over a range, as the page's own session would ask it. */
const chartFromApi = (page: Page, id: string, range: { from: string; to: string }) =>
  restAs<Chart>(page, `/api/item?${new URLSearchParams({ id, ...range })}`);
const columnsFromApi = (page: Page, id: string, range: { from: string; to: string }) =>
  restAs<ChartColumns>(page, `/api/item?${new URLSearchParams({ id, ...range, format: 'columns', points: '1200' })}`);

/** Opens a station's charts; answers the default range of 30 days as it stood while the page loaded. */
async function openCharts(page: Page, path: string) {
  const range = await visitOnOneDay(page, path, () => lastDays(30));
  await waitForCharts(page);
  return range;
}

describe('charts', () => {
  test('show the last 30 days by default, downsampled, one chart per reading with its extremes', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const range = await openCharts(page, '/charts/DANES-BRNO-01/true');
    expect(await shownRange(page)).toEqual(range);
    expect((await chartFromApi(page, 'DANES-BRNO-01', range)).downsampled).toBe(true);
    const chart = await columnsFromApi(page, 'DANES-BRNO-01', range);
    expect(chart.downsampled).toBe(true);
    await page.getByTestId('downsampled').waitFor();
    const codes = Object.keys(chart.max);
    expect(await page.getByTestId('reading-chart').count()).toBe(codes.length);
    for (const code of codes) {
      const card = page.locator(`[data-reading="${code}"]`);
      const totals = chart.totals[code];
      if (totals) {
        expect(await card.getByTestId('total').textContent()).toBe(totals.sum.toFixed(4));
        expect(await card.getByTestId('wettest-day').textContent()).toBe(totals.peak_day!.sum.toFixed(4));
        continue;
      }
      expect(await card.getByTestId('min').textContent()).toBe(chart.min[code].toFixed(4));
      expect(await card.getByTestId('max').textContent()).toBe(chart.max[code].toFixed(4));
    }
    expect(await page.getByText('Supply voltage').count()).toBeGreaterThan(0);
    await context.close();
  });

  test('a browser whose date differs from the server’s renders the station’s days, the same as the server', async () => {
    // Kiritimati is 14 hours ahead of UTC: most of the day its date is not Prague's.
    const { context, page } = await openPage({ timezoneId: 'Pacific/Kiritimati', as: demoAccounts.admin });
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    page.on('pageerror', (error) => problems.push(error.message));
    const range = await openCharts(page, '/charts/DANES-BRNO-01/true');
    expect(await shownRange(page)).toEqual(range);
    expect(await page.getByLabel('From').getAttribute('max')).toBe(range.to);
    const html = await (await page.request.get('/charts/DANES-BRNO-01/true')).text();
    expect(html).toContain(`value="${range.from}"`);
    expect(problems.filter((p) => /hydrat/i.test(p))).toEqual([]);
    await context.close();
  });

  test('a preset button changes the plotted range', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await openCharts(page, '/charts/DANES-ZNOJ-02/true');
    const before = await plotted(page);

    await page.getByRole('radio', { name: 'Days back: 3', exact: true }).click();
    await page.waitForURL('**?days=3');
    await expect.poll(() => shownRange(page), { timeout: 15_000 }).toEqual(lastDays(3));
    await waitForCharts(page);
    await expect.poll(async () => (await plotted(page))[0].first, { timeout: 15_000 }).toBeGreaterThan(before[0].first + 20 * 86_400_000);
    // Three days back from today start later than thirty days back, and the full-resolution data is not downsampled.
    expect(await page.getByTestId('downsampled').count()).toBe(0);
    await context.close();
  });

  test('the station page works without the type flag and with a custom range', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await openCharts(page, '/charts/UNIWAN-OLOM-01');
    const before = await plotted(page);
    const range = lastDays(2);
    await page.getByLabel('From').fill(range.from);
    await page.getByLabel('To').fill(range.to);
    await page.getByRole('button', { name: 'Show' }).click();
    await page.waitForURL(`**from=${range.from}&to=${range.to}`);
    // The typed days show at once; the charts tell when the chosen range has loaded.
    await expect.poll(async () => (await plotted(page))[0].first, { timeout: 15_000 }).toBeGreaterThan(before[0].first + 20 * 86_400_000);
    expect(await shownRange(page)).toEqual(range);
    await page.getByLabel('From').fill(range.to);
    await page.getByLabel('To').fill(range.from);
    await page.getByText('The start must not be after the end.').waitFor();
    await context.close();
  });

  test('an unknown station or record shows a not-found page inside the app, an unknown address one of its own', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    expect((await visit(page, '/charts/NO-SUCH-STATION'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Station not found' }).waitFor();
    expect((await visit(page, '/edit-item/999999'))?.status()).toBe(404);
    await page.getByRole('heading', { name: 'Page not found' }).waitFor();
    await page.getByRole('navigation', { name: 'Main navigation' }).first().waitFor();
    expect((await visit(page, '/no-such-page'))?.status()).toBe(404);
    await page.getByRole('link', { name: 'Go to the dashboard' }).waitFor();
    await context.close();
  });

  test('Export CSV downloads every raw reading of the range, not what the chart drew, with times in the station’s time zone', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const range = await openCharts(page, '/charts/DANES-BRNO-01/true');
    await page.getByTestId('downsampled').waitFor();
    const raw = await restAs<RawReadings>(page, `/api/item/readings?${new URLSearchParams({ id: 'DANES-BRNO-01', ...range })}`);
    const readings = inTimeOrder(raw.data);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`DANES-BRNO-01_${range.from}_${range.to}.csv`);
    const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(header).toBe('time,reading,value,flag');
    // A month of 10-minute reports of seven readings, where the chart drew at most 1,200 points per reading.
    expect(lines.length).toBe(readings.length);
    expect(lines.length).toBeGreaterThan(30 * 144 * 7);
    const prague = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    lines.forEach((line, i) => {
      const [time, reading, value] = line.split(',');
      expect(Date.parse(time)).toBe(readings[i].ts);
      expect(time.slice(11, 16)).toBe(prague.format(readings[i].ts));
      expect(reading).toBe(readings[i].reading);
      expect(Number(value)).toBe(readings[i].value);
    });
    await context.close();
  });
});
