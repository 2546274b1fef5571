import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, demoAccounts, openPage, postRest, removeStations, restAs, screenshot, visit } from '../support/e2e';
import { addAlarmStation, addRule, postLevel, type AlarmStation } from '../support/e2e-alarms';
import { createShareLink } from '../support/e2e-share';

const prefix = `E2E-ALARM-LIVE-${Date.now().toString(36)}`;
let token: string;
let well: AlarmStation;

beforeAll(async () => {
  token = await adminToken();
  // Near Prague, apart from the demo stations, so the map shows it as a marker of its own rather than in a cluster.
  well = await addAlarmStation(token, `${prefix}-WELL`, 'Alarm test well', [50.08, 14.43]);
  await addRule(token, {
    item_id: well.item.id,
    name: 'Test flood',
    kind: 'above',
    reading: 'H1',
    threshold: 5,
    deadband: 0.5,
    severity: 'critical',
  });
  await addRule(token, { item_id: well.item.id, name: 'Test low', kind: 'below', reading: 'H1', threshold: 1, severity: 'warning' });
  await postLevel(well, 3);
});
afterAll(() => removeStations(prefix));

const card = (page: Page) => page.locator(`[data-testid="station-card"][data-station="${well.item.unique_id}"]`);
const live = (page: Page) => page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();

async function adminOn(path: string) {
  const opened = await openPage({ as: demoAccounts.admin });
  await visit(opened.page, path);
  await live(opened.page);
  return opened;
}

describe('alarms live on the dashboard', () => {
  test('a reading past a rule’s threshold puts a badge naming the rule on the open dashboard’s card without a reload, and it goes when the alarm clears', async () => {
    const { context, page } = await adminOn('/dashboard');
    expect(await card(page).getByTestId('alarm-badge').count()).toBe(0);

    await postLevel(well, 5.6);
    const badge = card(page).getByTestId('alarm-badge');
    await expect.poll(() => badge.count()).toBe(1);
    expect(await badge.getAttribute('data-severity')).toBe('critical');
    expect(await badge.textContent()).toContain('Test flood');
    // The marker rings in the alarm's colour; the menu counts it.
    await page.locator(`.station-marker[data-station="${well.item.unique_id}"][data-alarm="critical"]`).waitFor();
    await expect
      .poll(() => page.getByTestId('nav-alarm-count').first().textContent())
      .toBe(String((await restAs<unknown[]>(page, '/alarms?state=active')).length));

    // Back under the clear level (threshold − deadband): the alarm clears and the badge goes.
    await postLevel(well, 4.4);
    await expect.poll(() => badge.count()).toBe(0);
    await context.close();
  });

  test('the dashboard’s server HTML already carries the badge of an open alarm', async () => {
    await postLevel(well, 0.5);
    const { context, page } = await openPage({ as: demoAccounts.admin });
    const html = await (await page.request.get('/dashboard')).text();
    expect(html).toMatch(
      new RegExp(`data-station="${well.item.unique_id}"[\\s\\S]*?data-testid="alarm-badge"[^>]*data-severity="warning"`),
    );
    await postLevel(well, 3);
    await context.close();
  });
});

describe('alarms on a station’s charts', () => {
  test('the chart draws each value rule’s threshold and clear level, and the open alarm shows above the charts live', async () => {
    const { context, page } = await adminOn(`/charts/${well.item.unique_id}?days=1`);
    const chart = page.locator('[data-reading="H1"] [data-testid="reading-chart"]');
    await chart.and(page.locator('[data-ready="true"]')).waitFor();
    expect(await chart.getAttribute('data-thresholds')).toBe('5 4.5 1');
    expect(await page.getByTestId('station-alarms').count()).toBe(0);

    await postLevel(well, 6);
    const panel = page.getByTestId('station-alarms');
    await expect.poll(() => panel.count()).toBe(1);
    expect(await panel.textContent()).toContain('Test flood');
    await postLevel(well, 3);
    await expect.poll(() => panel.count()).toBe(0);
    await context.close();
  });
});

