/**
 * Ratings in the browser: a river gauge's rating entered point by point on the Ratings tab, a gauging recorded there
 * with its deviation from the rating, and the discharge drawn on the chart page. The tab, loaded directly, asks for
 * no data after hydration. Screenshots at 1280 and 360 px, light and dark.
 */
import { describe, expect, test } from 'vitest';
import { wallClock } from '../../shared/station-time';
import type { ChartColumns } from '../../worker/contracts/telemetry';
import { dataCalls, demoAccounts, looks, openPage, restAs, screenshot, screenshotsIn, visit } from '../support/e2e';

const station = 'UNIWAN-JIHL-02';

/** An instant as a datetime-local input shows it on the station's wall clock. */
const localInput = (ts: number, timeZone: string) => new Date(wallClock(ts, timeZone)).toISOString().slice(0, 16);

describe('ratings in the browser', () => {
  test('a rating and a gauging entered on the Ratings tab; the gauging shows its deviation and discharge is charted', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const chart = await restAs<ChartColumns>(page, `/api/item?id=${station}&format=columns`);
    const { id, timezone } = chart.item;
    const first = chart.data.hladina.t[0];

    // Loaded directly, the tab brings its data with the page.
    const calls = dataCalls(page);
    await visit(page, `/ratings/${id}`);
    await page.getByTestId('ratings-panel').waitFor();
    expect(calls).toEqual([]);

    // Q = 20 · h between 0 and 5 m, from a week before the charted readings.
    const form = page.getByTestId('version-form');
    await form.locator('input[name="version-from"]').fill(localInput(first - 7 * 86_400_000, timezone));
    const rows = form.getByTestId('point-row');
    await rows.nth(0).getByLabel('Stage (m) 1').fill('0');
    await rows.nth(0).getByLabel('Discharge (m³/s) 1').fill('0');
    await rows.nth(1).getByLabel('Stage (m) 2').fill('5');
    await rows.nth(1).getByLabel('Discharge (m³/s) 2').fill('100');
    await form.locator('input[name="version-note"]').fill('Rated from the 2026 campaign (e2e).');
    await form.getByRole('button', { name: 'Add a rating version' }).click();
    await page.getByTestId('rating-version').first().waitFor();

    // A gauging measuring 10 % more than the rating gives at 0.6 m.
    const gauging = page.getByTestId('gauging-form');
    await gauging.locator('input[name="gauging-at"]').fill(localInput(first + 3_600_000, timezone));
    await gauging.locator('input[name="gauging-stage"]').fill('0.6');
    await gauging.locator('input[name="gauging-discharge"]').fill('13.2');
    await gauging.locator('input[name="method"]').fill('ADCP');
    await gauging.locator('input[name="measured_by"]').fill('E2E');
    await gauging.getByRole('button', { name: 'Record a gauging' }).click();
    await expect.poll(() => page.getByTestId('deviation').first().textContent()).toBe('+10.0 %');
    await page.getByTestId('gauging-dot').first().waitFor();

    await screenshotsIn(page, looks, (look, i) => screenshot(page, `ratings-tab-${look.width}-${look.scheme}`, { fullPage: i === 0 }));

    // The chart page draws the discharge of the stage, 20 times the stage.
    await visit(page, `/charts/${station}`);
    await page.locator('[data-reading="hladina_discharge"] [data-testid="reading-chart"][data-ready="true"]').waitFor();
    const rated = await restAs<ChartColumns>(page, `/api/item?id=${station}&format=columns`);
    const at = rated.data.hladina.t.at(-1)!;
    const discharge = rated.data.hladina_discharge;
    expect(discharge.v[discharge.t.indexOf(at)]).toBeCloseTo(20 * rated.data.hladina.v.at(-1)!, 9);
    await screenshot(page, 'ratings-chart-1280-dark', { fullPage: true });
    await context.close();
  });
});
