import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Chart, DanesRow } from '../../worker/contracts/telemetry';
import { lastDays as lastDaysIn } from '../../worker/contracts/station-time';
import { demoAccounts, launchBrowser, openPage, signIn, visit } from '../support/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(() => browser?.close());

// The demo stations keep Prague time; a range is reckoned there, whatever this machine's zone.
const lastDays = (days: number) => lastDaysIn(days, 'Europe/Prague');
const chartReply = (page: Page) => page.waitForResponse((r) => new URL(r.url()).pathname === '/rest/api/item');
const rangeOf = (url: string) => {
  const params = new URL(url).searchParams;
  return { from: params.get('from'), to: params.get('to') };
};
const plotted = (page: Page) =>
  page.getByTestId('reading-chart').evaluateAll((charts) => charts.map((c) => ({ first: Number(c.getAttribute('data-first')), last: Number(c.getAttribute('data-last')) })));
const waitForCharts = (page: Page) => page.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();

async function openCharts(page: Page, path: string) {
  await signIn(page, demoAccounts.admin.username, demoAccounts.admin.password);
  const reply = chartReply(page);
  await visit(page, path);
  const response = await reply;
  await waitForCharts(page);
  return { response, chart: ((await response.json()) as { data: Chart }).data };
}

describe('charts', () => {
  test('show the last 30 days by default, downsampled, one chart per reading with its extremes', async () => {
    const { context, page } = await openPage(browser);
    const { response, chart } = await openCharts(page, '/charts/DANES-BRNO-01/true');
    expect(rangeOf(response.url())).toEqual(lastDays(30));
    expect(chart.downsampled).toBe(true);
    await page.getByTestId('downsampled').waitFor();
    const codes = Object.keys(chart.max);
    expect(await page.getByTestId('reading-chart').count()).toBe(codes.length);
    for (const code of codes) {
      const card = page.locator(`[data-reading="${code}"]`);
      expect(await card.getByTestId('min').textContent()).toBe(chart.min[code].toFixed(4));
      expect(await card.getByTestId('max').textContent()).toBe(chart.max[code].toFixed(4));
    }
    expect(await page.getByText('Supply voltage').count()).toBeGreaterThan(0);
    await context.close();
  });

  test('a preset button changes the plotted range', async () => {
    const { context, page } = await openPage(browser);
    await openCharts(page, '/charts/DANES-ZNOJ-02/true');
    const before = await plotted(page);

    const reply = chartReply(page);
    await page.getByRole('radio', { name: 'Days back: 3', exact: true }).click();
    const response = await reply;
    expect(rangeOf(response.url())).toEqual(lastDays(3));
    await page.getByTestId('charts-skeleton').waitFor({ state: 'detached' });
    await waitForCharts(page);
    const after = await plotted(page);
    // Three days back from today start later than thirty days back, and the full-resolution data is not downsampled.
    expect(after[0].first).toBeGreaterThan(before[0].first + 20 * 86_400);
    expect(await page.getByTestId('downsampled').count()).toBe(0);
    expect(new URL(page.url()).searchParams.get('days')).toBe('3');
    await context.close();
  });

  test('the station page works without the type flag and with a custom range', async () => {
    const { context, page } = await openPage(browser);
    await openCharts(page, '/charts/UNIWAN-OLOM-01');
    const range = lastDays(2);
    await page.getByLabel('From').fill(range.from);
    await page.getByLabel('To').fill(range.to);
    const reply = chartReply(page);
    await page.getByRole('button', { name: 'Show' }).click();
    expect(rangeOf((await reply).url())).toEqual(range);
    await page.getByLabel('From').fill(range.to);
    await page.getByLabel('To').fill(range.from);
    await page.getByText('The start must not be after the end.').waitFor();
    await context.close();
  });

  test('Export CSV downloads exactly the shown rows with times in the station’s time zone', async () => {
    const { context, page } = await openPage(browser);
    await openCharts(page, '/charts/DANES-BRNO-01/true');
    const reply = chartReply(page);
    await page.getByRole('radio', { name: 'Days back: 1', exact: true }).click();
    const { data } = (await (await reply).json()) as { data: Chart };
    await page.getByTestId('charts-skeleton').waitFor({ state: 'detached' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    expect(download.suggestedFilename()).toBe(`DANES-BRNO-01_${lastDays(1).from}_${lastDays(1).to}.csv`);
    const [header, ...lines] = (await readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
    expect(header).toBe('time,reading,value');
    const rows = data.data as DanesRow[];
    expect(lines.length).toBe(rows.length);
    const prague = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Prague', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
    lines.forEach((line, i) => {
      const [time, reading, value] = line.split(',');
      expect(Date.parse(time)).toBe(Date.parse(rows[i].date));
      expect(time.slice(11, 16)).toBe(prague.format(Date.parse(rows[i].date)));
      expect(reading).toBe(rows[i].data_name);
      expect(Number(value)).toBe(rows[i].data_value);
    });
    await context.close();
  });
});