describe('alarms live on /alarms', () => {
  test('an alarm that fires appears among the active ones without a reload, and moves to the history when it clears', async () => {
    const { context, page } = await adminOn(`/alarms?station=${well.item.id}`);
    const rows = page.getByTestId('alarm-row');
    expect(await rows.count()).toBe(0);
    await page.getByText('No alarm matches the chosen station and severity.').waitFor();

    await postLevel(well, 7);
    await expect.poll(() => rows.count()).toBe(1);
    const row = rows.first();
    expect(await row.textContent()).toMatch(/Critical.*Test flood.*Above 5 m.*Alarm test well/);
    expect(await row.textContent()).toContain('7.0000 m');
    const id = await row.getAttribute('data-alarm');

    await page.getByRole('tab', { name: 'History' }).click();
    await page.locator('[data-testid="alarm-row"][data-state="cleared"]').first().waitFor();
    const before = await page.getByTestId('alarm-row').count();
    expect(before).toBe((await restAs<unknown[]>(page, `/alarms?state=cleared&item_id=${well.item.id}`)).length);
    await postLevel(well, 3);
    await expect.poll(() => page.locator(`[data-testid="alarm-row"][data-alarm="${id}"]`).count()).toBe(1);
    expect(await page.getByTestId('alarm-row').count()).toBe(before + 1);
    expect(await page.locator(`[data-alarm="${id}"]`).textContent()).toContain('Cleared');
    await context.close();
  });
});

