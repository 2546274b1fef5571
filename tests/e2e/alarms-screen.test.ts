import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { EscalationPolicy } from '../../worker/contracts/escalations';
import type { GroupRule } from '../../worker/contracts/group-rules';
import {
  adminToken,
  createAccount,
  demoAccounts,
  openPage,
  postRest,
  removeStations,
  restAs,
  looks,
  screenshot,
  screenshotsIn,
  visit,
  type Account,
} from '../support/e2e';
import { addAlarmStation, addRule, linkStation, postLevel, type AlarmStation } from '../support/e2e-alarms';

const prefix = `E2E-ALARM-SCREEN-${Date.now().toString(36)}`;
let token: string;
let seen: AlarmStation;
let hidden: AlarmStation;
let viewer: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  token = await adminToken();
  seen = await addAlarmStation(token, `${prefix}-SEEN`, 'Alarm well Seen', [49.19, 16.61]);
  hidden = await addAlarmStation(token, `${prefix}-HIDDEN`, 'Alarm well Hidden', [49.21, 16.58]);
  await addRule(token, { item_id: seen.item.id, name: 'Seen flood', kind: 'above', reading: 'H1', threshold: 5, severity: 'critical' });
  await addRule(token, { item_id: hidden.item.id, name: 'Hidden flood', kind: 'above', reading: 'H1', threshold: 5, severity: 'warning' });
  viewer = await createAccount('alarms');
  await linkStation(token, seen.item.id, [viewer.id]);
});
afterAll(() => removeStations(prefix));

const rowOf = (page: Page, rule: string) => page.getByTestId('alarm-row').filter({ hasText: rule });

const signedIn = (account: Account, options?: Parameters<typeof openPage>[0]) => openPage({ ...options, as: account });

