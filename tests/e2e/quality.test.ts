/**
 * Quality control in the browser: a stretch of readings marked on the chart by a drag, with a note; flagged points
 * drawn apart and hideable; the approved stretch shaded; the Quality screen's audit log; a user with the quality
 * control right reaching it from the charts. Screenshots at 1280 and 360 px, light and dark.
 */
import type { Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import type { ChartColumns } from '../../worker/contracts/telemetry';
import type { ItemRow } from '../../worker/contracts/items';
import { adminToken, baseURL, callApi, demoAccounts, looks, openPage, postRest, restAs, screenshot, visit } from '../support/e2e';

/** A GET as a script would send it (Bearer token), unwrapped. */
const getRest = async <T>(path: string, token: string) =>
  ((await (await fetch(`${baseURL}/rest${path}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as { data: T }).data;

const station = 'DANES-BRNO-01';
const chartPath = `/charts/${station}/true`;
const ready = (page: Page) => page.locator('[data-reading="H1"] [data-testid="reading-chart"][data-ready="true"]').waitFor();

/** Marks a stretch of the H1 chart by dragging across its middle, then applies `flag` with a note. */
async function markByDrag(page: Page, flag: 'Rejected' | 'Suspect', note: string) {
  const card = page.locator('[data-reading="H1"]');
  await card.getByRole('button', { name: 'Mark readings' }).click();
  // The form below the chart loads and takes the focus, which may scroll the page: the drag starts once it has.
  await card.getByTestId('flag-form').waitFor();
  const surface = card.getByTestId('selection-surface');
  const size = (await surface.boundingBox())!;
  await surface.hover({ position: { x: size.width * 0.55, y: size.height / 2 } });
  const box = (await surface.boundingBox())!;
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.57, box.y + box.height / 2, { steps: 4 });
  await page.mouse.up();
  await card.getByTestId('selection-band').waitFor();
  const form = card.getByTestId('flag-form');
  expect(await form.getByLabel('From').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  expect(await form.getByLabel('To (included)').inputValue()).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  if (flag !== 'Rejected') {
    await form.getByLabel('Flag').click();
    await page.getByRole('option', { name: flag }).click();
  }
  await form.getByLabel('Note').fill(note);
  await form.getByRole('button', { name: 'Apply flag' }).click();
  await form.waitFor({ state: 'detached' });
}

describe('quality control in the browser', () => {
  test('an administrator rejects a stretch by dragging across the chart; it is drawn apart, can be hidden, and is in the audit log', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, chartPath);
    await ready(page);
    await markByDrag(page, 'Rejected', 'Pump test at the well (e2e).');
    const chart = page.locator('[data-reading="H1"] [data-testid="reading-chart"]');
    await page.locator('[data-reading="H1"] [data-testid="reading-chart"][data-rejected]').waitFor();
    const rejected = Number(await chart.getAttribute('data-rejected'));
    expect(rejected).toBeGreaterThan(0);
    await page
      .locator('[data-reading="H1"]')
      .getByTestId('flag-counts')
      .getByText(/^Rejected: \d+$/)
      .waitFor();

    // The API agrees: the rejected readings are left out of the line and listed apart.
    const range = {
      from: await page.getByLabel('From', { exact: true }).inputValue(),
      to: await page.getByLabel('To', { exact: true }).inputValue(),
    };
    const columns = await restAs<ChartColumns>(
      page,
      `/api/item?${new URLSearchParams({ id: station, ...range, format: 'columns', points: '1200' })}`,
    );
    const flagged = columns.flags!.H1;
    expect(flagged.q.filter((q) => q === 2).length).toBe(rejected);
    expect(columns.data.H1.t.some((t) => flagged.t.includes(t) && flagged.q[flagged.t.indexOf(t)] === 2)).toBe(false);

    await page.getByLabel('Leave rejected readings out (charts and CSV)').click();
    await page.locator('[data-reading="H1"] [data-testid="reading-chart"][data-ready="true"]:not([data-rejected])').waitFor();
    await page.getByLabel('Leave rejected readings out (charts and CSV)').click();

    // The station's Quality tab (the administrator's edit screen) lists the change with who and why.
    const [item] = (await restAs<ItemRow[]>(page, '/items')).filter((i) => i.unique_id === station);
    await visit(page, `/edit-item/${item.id}`);
    await page.getByRole('tab', { name: 'Quality' }).click();
    const entry = page.getByTestId('log-entry').filter({ hasText: 'Pump test at the well (e2e).' });
    await entry.waitFor();
    expect(await entry.textContent()).toContain(`${demoAccounts.admin.firstName} ${demoAccounts.admin.secondName}`);
    await context.close();
  });

  test('approval shades the chart up to its day and locks the readings against edits', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const [item] = (await restAs<ItemRow[]>(page, '/items')).filter((i) => i.unique_id === station);
    const day = new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10);
    await postRest(
      `/quality/approve?id=${item.id}`,
      { QualityApprove: { reading: 'H1', to: day, note: 'Field visit checked (e2e).' } },
      await adminToken(),
    );
    await visit(page, chartPath);
    await ready(page);
    await page.locator('[data-reading="H1"] [data-testid="approval-band"][data-level="approved"]').waitFor();
    const edit = await callApi(page, `/quality/flag?id=${item.id}`, {
      QualityFlag: { reading: 'H1', from: `${day}T06:00:00Z`, to: `${day}T07:00:00Z`, flag: 'suspect', note: 'Too late (e2e).' },
    });
    expect(edit.status).toBe(409);
    const withdrawn = await callApi(page, `/quality/withdraw?id=${item.id}`, {
      QualityWithdraw: { reading: 'H1', note: 'Withdrawn after the e2e test.' },
    });
    expect(withdrawn.status).toBe(200);
    await context.close();
  });

  test('a range set at a level on the Quality screen is listed there, and banded on the chart in its colour with its name', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const [item] = (await restAs<ItemRow[]>(page, '/items')).filter((i) => i.unique_id === station);
    const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await visit(page, `/edit-item/${item.id}`);
    await page.getByRole('tab', { name: 'Quality' }).click();
    const form = page.getByTestId('approve-form');
    await form.getByLabel('Reading').click();
    await page.getByRole('option', { name: 'Groundwater level', exact: true }).click();
    await form.getByLabel('Level').click();
    await page.getByRole('option', { name: 'checked' }).click();
    await form.getByLabel('From the start of').fill(dayAgo(4));
    await form.getByLabel('Up to the end of').fill(dayAgo(2));
    await form.getByLabel(/^Note/).fill('Tape measurement agrees (e2e).');
    await form.getByLabel(/^Note/).press('Enter');
    const listed = page.locator('[data-reading="H1"] [data-testid="approval-range"][data-level="checked"]');
    await listed.waitFor();
    expect(await listed.textContent()).toContain('Tape measurement agrees (e2e).');
    // The list and both forms fit a phone, in the dark too.
    const phone = await openPage({ width: 360, height: 800, colorScheme: 'dark', as: demoAccounts.admin });
    await visit(phone.page, `/edit-item/${item.id}`);
    await phone.page.getByRole('tab', { name: 'Quality' }).click();
    await phone.page.locator('[data-testid="approval-range"][data-level="checked"]').waitFor();
    expect(await phone.page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(phone.page.getByTestId('approvals'), 'approvals-360-dark');
    await phone.context.close();

    await visit(page, chartPath);
    await ready(page);
    const band = page.locator('[data-reading="H1"] [data-testid="approval-band"][data-level="checked"]');
    await band.waitFor();
    expect(await band.getAttribute('data-colour')).toBe('#3b82f6');
    expect(await band.textContent()).toBe('checked');
    await page.locator('[data-reading="H1"]').getByTestId('approval-legend').getByText('checked').waitFor();
    await screenshot(page.locator('[data-reading="H1"]'), 'approval-band-card');
    const withdrawn = await callApi(page, `/quality/withdraw?id=${item.id}`, {
      QualityWithdraw: { reading: 'H1', note: 'Withdrawn after the e2e test.' },
    });
    expect(withdrawn.status).toBe(200);
    await context.close();
  });

  // One test per look, in order: the first grants the right and marks a stretch, the others find it marked.
  test.each(looks)(
    'a user granted quality control reaches the Quality screen from the charts and marks readings, at $width px $scheme',
    async (look) => {
      if (look === looks[0]) {
        // The demo user sees the Brno well through its group; the administrator grants quality control on that group link.
        const admin = await adminToken();
        const demoUser = (await getRest<{ id: number; username: string }[]>('/subjects', admin)).find(
          (s) => s.username === demoAccounts.user.username,
        )!;
        const { groups } = await getRest<{ groups: number[] }>(`/subjects/edit?id=${demoUser.id}`, admin);
        await postRest(`/subjects/groups?id=${demoUser.id}`, { SubjectGroups: groups.map((id) => ({ id, quality: true })) }, admin);
      }
      const { context, page } = await openPage({ width: look.width, height: look.height, colorScheme: look.scheme, as: demoAccounts.user });
      await visit(page, chartPath);
      await ready(page);
      const quality = page.getByRole('link', { name: 'Quality' });
      await quality.waitFor();
      if (look === looks[0]) await markByDrag(page, 'Suspect', 'Sensor wiped by the user (e2e).');
      await page.locator('[data-reading="H1"] [data-testid="reading-chart"][data-suspect]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), `${look.width} ${look.scheme}`).toBe(
        false,
      );
      await page.locator('[data-reading="H1"]').scrollIntoViewIfNeeded();
      await screenshot(page, `quality-chart-${look.width}-${look.scheme}`);
      await screenshot(page.locator('[data-reading="H1"]'), `quality-chart-card-${look.width}-${look.scheme}`);
      await quality.click();
      await page.getByTestId('quality-panel').waitFor();
      await page.getByTestId('log-entry').first().waitFor();
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth),
        `quality ${look.width} ${look.scheme}`,
      ).toBe(false);
      await screenshot(page, `quality-screen-${look.width}-${look.scheme}`, { fullPage: true });
      await context.close();
    },
  );
});