describe('warning levels on the screens', () => {
  let station: AlarmStation;
  beforeAll(async () => {
    station = await addAlarmStation(token, `${prefix}-LEVELS`, 'Leveled test well', [49.6, 15.6]);
    await postRest(
      `/warning-levels/edit?id=${station.item.id}`,
      { WarningLevels: { reading: 'H1', levels: [{ threshold: 1.2 }, { name: 'Test flood level', color: '#7c3aed', threshold: 1.8 }] } },
      token,
    );
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // An hour apart and gentle, so no quality check flags them (a suspect reading moves no level).
    await postRest(
      '/ingest/danes',
      { rows: [0.9, 1.5, 2.1].map((value, i) => ({ data_name: 'H1', data_value: value, date: hoursAgo(3 - i) })) },
      station.token,
    );
  });

  test('a card says how soon the next level is reached if the trend goes on, the time in the station zone on hover', async () => {
    const rising = await addAlarmStation(token, `${prefix}-TREND`, 'Rising test well', [49.7, 15.7]);
    await postRest(
      `/warning-levels/edit?id=${rising.item.id}`,
      { WarningLevels: { reading: 'H1', levels: [{ threshold: 1.2 }, { threshold: 1.8 }] } },
      token,
    );
    const hoursAgo = (h: number) => new Date(Date.now() - h * 3_600_000).toISOString();
    // 0.1 m an hour, the newest reading now at 1.6 m: level 2 (1.8 m) in about two hours.
    await postRest(
      '/ingest/danes',
      { rows: [1.3, 1.4, 1.5, 1.6].map((value, i) => ({ data_name: 'H1', data_value: value, date: hoursAgo(3 - i) })) },
      rising.token,
    );
    const id = rising.item.unique_id;
    const { context, page } = await adminOn(`/dashboard?q=${id}`);
    const forecast = page.locator(`[data-testid="station-card"][data-station="${id}"] [data-testid="level-forecast"]`);
    await expect.poll(async () => (await forecast.textContent()) ?? '').toMatch(/^Level 2 in ~(1 h 5\d|2 h 0) min/);
    expect(await forecast.getAttribute('title')).toMatch(/^Alert \(level 2, .+\) expected at .+ station time/);
    await visit(page, '/display');
    expect(await forecast.getAttribute('data-level')).toBe('2');
    await context.close();
  });

  test('the level a station stands at shows on its card (in the server HTML, then live), marker, display, charts and share page', async () => {
    const id = station.item.unique_id;
    const badgeIn = (page: Page) => page.locator(`[data-testid="station-card"][data-station="${id}"] [data-testid="level-badge"]`);

    // Alone on the dashboard, so its marker is not in a cluster.
    const { context, page } = await adminOn(`/dashboard?q=${id}`);
    const html = await (await page.request.get(`/dashboard?q=${id}`)).text();
    expect(html).toMatch(new RegExp(`data-station="${id}"[\\s\\S]*?data-testid="level-badge" data-level="2"`));
    expect(await badgeIn(page).textContent()).toContain('Test flood level');
    await page.locator(`.station-marker[data-station="${id}"][data-level="2"]`).waitFor();
    // A level the station's object moves reaches the open dashboard with the rows that moved it: down to 1, up to 2.
    const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();
    for (const [value, level] of [
      [1.5, 1],
      [2.1, 2],
    ]) {
      await postRest(
        '/ingest/danes',
        { rows: [{ data_name: 'H1', data_value: value, date: minutesAgo(level === 1 ? 40 : 20) }] },
        station.token,
      );
      await page.locator(`[data-testid="station-card"][data-station="${id}"] [data-testid="level-badge"][data-level="${level}"]`).waitFor();
      await page.locator(`.station-marker[data-station="${id}"][data-level="${level}"]`).waitFor();
    }

    await visit(page, '/display');
    expect(await badgeIn(page).getAttribute('data-level')).toBe('2');

    await visit(page, `/charts/${id}?days=1`);
    const chart = page.locator('[data-reading="H1"] [data-testid="reading-chart"]');
    await chart.and(page.locator('[data-ready="true"]')).waitFor();
    expect(await chart.getAttribute('data-thresholds')).toBe('1.2 1.8');
    await context.close();

    const link = await createShareLink({ stations: [{ id: station.item.id, readings: ['H1'] }] });
    const visitor = await openPage();
    await visit(visitor.page, link.path);
    expect(await badgeIn(visitor.page).getAttribute('data-level')).toBe('2');
    await visitor.context.close();
  });

  test('an administrator edits the levels (refused out of order, naming the field), starts maintenance with the phone’s button, and the chart shows the window as a band', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin, width: 360, height: 780 });
    await visit(page, `/warning/${station.item.id}`);
    const editor = page.locator('[data-testid="scale-editor"][data-reading="H1"]');
    expect(await editor.getByTestId('scale-current').textContent()).toContain('Test flood level');

    // Level 2 below level 1: refused, saving nothing.
    await editor.getByLabel('Threshold of level 2').fill('1.0');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByRole('alert').filter({ hasText: 'threshold must be above level 1' }).waitFor();
    const stored = async () => (await restAs<{ levels: { threshold: number }[] }[]>(page, `/warning-levels?item_id=${station.item.id}`))[0];
    expect((await stored()).levels.map((l) => l.threshold)).toEqual([1.2, 1.8]);

    await editor.getByLabel('Threshold of level 2').fill('2.4');
    await editor.getByRole('button', { name: 'Add a level' }).click();
    await editor.getByLabel('Threshold of level 3').fill('3');
    await editor.getByRole('button', { name: 'Save' }).click();
    await expect.poll(async () => (await stored()).levels.map((l) => l.threshold)).toEqual([1.2, 2.4, 3]);
    await screenshot(editor, 'warning-levels-editor-360-light');

    // On site: one big button, an hour from now.
    const start = page.getByTestId('maintenance-start');
    expect((await start.boundingBox())!.height).toBeGreaterThanOrEqual(48);
    await start.click();
    await page.getByTestId('maintenance-current').waitFor();
    await postRest('/ingest/danes', { rows: [{ data_name: 'H1', data_value: 2.2, date: new Date().toISOString() }] }, station.token);

    await visit(page, `/charts/${station.item.unique_id}?days=1`);
    await page.locator('[data-reading="H1"] [data-testid="maintenance-band"]').waitFor();
    await context.close();
  });
});