describe('/alarms', () => {
  test('the administrator acknowledges an active alarm with a note, and it moves to Acknowledged with who, when and the note', async () => {
    await postLevel(seen, 6);
    const { context, page } = await signedIn(demoAccounts.admin);
    await visit(page, '/alarms');
    const row = rowOf(page, 'Seen flood');
    await row.waitFor();

    // By keyboard: the dialog opens on the note; Tab leads past Cancel to Acknowledge.
    await row.getByRole('button', { name: 'Acknowledge Seen flood at Alarm well Seen' }).focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('alertdialog', { name: 'Acknowledge alarm' });
    await dialog.waitFor();
    await page.keyboard.type('Pump crew on the way.');
    expect(await dialog.getByLabel('Note (optional)').inputValue()).toBe('Pump crew on the way.');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => row.count()).toBe(0);

    await page.getByRole('tab', { name: /^Acknowledged/ }).click();
    await page.waitForURL(/view=acknowledged/);
    const acknowledged = rowOf(page, 'Seen flood');
    await acknowledged.waitFor();
    expect(await acknowledged.getAttribute('data-state')).toBe('acknowledged');
    expect(await acknowledged.textContent()).toContain('Alena Správcová');
    expect(await acknowledged.textContent()).toContain('Pump crew on the way.');
    expect(await acknowledged.getByRole('button', { name: /Acknowledge/ }).count()).toBe(0);
    // The card badge turns to its outlined, acknowledged look.
    await visit(page, '/dashboard');
    expect(await page.locator(`[data-station="${seen.item.unique_id}"] [data-testid="alarm-badge"]`).getAttribute('data-state')).toBe(
      'acknowledged',
    );
    await context.close();
  });

  test('an alarm acknowledged elsewhere while the dialog is open says so instead of failing silently', async () => {
    await postLevel(seen, 3);
    await postLevel(seen, 6.5);
    const { context, page } = await signedIn(demoAccounts.admin);
    await visit(page, `/alarms?station=${seen.item.id}`);
    await rowOf(page, 'Seen flood')
      .getByRole('button', { name: /^Acknowledge/ })
      .click();
    const dialog = page.getByRole('alertdialog');

    const [open] = await restAs<{ id: number }[]>(page, `/alarms?state=active&item_id=${seen.item.id}`);
    await postRest(`/alarms/acknowledge?id=${open.id}`, { AlarmAcknowledge: { note: 'Handled by phone.' } }, token);
    await dialog.getByRole('button', { name: 'Acknowledge' }).click();
    await dialog.getByText('Someone acknowledged this alarm, or it cleared, in the meantime.').waitFor();
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect.poll(() => page.getByTestId('alarm-row').count()).toBe(0);
    await context.close();
  });

  test('filters by severity and station live in the address and narrow the list', async () => {
    await postLevel(hidden, 6);
    const { context, page } = await signedIn(demoAccounts.admin);
    await visit(page, '/alarms');
    await rowOf(page, 'Hidden flood').waitFor();
    await page.getByLabel('Severity').click();
    await page.getByRole('option', { name: 'Critical' }).click();
    await page.waitForURL(/severity=critical/);
    await expect.poll(() => rowOf(page, 'Hidden flood').count()).toBe(0);
    await page.getByLabel('Severity').click();
    await page.getByRole('option', { name: 'Warning' }).click();
    await page.waitForURL(/severity=warning/);
    await rowOf(page, 'Hidden flood').waitFor();

    await visit(page, `/alarms?station=999999`);
    await page.getByText('Station not found').waitFor();
    await context.close();
  });

  test('a plain user sees the alarms, badges and filter of the stations they may see, and nothing of the others', async () => {
    await postLevel(hidden, 7);
    const { context, page } = await signedIn(viewer);
    const visible = await restAs<{ unique_id: string }[]>(page, '/alarms?state=open');
    expect(visible.map((a) => a.unique_id)).toEqual([seen.item.unique_id]);

    await visit(page, '/alarms?view=acknowledged');
    await rowOf(page, 'Seen flood').waitFor();
    expect(await page.getByText('Hidden flood').count()).toBe(0);
    await page.getByLabel('Station').click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['All stations', 'Alarm well Seen']);
    await page.keyboard.press('Escape');

    await visit(page, `/alarms?station=${hidden.item.id}`);
    await page.getByText('Station not found').waitFor();

    await visit(page, '/dashboard');
    expect(await page.locator(`[data-station="${seen.item.unique_id}"] [data-testid="alarm-badge"]`).count()).toBe(1);
    expect(await page.locator(`[data-station="${hidden.item.unique_id}"]`).count()).toBe(0);
    await context.close();
  });

  test('the statistics tab counts the alarms of each rule the user may see, over the range chosen, and fits 360 px', async () => {
    const { context, page } = await signedIn(viewer, { width: 360, height: 800 });
    await visit(page, '/alarms');
    // Every view's tab in sight, none scrolled away sideways.
    for (const box of await page
      .getByRole('tab')
      .evaluateAll((tabs) => tabs.map((tab) => tab.getBoundingClientRect().toJSON() as DOMRect))) {
      expect(box.left).toBeGreaterThanOrEqual(0);
      expect(box.right).toBeLessThanOrEqual(360);
    }
    expect(await page.getByRole('tablist').evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
    await page.getByRole('tab', { name: 'Statistics' }).click();
    await page.waitForURL(/view=statistics/);
    const row = page.getByTestId('statistics-rule').filter({ hasText: 'Seen flood' });
    await row.waitFor();
    // Station, rule, events, acknowledged, median, longest, escalations, false alarms: the first tests fired and acknowledged it.
    const cells = await row.getByRole('cell').allTextContents();
    expect(cells[0]).toContain('Alarm well Seen');
    expect(Number(cells[2])).toBeGreaterThanOrEqual(1);
    expect(Number(cells[3])).toBeGreaterThanOrEqual(1);
    expect(cells[7]).toBe('0');
    expect(await page.getByText('Hidden flood').count()).toBe(0);
    // The table scrolls inside its box; the page does not widen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await page.getByRole('radio', { name: 'Days back: 7', exact: true }).click();
    await page.waitForURL(/days=7/);
    await row.waitFor();
    await screenshot(page, 'alarms-statistics-360', { fullPage: true });
    await context.close();
  });

  test('the administrator creates a rule across stations (2 of 2) and its alarm shows on the alarms screen', async () => {
    // Wells of its own: the others' readings and alarms belong to the tests around it (a fall from their 6 m would
    // also be flagged suspect and move no level).
    const north = await addAlarmStation(token, `${prefix}-NORTH`, 'Alarm well North', [49.3, 16.5]);
    const south = await addAlarmStation(token, `${prefix}-SOUTH`, 'Alarm well South', [49.1, 16.7]);
    for (const station of [north, south])
      await postRest(
        `/warning-levels/edit?id=${station.item.id}`,
        { WarningLevels: { reading: 'H1', levels: [{ threshold: 4 }, { threshold: 8 }] } },
        token,
      );
    await postLevel(north, 4.5);
    await postLevel(south, 4.6);
    const { context, page } = await signedIn(demoAccounts.admin, { width: 360 });
    await visit(page, '/group-rules');
    await page.getByRole('button', { name: 'Add rule' }).click();
    const editor = page.getByTestId('group-rule-editor');
    await editor.getByLabel('Name').fill('Both wells high');
    await editor.getByLabel('Stations needed (k)').fill('2');
    await editor.getByLabel(`${north.item.unique_id} H1`).check();
    await editor.getByLabel(`${south.item.unique_id} H1`).check();
    await editor.getByRole('button', { name: 'Save' }).click();
    const card = page.getByTestId('group-rule').filter({ hasText: 'Both wells high' });
    await card.waitFor();
    expect(await card.textContent()).toContain('Fires at 2 of 2 stations; 2 at their level now');
    expect(await card.textContent()).toContain('alarm open');
    await screenshot(page, 'group-rules-360-light', { fullPage: true });

    await visit(page, '/alarms');
    await rowOf(page, 'Both wells high').waitFor();

    // An escalation policy can be started by it, as by a station's rule.
    await visit(page, '/escalations');
    await page.getByRole('button', { name: 'New policy' }).click();
    const policy = page.getByTestId('policy-editor');
    await policy.getByLabel('Name', { exact: true }).fill('Both wells duty (e2e)');
    await policy.getByRole('group', { name: 'People' }).getByRole('checkbox').first().check();
    await policy.getByRole('checkbox', { name: 'Both wells high: At least 2 stations at their warning level' }).check();
    await policy.getByRole('button', { name: 'Save' }).click();
    await page.locator('[data-testid="policy"]').filter({ hasText: 'Both wells duty (e2e)' }).waitFor();
    const rule = (await restAs<GroupRule[]>(page, '/group-rules')).find((r) => r.name === 'Both wells high')!;
    const saved = (await restAs<EscalationPolicy[]>(page, '/escalation-policies')).find((p) => p.name === 'Both wells duty (e2e)')!;
    expect(saved.rules).toEqual([rule.id]);
    await postRest(`/escalation-policies/delete?id=${saved.id}`, undefined, token);
    await context.close();
  });
});

