import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminToken,
  baseURL,
  callApi,
  createAccount,
  demoAccounts,
  looks,
  openPage,
  postRest,
  screenshot,
  removeStations,
  visit,
} from '../support/e2e';
import { m } from '~/paraglide/messages';

const stamp = Date.now().toString(36);
const stationPrefix = `E2E-RULES-${stamp}`;
const hour = 3_600_000;

let station: { id: number; unique_id: string };
let ingestToken: string;

/** A DANES well of this run with 20 days of hourly levels around 2 m and two floods above 2.5 m. */
async function floodedStation() {
  const admin = await adminToken();
  station = await postRest(
    '/items/edit',
    { Items: { name: `Rules well ${stamp}`, unique_id: `${stationPrefix}-1`, name_for_api: 'DANES', timezone: 'Europe/Prague' } },
    admin,
  );
  ingestToken = (await postRest<{ token: string }>(`/items/token?id=${station.id}`, undefined, admin)).token;
  const start = Math.floor(Date.now() / hour) * hour - 20 * 24 * hour;
  const level = (h: number) => ((h >= 100 && h < 105) || (h >= 300 && h < 303) ? 2.8 : 2 + 0.1 * Math.sin(h / 12));
  const rows = Array.from({ length: 20 * 24 }, (_, h) => ({
    data_name: 'H1',
    data_value: level(h),
    date: new Date(start + h * hour).toISOString(),
  }));
  rows.push(...rows.map((r) => ({ ...r, data_name: 'POWER', data_value: 12.6 })));
  await postRest('/ingest/danes', { rows }, ingestToken);
}

beforeAll(async () => {
  await floodedStation();
});
afterAll(() => removeStations(stationPrefix));

async function rulesTab(page: Page) {
  await visit(page, `/edit-item/${station.id}`);
  await page.getByRole('tab', { name: 'Alarm rules' }).click();
}

const rulesTable = (page: Page) => page.getByRole('table', { name: 'Alarm rules of the station' });
const rulesOf = async (page: Page) => (await callApi(page, `/alarm-rules?item_id=${station.id}`)).json.data as any[];

/** Waits until a choice (a select's trigger) shows `text`: its value is drawn in after it renders. */
const shows = (choice: Locator, text: string) => choice.filter({ hasText: text }).waitFor();

