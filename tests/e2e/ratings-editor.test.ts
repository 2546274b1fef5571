/**
 * The rating editor in the browser: a power-law version entered on screen (an offset at or above its stage refused at
 * that field, nothing typed lost), its curve and the gauging's deviation following it; a version edited and saved as a
 * replacement, exported, and removed after a confirmation, the rated value following each. Each test rates a DANES
 * gauge of its own. Screenshots at 1280 px light and 360 px dark.
 */
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { readFile } from 'node:fs/promises';
import { localInput } from '../../app/features/levels/scope';
import {
  adminToken,
  callApi,
  demoAccounts,
  looks,
  openPage,
  postRest,
  removeStations,
  screenshot,
  screenshotsIn,
  visit,
} from '../support/e2e';

const stamp = Date.now().toString(36);
const prefix = `E2E-RATED-${stamp}`;
const hour = 3_600_000;
const timezone = 'Europe/Prague';

afterAll(() => removeStations(prefix));

/** A gauge of this run with three days of hourly stage around 1 m, and a gauging of 11 m³/s at 1 m on its second hour. */
async function gauge(n: number) {
  const admin = await adminToken();
  const station = await postRest<{ id: number }>(
    '/items/edit',
    { Items: { name: `Rated gauge ${stamp} ${n}`, unique_id: `${prefix}-${n}`, name_for_api: 'DANES', timezone } },
    admin,
  );
  const { token } = await postRest<{ token: string }>(`/items/token?id=${station.id}`, undefined, admin);
  const start = Math.floor(Date.now() / hour) * hour - 3 * 24 * hour;
  const rows = Array.from({ length: 3 * 24 }, (_, h) => ({
    data_name: 'H1',
    data_value: 1 + 0.2 * Math.sin(h / 6),
    date: new Date(start + h * hour).toISOString(),
  }));
  await postRest('/ingest/danes', { rows }, token);
  const at = new Date(start + hour).toISOString();
  const gauging = { reading: 'H1', at, stage: 1, discharge: 11, method: 'ADCP', measured_by: 'E2E' };
  await postRest(`/ratings/gaugings?id=${station.id}`, { gaugings: [gauging] }, admin);
  return { id: station.id, start, at };
}

/** What the rate call answers for a stage of 1 m at the gauging's time. */
const ratedAtOne = async (page: Page, id: number, at: string) =>
  (await callApi(page, `/ratings/rate?id=${id}`, { reading: 'H1', at, values: [1] })).json.data.values[0] as number | null;

const deviation = (page: Page) => page.getByTestId('deviation').first().textContent();

