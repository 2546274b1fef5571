import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays, dayBounds, lastDays, today } from '../../shared/station-time';
import type { ChartColumns, RawReadings } from '../../worker/contracts/telemetry';
import { adminToken, baseURL, dataCalls, demoAccounts, openPage, postRest, restAs, screenshot, visitOnOneDay } from '../support/e2e';

const zone = 'Europe/Prague';
// The Znojmo well gets a year of 10-minute groundwater and rain readings before the 35 days the setup seeds.
const station = { id: 2, uniqueId: 'DANES-ZNOJ-02' };
const yearRange = { from: addDays(today(zone), -364), to: today(zone) };

beforeAll(async () => {
  const token = (await postRest<{ token: string }>(`/items/token?id=${station.id}`, undefined, await adminToken())).token;
  const start = dayBounds(yearRange.from, zone).start;
  const end = Date.now() - 34 * 86_400_000;
  const rows: unknown[] = [];
  for (let ts = start, k = 0; ts < end; ts += 600_000, k++) {
    const date = new Date(ts).toISOString();
    rows.push(
      { data_name: 'H1', data_value: 2.2 + 0.1 * Math.sin(k / 500), date },
      { data_name: 'SRA1H', data_value: k % 97 < 6 ? 0.4 : 0, date },
    );
  }
  for (let i = 0; i < rows.length; i += 5000) await postRest('/ingest/danes', { rows: rows.slice(i, i + 5000) }, token);
}, 120_000);

/** The first and last instant each chart draws (read from the chart itself), by reading. */
const drawn = (page: Page) =>
  page.locator('[data-reading]').evaluateAll((cards) =>
    Object.fromEntries(
      cards.map((card) => {
        const chart = card.querySelector<HTMLElement>('[data-testid="reading-chart"]')!;
        return [
          card.getAttribute('data-reading'),
          { from: Number(chart.dataset.drawnFrom), to: Number(chart.dataset.drawnTo), kind: chart.dataset.kind },
        ];
      }),
    ),
  );

const pointBudget = async (context: BrowserContext) =>
  Number((await context.cookies()).find((c) => c.name === 'hladina_chart_points')?.value ?? 1200);

/** Each chart starts within one bucket of the range's first reading and ends within one bucket of its last. */
async function expectWholeRange(page: Page, context: BrowserContext, range: { from: string; to: string }) {
  await page.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();
  const points = await pointBudget(context);
  const chart = await restAs<ChartColumns>(
    page,
    `/api/item?${new URLSearchParams({ id: station.uniqueId, ...range, points: String(points), format: 'columns' })}`,
  );
  const raw = await restAs<RawReadings>(page, `/api/item/readings?${new URLSearchParams({ id: station.uniqueId, ...range })}`);
  const shown = await drawn(page);
  expect(Object.keys(shown).sort()).toEqual(Object.keys(raw.data).sort());
  for (const [code, { t }] of Object.entries(raw.data)) {
    const bucket = chart.totals[code] ? 25 * 3_600_000 : Math.max(chart.bucket_ms ?? 0, 600_000);
    const { from, to, kind } = shown[code];
    expect(kind, code).toBe(chart.totals[code] ? 'bars' : 'line');
    expect(from, `${code} starts at its first reading`).toBeGreaterThan(t[0] - bucket);
    expect(from, `${code} starts at its first reading`).toBeLessThan(t[0] + bucket);
    expect(to, `${code} ends at its last reading`).toBeGreaterThan(t.at(-1)! - bucket);
    expect(to, `${code} ends at its last reading`).toBeLessThanOrEqual(t.at(-1)!);
  }
}

describe.each([
  { width: 360, height: 740, scheme: 'dark' as const },
  { width: 1280, height: 800, scheme: 'light' as const },
])('charts at $width px', ({ width, height, scheme }) => {
  test.each([
    { label: '30 days', path: `/charts/${station.uniqueId}/true`, range: () => lastDays(30, zone) },
    { label: '365 days', path: `/charts/${station.uniqueId}/true?from=${yearRange.from}&to=${yearRange.to}`, range: () => yearRange },
  ])('draw the whole range of $label, the first visit and the next one with this width’s point budget', async ({ label, path, range }) => {
    const { context, page } = await openPage({ width, height, colorScheme: scheme, as: demoAccounts.admin });
    const problems: string[] = [];
    page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
    await expectWholeRange(page, context, await visitOnOneDay(page, path, range));
    expect(await pointBudget(context)).toBe(width === 360 ? 600 : 1200);

    // The next load asks the server for this width's budget, and the hydrated page does not ask again.
    const calls = dataCalls(page);
    await expectWholeRange(page, context, await visitOnOneDay(page, path, range));
    expect(calls).toEqual([]);
    expect(problems.filter((p) => /hydrat/i.test(p))).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await screenshot(page, `charts-${label.replace(' ', '')}-${width}-${scheme}`, { fullPage: true });
    await context.close();
  });
});

describe('chart page', () => {
  test('credits the chart library once, labels value axes with translated names and draws rain as daily totals', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL }]);
    const range = await visitOnOneDay(page, `/charts/${station.uniqueId}/true`, () => lastDays(30, zone));
    await page.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();
    expect(await page.getByTestId('chart-credit').count()).toBe(1);
    expect(await page.getByTestId('chart-credit').locator('a[href="https://www.tradingview.com/"]').count()).toBe(1);
    expect(await page.locator('[data-testid="reading-chart"] a').count()).toBe(0);
    expect(await page.locator('[data-reading="H1"]').getByTestId('axis-label').textContent()).toBe('Grundwasserstand (m)');

    const rain = page.locator('[data-reading="SRA1H"]');
    expect(await rain.getByTestId('reading-chart').getAttribute('data-kind')).toBe('bars');
    const chart = await restAs<ChartColumns>(
      page,
      `/api/item?${new URLSearchParams({ id: station.uniqueId, ...range, format: 'columns' })}`,
    );
    expect(chart.totals.SRA1H.period).toBe('day');
    expect(await rain.getByTestId('total').textContent()).toBe(chart.totals.SRA1H.sum.toFixed(4));
    expect(await rain.getByText('Tagessummen').count()).toBe(1);
    await context.close();
  });
});