async function choose(page: Page, label: string, option: string) {
  await page.getByTestId('rule-editor').getByLabel(label, { exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

describe('the rules tab of a station', () => {
  test('creates a rule whose preview counts what the API counts, edits it and deletes it', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await rulesTab(page);
    await page.getByText('No alarm rules yet').waitFor();

    await page.getByRole('button', { name: 'Add rule' }).click();
    const editor = page.getByTestId('rule-editor');
    await editor.getByLabel('Name (optional)').fill('Flood');
    await editor.getByLabel('Threshold (m)').fill('2.5');
    await editor.getByLabel('Deadband (m)').fill('0.1');
    await editor.getByRole('button', { name: 'Preview' }).click();
    const preview = editor.getByTestId('rule-preview');
    await preview.waitFor();
    const draft = { item_id: station.id, name: 'Flood', kind: 'above', reading: 'H1', threshold: 2.5, deadband: 0.1 };
    const answer = await callApi(page, '/alarm-rules/preview', { AlarmRules: draft });
    expect(answer.json.data.fired).toBe(2);
    expect(Number(await preview.getAttribute('data-fired'))).toBe(answer.json.data.fired);
    await preview.getByText('Would have fired 2 times in the last 30 days.').waitFor();
    await preview.locator('[data-testid="reading-chart"][data-ready="true"]').waitFor();
    expect(await preview.getByRole('list', { name: 'When it would have fired' }).getByRole('listitem').count()).toBe(2);

    // A change after the preview says the preview is out of date.
    await editor.getByLabel('Threshold (m)').fill('2.6');
    await preview.getByText('The rule has changed since this preview').waitFor();
    await editor.getByLabel('Threshold (m)').fill('2.5');
    await choose(page, 'Severity', 'Critical');
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.waitFor({ state: 'detached' });
    const row = rulesTable(page).locator('tbody tr');
    await row.getByText('above 2.5 m').waitFor();
    expect(await row.textContent()).toContain('back below 2.4 m');
    expect(await row.textContent()).toContain('Critical');
    expect(await rulesOf(page)).toMatchObject([{ ...draft, severity: 'critical', clear_level: 2.4, hold_minutes: 0 }]);

    // A new reading above the threshold fires it: the tab shows the open alarm.
    await postRest(
      '/ingest/danes',
      { rows: [{ data_name: 'H1', data_value: 3, date: new Date(Date.now() - 60_000).toISOString() }] },
      ingestToken,
    );
    await rulesTab(page);
    await row.getByText('Active').waitFor();

    await row.getByRole('button', { name: 'Edit Flood' }).click();
    await editor.getByLabel('Threshold (m)').fill('3.5');
    await editor.getByLabel('Holds for (minutes)').fill('30');
    await editor.getByRole('button', { name: 'Save' }).click();
    await row.getByText('above 3.5 m').waitFor();
    expect(await row.textContent()).toContain('holds 30 min');
    expect(await rulesOf(page)).toMatchObject([{ name: 'Flood', threshold: 3.5, deadband: 0.1, hold_minutes: 30, severity: 'critical' }]);

    await row.getByRole('button', { name: 'Delete Flood' }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('No alarm rules yet').waitFor();
    expect(await rulesOf(page)).toEqual([]);
    // Its open alarm cleared with it.
    expect((await callApi(page, `/alarms?item_id=${station.id}&state=open`)).json.data).toEqual([]);
    await context.close();
  });

  test('the low-voltage preset watches POWER below 11.5 V, and each kind shows only its own inputs', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await rulesTab(page);
    await page.getByRole('button', { name: 'Low-voltage preset' }).click();
    const editor = page.getByTestId('rule-editor');
    await shows(editor.getByLabel('Kind', { exact: true }), 'Low supply voltage (preset)');
    await shows(editor.getByLabel('Reading', { exact: true }), 'Supply voltage (POWER)');
    expect(await editor.getByLabel('Reading', { exact: true }).isDisabled()).toBe(true);
    expect(await editor.getByLabel('Threshold (V)').inputValue()).toBe('11.5');

    await choose(page, 'Kind', 'Rising faster than a rate');
    await editor.getByLabel('Window (minutes)').waitFor();
    expect(await editor.getByLabel('Rate (m/h)').count()).toBe(1);
    await choose(page, 'Kind', 'No data from the station');
    await editor.getByLabel('Silence (minutes)').waitFor();
    expect(await editor.getByLabel('Reading', { exact: true }).count()).toBe(0);
    expect(await editor.getByLabel('Holds for (minutes)').count()).toBe(0);

    await choose(page, 'Kind', 'Low supply voltage (preset)');
    await editor.getByRole('button', { name: 'Save' }).click();
    await rulesTable(page).getByText('below 11.5 V').waitFor();
    const [preset] = await rulesOf(page);
    expect(preset).toMatchObject({ kind: 'low_voltage', reading: 'POWER', threshold: 11.5, severity: 'warning' });
    await postRest(`/alarm-rules/delete?id=${preset.id}`, undefined, await adminToken());
    await context.close();
  });

  test('bad input is shown on its field before anything is sent', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await rulesTab(page);
    await page.getByRole('button', { name: 'Add rule' }).click();
    const editor = page.getByTestId('rule-editor');
    const sent: string[] = [];
    page.on('request', (r) => r.url().includes('/rest/alarm-rules/') && sent.push(r.url()));
    await editor.getByRole('button', { name: 'Save' }).click();
    await editor.getByText('This field is required.').waitFor();
    expect(await editor.getByLabel('Threshold (m)').getAttribute('aria-invalid')).toBe('true');

    await choose(page, 'Kind', 'Falling faster than a rate');
    await editor.getByLabel('Rate (m/h)').fill('-0.2');
    await editor.getByLabel('Window (minutes)').fill('2');
    await editor.getByRole('button', { name: 'Preview' }).click();
    await editor.getByText('This value is not valid.').first().waitFor();
    expect(await editor.getByLabel('Rate (m/h)').getAttribute('aria-invalid')).toBe('true');
    expect(await editor.getByLabel('Window (minutes)').getAttribute('aria-invalid')).toBe('true');
    expect(sent).toEqual([]);
    expect(await rulesOf(page)).toEqual([]);
    await context.close();
  });

  test('a user who is not an administrator cannot open the rules editor, and the API refuses its rules', async () => {
    const account = await createAccount('rules');
    const { context, page } = await openPage({ as: account });
    await visit(page, `/edit-item/${station.id}`);
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    const rule = { AlarmRules: { item_id: station.id, kind: 'above', reading: 'H1', threshold: 1 } };
    expect((await callApi(page, '/alarm-rules/edit', rule)).status).toBe(403);
    expect((await callApi(page, '/alarm-rules/preview', rule)).status).toBe(403);
    await context.close();
  });
});

describe.each(looks)('at $width px, $scheme, $locale', ({ width, height, scheme, locale }) => {
  test('the rules tab with a preview fits the width', async () => {
    const admin = await adminToken();
    const rule = await postRest(
      '/alarm-rules/edit',
      {
        AlarmRules: {
          item_id: station.id,
          name: 'Flood',
          kind: 'above',
          reading: 'H1',
          threshold: 2.5,
          deadband: 0.1,
          severity: 'critical',
        },
      },
      admin,
    );
    const { context, page } = await openPage({ width, height, colorScheme: scheme, as: demoAccounts.admin });
    try {
      await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL }]);
      await visit(page, `/edit-item/${station.id}`);
      await page.getByRole('tab', { name: m.alarm_rules_tab({}, { locale }) }).click();
      await page.getByRole('button', { name: m.admin_edit_named({ name: 'Flood' }, { locale }) }).click();
      await page.getByRole('button', { name: m.alarm_rules_preview({}, { locale }) }).click();
      await page.locator('[data-testid="rule-preview"] [data-testid="reading-chart"][data-ready="true"]').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await screenshot(page, `alarm-rules-${width}-${scheme}-${locale}`, { fullPage: true });
    } finally {
      await postRest(`/alarm-rules/delete?id=${rule.id}`, undefined, admin);
      await context.close();
    }
  });
});