describe('forecast rules', () => {
  test('the administrator sets a rule on a warning level forecast; a rising well fires it, and the statistics score its forecast', async () => {
    const well = await addAlarmStation(token, `${prefix}-RISING`, 'Alarm well Rising', [49.25, 16.7]);
    await postRest(
      `/warning-levels/edit?id=${well.item.id}`,
      { WarningLevels: { reading: 'H1', levels: [{ threshold: 4 }, { threshold: 5 }] } },
      token,
    );
    const { context, page } = await signedIn(demoAccounts.admin, { width: 360 });
    await visit(page, `/edit-item/${well.item.id}`);
    await page.getByRole('tab', { name: 'Alarm rules' }).click();
    await page.getByRole('button', { name: 'Add rule' }).click();
    const editor = page.getByTestId('rule-editor');
    await editor.getByLabel('Kind', { exact: true }).click();
    await page.getByRole('option', { name: 'Warning level forecast', exact: true }).click();
    await editor.getByLabel('Name (optional)').fill('Rising well');
    // The kind asks for a warning level and a lead time, with sensible starting values, and nothing about thresholds.
    expect(await editor.getByLabel('Warning level (1 = the first)').inputValue()).toBe('1');
    expect(await editor.getByLabel('Forecast within (minutes)').inputValue()).toBe('180');
    expect(await editor.getByLabel('Deadband (m)').count()).toBe(0);
    await editor.getByLabel('Forecast within (minutes)').fill('120');
    await screenshot(editor, 'alarm-rule-forecast-360');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    await page.getByRole('table', { name: 'Alarm rules of the station' }).getByText('level 1 reached or forecast within 120 min').waitFor();

    // 0.5 m an hour from 2.5 m: 4 m (level 1) an hour after the newest reading.
    const start = Date.now() - 3 * 3_600_000;
    const rows = [2.5, 3.0, 3.5].map((value, h) => ({
      data_name: 'H1',
      data_value: value,
      date: new Date(start + h * 3_600_000).toISOString(),
    }));
    await postRest('/ingest/danes', { rows }, well.token);
    await visit(page, '/alarms');
    const row = rowOf(page, 'Rising well');
    await row.waitFor();
    expect(await row.textContent()).toContain('Warning level 1 forecast or reached');

    await page.getByRole('tab', { name: 'Statistics' }).click();
    const scored = page.getByTestId('statistics-forecast').filter({ hasText: 'Alarm well Rising' });
    await scored.waitFor();
    // Station, level, forecasts, hits, false alarms, pending, crossings warned: one forecast, still inside its tolerance.
    const cells = await scored.getByRole('cell').allTextContents();
    expect(cells.slice(2, 7)).toEqual(['1', '0', '0', '1', '0 / 0']);
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshotsIn(
      page,
      [
        { width: 360, height: 800, scheme: 'light' },
        { width: 1280, height: 800, scheme: 'light' },
      ],
      async (look) => {
        await scored.waitFor();
        await screenshot(page, `alarms-statistics-forecasts-${look.width}`, { fullPage: true });
      },
    );
    await context.close();
  });
});

