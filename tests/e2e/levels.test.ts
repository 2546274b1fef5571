/**
 * Levels in the browser: a well's vertical reference entered on the Levels tab, a manual measurement recorded there,
 * the suggested drift accepted, and the corrected line meeting the measurement on the chart page, with the
 * groundwater elevation above datum drawn as its own chart and shown on the station's dashboard card. Screenshots at
 * 1280 and 360 px, light and dark. A well without a barometer compensated with a weather station's pressure.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { wallClock } from '../../shared/station-time';
import type { ChartColumns } from '../../worker/contracts/telemetry';
import { reconcileCron } from '../../worker/rollup/schedules';
import { standardGravity } from '../../worker/station/corrections/stack';
import { callApi, demoAccounts, looks, openPage, restAs, runServerCron, screenshot, screenshotsIn, visit } from '../support/e2e';

const station = 'DANES-BRNO-01';
const chartPath = `/charts/${station}/true`;

/** An instant as a datetime-local input shows it on the station's wall clock. */
const localInput = (ts: number, timeZone: string) => new Date(wallClock(ts, timeZone)).toISOString().slice(0, 16);
const localDay = (ts: number, timeZone: string) => localInput(ts, timeZone).slice(0, 10);

/** A station's columns of one station-local day (never downsampled, so every reading is in them), corrected or raw. */
const dayOf = (page: Page, ts: number, timeZone: string, raw = false, id = station) => {
  const day = localDay(ts, timeZone);
  const query = new URLSearchParams({ id, from: day, to: day, format: 'columns', ...(raw && { raw: 'true' }) });
  return restAs<ChartColumns>(page, `/api/item?${query}`);
};
const valueAt = (chart: ChartColumns, code: string, ts: number) => chart.data[code]?.v[chart.data[code].t.indexOf(ts)];

