import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, baseURL, looks, openPage, postRest, restAs, screenshot, visit } from '../support/e2e';
import { m } from '~/paraglide/messages';

const stamp = Date.now().toString(36);

/** A user of this run who sees Olomouc weather directly and Jihlava river level through a group of this run. */
const account = { username: `notify.${stamp}@example.com`, password: 'notify-secret-1', id: 0 };
let group: { id: number; name: string };

beforeAll(async () => {
  const admin = await adminToken();
  const created = await postRest(
    '/subjects/edit',
    { Users: { username: account.username, password: account.password, firstName: 'Nora', secondName: 'Tichá', subject: 'E2E tests' } },
    admin,
  );
  account.id = created.id;
  group = await postRest('/groups/edit', { Groups: { name: `E2E notify ${stamp}` } }, admin);
  await postRest(`/groups/items?id=${group.id}`, { GroupItems: [4] }, admin);
  await postRest(`/subjects/groups?id=${account.id}`, { SubjectGroups: [group.id] }, admin);
  await postRest(`/subjects/items?id=${account.id}`, { ItemsSubject: [3] }, admin);
});
afterAll(async () => {
  // The account's settings and links go with it; other files count the demo groups.
  const admin = await adminToken();
  await postRest(`/subjects/delete?id=${account.id}`, undefined, admin);
  await postRest(`/groups/delete?id=${group.id}`, undefined, admin);
});

const settingsCard = (page: Page) => page.getByRole('region', { name: 'Alarm e-mails' });

/** Waits until a choice (a select's trigger) shows `text`: its value is drawn in after it renders. */
const shows = (choice: Locator, text: string) => choice.filter({ hasText: text }).waitFor();

async function pick(page: Page, combobox: string, option: string) {
  await settingsCard(page).getByRole('combobox', { name: combobox }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

async function save(page: Page) {
  const saved = page.waitForResponse((r) => r.url().endsWith('/rest/notifications/settings') && r.request().method() === 'POST');
  await settingsCard(page).getByRole('button', { name: 'Save' }).click();
  expect((await saved).status()).toBe(200);
}

describe('alarm e-mail settings on the profile', () => {
  test('a default with overrides per station and per group is saved, shown again and read back through the API', async () => {
    const { context, page } = await openPage({ as: account });
    await visit(page, '/profile');
    const card = settingsCard(page);
    expect(await card.getByRole('radio', { name: 'All alarms' }).getAttribute('aria-checked')).toBe('true');
    await card.getByText('No station has a setting of its own.').waitFor();
    await card.getByText("A station's own setting wins").waitFor();

    await card.getByRole('radio', { name: 'Critical only' }).click();
    await pick(page, 'Add a station…', 'Olomouc weather');
    // A new override starts away from the default, here at "All alarms"; this one is set to none.
    await shows(card.getByRole('combobox', { name: 'E-mails for Olomouc weather' }), 'All alarms');
    await pick(page, 'E-mails for Olomouc weather', 'None');
    await pick(page, 'Add a group…', group.name);
    // The station it may not see is not offered.
    await card.getByRole('combobox', { name: 'Add a station…' }).click();
    expect(await page.getByRole('option').allTextContents()).toEqual(['Jihlava river level']);
    await page.keyboard.press('Escape');
    await save(page);

    expect(await restAs(page, '/notifications/settings')).toMatchObject({
      mode: 'critical',
      stations: [{ item_id: 3, mode: 'none' }],
      groups: [{ group_id: group.id, mode: 'all' }],
    });

    await page.reload();
    await page.locator('html[data-hydrated="true"]').waitFor();
    expect(await card.getByRole('radio', { name: 'Critical only' }).getAttribute('aria-checked')).toBe('true');
    await shows(card.getByRole('combobox', { name: 'E-mails for Olomouc weather' }), 'None');
    await shows(card.getByRole('combobox', { name: `E-mails for ${group.name}` }), 'All alarms');

    await card.getByRole('button', { name: 'Remove the setting for Olomouc weather' }).click();
    await card.getByRole('radio', { name: 'None' }).click();
    await save(page);
    expect(await restAs(page, '/notifications/settings')).toMatchObject({
      mode: 'none',
      stations: [],
      groups: [{ group_id: group.id, mode: 'all' }],
    });
    await context.close();
  });
});

describe.each(looks)('at $width px, $scheme, $locale', ({ width, height, scheme, locale }) => {
  test('the profile with its alarm e-mail settings fits the width', async () => {
    const { context, page } = await openPage({ width, height, colorScheme: scheme, as: account });
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL }]);
    await visit(page, '/profile');
    await page.getByRole('region', { name: m.notify_title({}, { locale }) }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, `notification-settings-${width}-${scheme}-${locale}`, { fullPage: true });
    await context.close();
  });
});