describe('looks', () => {
  test.each(looks)('/alarms, its dialog and the dashboard’s badges fit $width px, $scheme', async ({ width, height, scheme }) => {
    const { context, page } = await signedIn(demoAccounts.admin, { width, height, colorScheme: scheme });
    await visit(page, '/dashboard');
    await page.locator(`[data-station="${hidden.item.unique_id}"] [data-testid="alarm-badge"]`).waitFor();
    // The two test wells stand close together (and near Brno): a cluster with the dot of its worst alarm.
    await page.locator('.cluster-marker[data-alarm]').waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(scheme === 'dark');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, `alarms-dashboard-${width}-${scheme}`, { fullPage: true });

    await visit(page, '/alarms');
    await page.getByTestId('alarm-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    // The live indicator's dot and word end where the header's row ends, though its longest word keeps its width.
    const [shownEnd, rowEnd] = await page.evaluate(() => {
      const indicator = document.querySelector('[data-testid="live-indicator"]')!;
      return [indicator.querySelector(':scope > :not(.invisible)')!, indicator.parentElement!].map((e) => e.getBoundingClientRect().right);
    });
    expect(Math.abs(shownEnd - rowEnd)).toBeLessThan(1);
    await screenshot(page, `alarms-${width}-${scheme}`, { fullPage: true });
    await page
      .getByTestId('alarm-row')
      .first()
      .getByRole('button', { name: /^Acknowledge/ })
      .click();
    await page.getByRole('alertdialog').waitFor();
    await screenshot(page, `alarms-acknowledge-${width}-${scheme}`);
    await context.close();
  });
});