describe('levels in the browser', () => {
  test('a manual measurement and the suggested drift bring the corrected line onto it; elevation above datum is charted', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const chart = await restAs<ChartColumns>(page, `/api/item?id=${station}&format=columns`);
    const { id, timezone } = chart.item;
    // Two logger readings a few hours apart, on whole minutes (what a datetime-local input can name).
    const times = chart.data.H1.t.filter((t) => t % 60_000 === 0);
    const end = times.at(-5)!;
    const start = times.at(-30)!;
    const [startDay, endDay] = [await dayOf(page, start, timezone), await dayOf(page, end, timezone)];
    const [startLogged, endLogged] = [valueAt(startDay, 'H1', start)!, valueAt(endDay, 'H1', end)!];
    const measured = Number((endLogged + 0.05).toFixed(3));

    await visit(page, chartPath);
    await page.getByRole('link', { name: 'Levels', exact: true }).click();
    await page.getByTestId('levels-panel').waitFor();

    // The reference: the logger reports depth below the measuring point, which stands at 250.5 m Bpv.
    const reference = page.getByTestId('reference-form');
    await reference.locator('input[name="reference-from"]').fill(localInput(start - 86_400_000, timezone));
    await reference.locator('input[name="ground_elevation"]').fill('250');
    await reference.locator('input[name="mp_elevation"]').fill('250.5');
    await reference.locator('input[name="datum"]').fill('Bpv');
    await reference.locator('input[name="reference-note"]').fill('Surveyed (e2e).');
    await reference.getByRole('button', { name: 'Add a period' }).click();
    await page.getByTestId('reference').first().waitFor();

    // A measurement at the start agrees with the logger (recorded by API); the one at the end is typed in.
    const first = await callApi(page, `/levels/measurements?id=${id}`, {
      Measurements: {
        measurements: [
          { reading: 'H1', at: new Date(start).toISOString(), depth: startLogged, measured_by: 'E2E', method: 'electric tape' },
        ],
      },
    });
    expect(first.status).toBe(200);
    const form = page.getByTestId('measurement-form');
    await form.locator('input[name="at"]').fill(localInput(end, timezone));
    await form.locator('input[name="value"]').fill(String(measured));
    await form.locator('input[name="method"]').fill('electric tape');
    await form.locator('input[name="measured_by"]').fill('E2E');
    await form.getByRole('button', { name: 'Record a measurement' }).click();
    const row = page.locator(`[data-testid="measurement"][data-ts="${end}"]`);
    await row.waitFor();
    expect(await row.getByTestId('difference').textContent()).toBe(`+${Number((measured - endLogged).toFixed(3))} m`);

    // The drift over the two measurements, as suggested.
    const correction = page.getByTestId('correction-form');
    await correction.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Drift' }).click();
    await correction.locator('input[name="from"]').fill(localInput(start, timezone));
    await correction.locator('input[name="to"]').fill(localInput(end, timezone));
    await correction.getByTestId('suggest-drift').click();
    await expect
      .poll(() => correction.locator('input[name="amount"]').inputValue())
      .toBe(String(Number((measured - endLogged).toPrecision(12))));
    await correction.locator('input[name="note"]').fill('Logger drift between visits (e2e).');
    await correction.getByRole('button', { name: 'Add a correction' }).click();
    await page.locator('[data-testid="correction"][data-kind="drift"]').waitFor();

    // The corrected series now meets the measurement: no difference left on the screen, and the chart's reply agrees.
    await expect.poll(() => row.getByTestId('difference').textContent()).toBe('0 m');
    const corrected = await dayOf(page, end, timezone);
    expect(valueAt(corrected, 'H1', end)).toBeCloseTo(measured, 9);
    expect(valueAt(await dayOf(page, end, timezone, true), 'H1', end)).toBeCloseTo(endLogged, 9);
    expect(valueAt(corrected, 'H1_elevation', end)).toBeCloseTo(250.5 - measured, 6);

    await screenshotsIn(page, looks, (look, i) => screenshot(page, `levels-tab-${look.width}-${look.scheme}`, { fullPage: i === 0 }));

    // On the charts: the measurements as points on the level, the elevation above datum as a chart of its own.
    await visit(page, chartPath);
    const level = page.locator('[data-reading="H1"] [data-testid="reading-chart"][data-ready="true"]');
    await level.waitFor();
    expect(Number(await level.getAttribute('data-measurements'))).toBeGreaterThanOrEqual(2);
    await page.locator('[data-reading="H1_elevation"] [data-testid="reading-chart"][data-ready="true"]').waitFor();
    await screenshotsIn(
      page,
      [
        { width: 1280, height: 800, scheme: 'dark' },
        { width: 360, height: 740, scheme: 'light' },
      ],
      (look) => screenshot(page, `levels-chart-${look.width}-${look.scheme}`, { fullPage: true }),
    );
    await page.getByTestId('series-toggle').getByRole('radio', { name: 'Raw' }).click();
    await expect.poll(() => page.locator('[data-reading="H1_elevation"]').count()).toBe(0);
    // The raw line is drawn with the corrected one beside it where they differ (tests/app/levels-series.test.ts; on
    // this downsampled range the two may keep different points, so only the drawing is waited for here).
    const compared = page.locator('[data-reading="H1"] [data-testid="reading-chart"][data-ready="true"][data-beside]');
    await compared.waitFor();
    await screenshotsIn(page, [{ width: 360, height: 740, scheme: 'light' }], async () => {
      await compared.scrollIntoViewIfNeeded();
      await screenshot(page, 'levels-chart-raw-360-light');
    });

    // Once the station's roll-up has flushed (the daily reconciliation does it at once), its dashboard card shows the
    // elevation above datum with the datum's name.
    await runServerCron(reconcileCron);
    await visit(page, '/');
    const card = page.locator(`[data-testid="station-card"][data-station="${station}"] [data-reading="H1_elevation"]`);
    await card.waitFor();
    expect(await card.textContent()).toContain('m Bpv');
    expect(Number(await card.getByTestId('max').textContent())).toBeGreaterThan(240);

    // A measurement taken by mistake is removed with a reason: it leaves the table, and the audit log keeps why.
    await visit(page, chartPath);
    await page.getByRole('link', { name: 'Levels', exact: true }).click();
    const mistaken = page.locator(`[data-testid="measurement"][data-ts="${start}"]`);
    await mistaken.getByRole('button', { name: 'Remove' }).click();
    const removal = page.getByTestId('removal-form');
    await removal.getByLabel('Why remove it').fill('Taken at the wrong well (e2e).');
    await removal.getByRole('button', { name: 'Remove' }).click();
    await mistaken.waitFor({ state: 'detached' });
    await page.locator(`[data-testid="measurement"][data-ts="${end}"]`).waitFor();

    // The station's audit log lists the correction with its note beside the quality entries (it once broke the tab).
    await visit(page, `/edit-item/${id}`);
    await page.getByRole('tab', { name: 'Quality' }).click();
    const logged = page.locator('[data-testid="log-entry"][data-action="correct"]');
    await logged.waitFor();
    expect(await logged.textContent()).toContain('Logger drift between visits (e2e).');
    await page.locator('[data-testid="log-entry"][data-action="measure"]', { hasText: 'Taken at the wrong well (e2e).' }).waitFor();
    await context.close();
  });

  test('a well without a barometer is compensated with the pressure of a weather station chosen in the form', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const well = 'DANES-ZNOJ-02';
    const weather = 'UNIWAN-OLOM-01';
    const day = async (id: string, raw = false) => {
      const query = new URLSearchParams({ id, format: 'columns', ...(raw && { raw: 'true' }) });
      return restAs<ChartColumns>(page, `/api/item?${query}`);
    };
    const [levels, pressure] = [await day(well), await day(weather)];
    const { timezone } = levels.item;
    // A level reading of the last hours that has a pressure reading at the same instant, on a whole minute.
    const at = levels.data.H1.t.filter((t) => t % 60_000 === 0 && pressure.data.pressure.t.includes(t)).at(-3)!;
    const expected = valueAt(levels, 'H1', at)! - (valueAt(pressure, 'pressure', at)! * 100) / (1000 * standardGravity);

    await visit(page, `/charts/${well}/true`);
    await page.getByRole('link', { name: 'Levels', exact: true }).click();
    const form = page.getByTestId('correction-form');
    await form.getByLabel('Kind').click();
    await page.getByRole('option', { name: 'Barometric compensation' }).click();
    await form.getByLabel('Pressure from').click();
    await page.getByRole('option', { name: 'Olomouc weather' }).click();
    await form.locator('input[name="from"]').fill(localInput(at - 3_600_000, timezone));
    await form.locator('input[name="note"]').fill('Absolute transducer; air pressure from Olomouc (e2e).');
    await screenshot(form, 'levels-barometric-form-1280-light');
    await form.getByRole('button', { name: 'Add a correction' }).click();
    const row = page.locator('[data-testid="correction"][data-kind="barometric"]');
    await expect.poll(() => row.getByTestId('parameter-source').textContent()).toBe('pressure of Olomouc weather');
    await screenshotsIn(page, [{ width: 360, height: 740, scheme: 'light' }], async () => {
      await row.scrollIntoViewIfNeeded();
      await screenshot(page, 'levels-barometric-360-light');
    });
    // Read from the day's columns: the 30 days' are downsampled, and the corrected line may keep other points there.
    expect(valueAt(await dayOf(page, at, timezone, false, well), 'H1', at)).toBeCloseTo(expected, 9);
    expect(valueAt(await dayOf(page, at, timezone, true, well), 'H1', at)).toBe(valueAt(levels, 'H1', at));

    // Taken off again, so the other tests on this server see the well as seeded.
    await row.getByRole('button', { name: 'Remove' }).click();
    const removal = page.getByTestId('removal-form');
    await removal.getByLabel('Why remove it').fill('Only a test (e2e).');
    await removal.getByRole('button', { name: 'Remove' }).click();
    await page.locator('[data-testid="correction"][data-kind="barometric"][data-removed]').waitFor();
    expect(valueAt(await dayOf(page, at, timezone, false, well), 'H1', at)).toBe(valueAt(levels, 'H1', at));
    await context.close();
  });
});