async function choose(page: Page, label: string, option: string) {
  await page.getByTestId('version-form').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the rating editor', () => {
  test('a power-law version: an offset not below its stage is refused at that field, then the curve and the deviation follow it', async () => {
    const { id, start, at } = await gauge(1);
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, `/ratings/${id}`);
    await page.getByTestId('ratings-panel').waitFor();
    expect(await deviation(page)).toBe('–');

    // Q = 10 · (h − e)^1.5 from 0.2 m to 3 m, first with e = 0.5, above the segment's stage.
    const form = page.getByTestId('version-form');
    await form.locator('input[name="version-from"]').fill(localInput(new Date(start - 7 * 24 * hour).toISOString(), timezone));
    await form.getByLabel('Stage (m) 1').fill('0.2');
    // A power-law point's discharge follows from its law: left empty, the field says what it will be.
    await choose(page, 'Segment 1', 'Power law');
    expect(await form.getByLabel('Discharge (m³/s) 1').getAttribute('placeholder')).toBe('by the law');
    await form.getByLabel('Offset e (m) 1').fill('0.5');
    await form.getByLabel('Coefficient C 1').fill('10');
    await form.getByLabel('Exponent b 1').fill('1.5');
    await form.getByLabel('Stage (m) 2').fill('3');
    await form.getByLabel('Discharge (m³/s) 2').fill('49.4');
    await form.locator('input[name="version-note"]').fill('Power law from the 2026 campaign (e2e).');
    const replies: number[] = [];
    page.on('response', (r) => new URL(r.url()).pathname === '/rest/ratings/versions' && replies.push(r.status()));
    await form.getByRole('button', { name: 'Add a rating version' }).click();
    const offsetError = form.getByTestId('point-0-offset-error');
    await offsetError.waitFor();
    expect(replies).toEqual([422]);
    expect(await offsetError.textContent()).toContain('must be below the segment');
    expect(await form.getByLabel('Offset e (m) 1').getAttribute('aria-invalid')).toBe('true');
    expect(await form.getByLabel('Coefficient C 1').inputValue()).toBe('10');
    expect(await form.getByLabel('Stage (m) 2').inputValue()).toBe('3');
    expect(await page.getByTestId('rating-version').count()).toBe(0);
    await screenshot(form, 'ratings-power-refused-1280-light');

    // With e = 0.1 it is saved: at 1 m the rating gives 10 · 0.9^1.5 = 8.538, the gauging (11) lies 28.8 % above.
    await form.getByLabel('Offset e (m) 1').fill('0.1');
    expect(await form.getByLabel('Discharge (m³/s) 1').getAttribute('placeholder')).toBe('0.316 by the law');
    await form.getByRole('button', { name: 'Add a rating version' }).click();
    await page.getByTestId('rating-version').first().waitFor();
    await expect.poll(() => deviation(page)).toBe('+28.8 %');
    // Saved, the form is empty for the next version.
    expect(await form.locator('input[name="version-note"]').inputValue()).toBe('');
    expect(await form.getByLabel('Stage (m) 1').inputValue()).toBe('');
    expect(await ratedAtOne(page, id, at)).toBeCloseTo(10 * 0.9 ** 1.5, 9);
    await page.getByText('Table (2 points)').click();
    await page.getByText('Power law (e = 0.1): Q = 10 · (h − e)^1.5').waitFor();
    // The curve is drawn along the power law, not as a line between the two points.
    const drawn = (await page.getByTestId('rating-plot').locator('polyline').getAttribute('points'))!.split(' ');
    expect(drawn.length).toBeGreaterThan(2);

    await screenshotsIn(page, looks, (look, i) => screenshot(page, `ratings-power-${look.width}-${look.scheme}`, { fullPage: i === 0 }));
    await context.close();
  });

  test('a version edited and saved as a replacement, exported, then removed after confirming', async () => {
    const { id, start, at } = await gauge(2);
    const admin = await adminToken();
    await postRest(
      `/ratings/versions?id=${id}`,
      {
        reading: 'H1',
        from: new Date(start - 7 * 24 * hour).toISOString(),
        points: [
          { stage: 0, discharge: 0 },
          { stage: 5, discharge: 50 },
        ],
        note: 'Q = 10 h (e2e).',
      },
      admin,
    );
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, `/ratings/${id}`);
    await page.getByTestId('ratings-panel').waitFor();
    expect(await deviation(page)).toBe('+10.0 %');

    // Edited, the form holds the version as stored; Q = 22 h gives 22 at 1 m, the gauging 50 % below.
    const actions = page.getByTestId('version-actions');
    await actions.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByTestId('version-form');
    await form.getByText(/^Edit the version from/).waitFor();
    expect(await form.getByLabel('Stage (m) 2').inputValue()).toBe('5');
    expect(await form.getByLabel('Discharge (m³/s) 2').inputValue()).toBe('50');
    expect(await form.locator('input[name="version-note"]').inputValue()).toBe('Q = 10 h (e2e).');
    expect(await form.locator('input[name="version-from"]').evaluate((e) => e === document.activeElement)).toBe(true);
    await form.getByLabel('Discharge (m³/s) 2').fill('110');
    await form.locator('input[name="version-note"]').fill('Q = 22 h after the flood (e2e).');
    await screenshotsIn(page, looks, (look) => screenshot(form, `ratings-edit-${look.width}-${look.scheme}`));
    await form.getByRole('button', { name: 'Save as replacement' }).click();
    await expect.poll(() => deviation(page)).toBe('-50.0 %');
    await form.getByRole('button', { name: 'Add a rating version' }).waitFor();
    expect(await page.getByTestId('rating-version').count()).toBe(1);
    expect(await page.getByTestId('rating-version').first().textContent()).toContain('Q = 22 h after the flood (e2e).');
    expect(await ratedAtOne(page, id, at)).toBeCloseTo(22, 9);

    // The table as CSV and the expanded table as RDB, as the export call writes them.
    const file = async (name: string) => {
      const [download] = await Promise.all([page.waitForEvent('download'), actions.getByRole('button', { name }).click()]);
      return { name: download.suggestedFilename(), text: await readFile((await download.path())!, 'utf8') };
    };
    const csv = await file('Download CSV');
    expect(csv.name).toMatch(/\.csv$/);
    expect(csv.text.split('\n')[0]).toContain('stage');
    expect(csv.text).toContain('110');
    // Expanded every 0.5 m from 0 to 5 m, with the shifts of a chosen instant (this version has none).
    const expand = page.getByTestId('expand-form');
    await expand.getByLabel('Stage step (m)').fill('0.5');
    await expand.getByLabel('Shifts as of').fill('2026-06-01T12:00');
    const rdb = await file('Download expanded table (RDB)');
    expect(rdb.name).toMatch(/\.rdb$/);
    expect(rdb.text).toMatch(/INDEP\tSHIFT\tDEP/);
    expect(rdb.text).toContain('# //RATING SHIFTED="2026-06-01T10:00:00.000Z"');
    expect(rdb.text.split('\n').filter((line) => /^\d+(\.\d+)?\t/.test(line))).toHaveLength(11);

    // Removing asks first and wants a note; cancelled, nothing goes.
    await actions.getByRole('button', { name: 'Remove' }).click();
    const dialog = page.getByRole('alertdialog');
    await dialog.getByText('Remove this rating version?').waitFor();
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.getByTestId('rating-version').count()).toBe(1);
    await actions.getByRole('button', { name: 'Remove' }).click();
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await dialog.locator('#field-remove-note-error').waitFor();
    await screenshotsIn(page, [{ width: 360, height: 740, scheme: 'dark' }], () => screenshot(page, 'ratings-remove-360-dark'));
    await dialog.locator('input[name="remove-note"]').fill('Entered on the wrong gauge (e2e).');
    await dialog.getByRole('button', { name: 'Remove' }).click();
    await page.getByText('No rating yet: add the first version below.').waitFor();
    await expect.poll(() => deviation(page)).toBe('–');
    expect(await ratedAtOne(page, id, at)).toBeNull();
    await context.close();
  });
});
