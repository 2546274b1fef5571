/**
 * The administrators' approval levels screen: rename, add with a colour, move by keyboard, save and see the order after
 * a reload; the server's refusals at the field they name, with the edits kept; a level in use refused; nobody else sees
 * it. The file puts the demo levels back at the end: the other browser files of its test worker read them.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { ApprovalLevel } from '../../worker/contracts/quality';
import { adminToken, createAccount, demoAccounts, openPage, postRest, removeStations, restAs, screenshot, visit } from '../support/e2e';
import { addAlarmStation, postLevel, type AlarmStation } from '../support/e2e-alarms';

const prefix = `E2E-APPROVAL-LEVELS-${Date.now().toString(36)}`;
/** The demo deployment's levels (worker/db/approval-levels.ts), lowest first. */
const demoLevels = [
  { id: 2, name: 'raw', colour: '#9ca3af' },
  { id: 3, name: 'provisional', colour: '#f59e0b' },
  { id: 4, name: 'checked', colour: '#3b82f6' },
  { id: 1, name: 'approved', colour: '#16a34a' },
];
let token: string;
let well: AlarmStation;

const setLevels = (levels: { id?: number; name: string; colour: string }[]) =>
  postRest<ApprovalLevel[]>('/quality/levels', { ApprovalLevels: { levels } }, token);
const withdraw = () => postRest(`/quality/withdraw?id=${well.item.id}`, { QualityWithdraw: { note: 'E2E approval levels: done.' } }, token);

beforeAll(async () => {
  token = await adminToken();
  well = await addAlarmStation(token, `${prefix}-WELL`, 'Approval levels well');
  await postLevel(well, 3.2);
});
afterAll(async () => {
  await withdraw();
  await setLevels(demoLevels);
  await removeStations(prefix);
});

const rows = (page: Page) => page.getByTestId('approval-level');
const names = (page: Page) =>
  rows(page).evaluateAll((items) => items.map((li) => li.querySelector<HTMLInputElement>('input[type="text"], input:not([type])')!.value));
const save = async (page: Page) => page.getByTestId('approval-levels').getByRole('button', { name: 'Save' }).click();

describe('/approval-levels', () => {
  test('an administrator renames a level, adds one with a colour, moves it up by keyboard, saves, and sees the order after a reload', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    try {
      await visit(page, '/dashboard');
      await page.getByRole('navigation', { name: 'Main navigation' }).getByRole('link', { name: 'Approval levels' }).click();
      await page.waitForURL('**/approval-levels');
      await rows(page).first().waitFor();
      expect(await names(page)).toEqual(['raw', 'provisional', 'checked', 'approved']);
      expect(await rows(page).last().getAttribute('data-locking')).toBe('true');

      await page.getByLabel('Name of level 3').fill('reviewed');
      await page.getByRole('button', { name: 'Add level' }).click();
      // The new level goes below the locking one, which stays last.
      expect(await rows(page).last().getAttribute('data-locking')).toBe('true');
      await page.getByLabel('Name of level 4').fill('field checked');
      await page.getByLabel('Pick the colour of level 4').fill('#0ea5e9');
      expect(await page.getByLabel('Colour of level 4', { exact: true }).inputValue()).toBe('#0ea5e9');
      await page.getByRole('button', { name: 'Move field checked up' }).focus();
      await page.keyboard.press('Enter');
      expect(await names(page)).toEqual(['raw', 'provisional', 'field checked', 'reviewed', 'approved']);
      // The locking level has no move or remove buttons, and nothing moves below it.
      expect(await page.getByRole('button', { name: 'Move reviewed down' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: /approved/ }).count()).toBe(0);
      await save(page);
      await page.getByText('Approval levels saved').waitFor();

      await visit(page, '/approval-levels');
      await rows(page).first().waitFor();
      expect(await names(page)).toEqual(['raw', 'provisional', 'field checked', 'reviewed', 'approved']);
      expect(await page.getByLabel('Colour of level 3', { exact: true }).inputValue()).toBe('#0ea5e9');
      const swatch = await rows(page)
        .nth(2)
        .getByTestId('level-swatch')
        .evaluate((e) => getComputedStyle(e).backgroundColor);
      expect(swatch).toBe('rgb(14, 165, 233)');
      const levels = await restAs<ApprovalLevel[]>(page, '/quality/levels');
      expect(levels.map((l) => [l.name, l.colour])).toEqual([
        ['raw', '#9ca3af'],
        ['provisional', '#f59e0b'],
        ['field checked', '#0ea5e9'],
        ['reviewed', '#3b82f6'],
        ['approved', '#16a34a'],
      ]);
      await screenshot(page, 'approval-levels-1280-light', { fullPage: true });
    } finally {
      await context.close();
      await setLevels(demoLevels);
    }
  });

  test("a bad colour and a repeated name show the server's words at their fields, and the edits stay", async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin, width: 360, height: 740, colorScheme: 'dark' });
    try {
      await visit(page, '/approval-levels');
      await rows(page).first().waitFor();
      await page.getByLabel('Colour of level 1', { exact: true }).fill('blue');
      await page.getByLabel('Name of level 2').fill('RAW');
      await save(page);
      const colour = page.getByLabel('Colour of level 1', { exact: true });
      await expect.poll(() => colour.getAttribute('aria-invalid')).toBe('true');
      const colourError = await colour.getAttribute('aria-describedby');
      expect(await page.locator(`[id="${colourError}"]`).textContent()).toBe('blue is not a colour as #rrggbb.');
      const name = page.getByLabel('Name of level 2');
      expect(await name.getAttribute('aria-invalid')).toBe('true');
      expect(await page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`).textContent()).toBe(
        'Another level is named RAW already.',
      );
      expect(await colour.inputValue()).toBe('blue');
      expect(await name.inputValue()).toBe('RAW');
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
      await screenshot(page, 'approval-levels-360-dark', { fullPage: true });
      // Nothing was written.
      expect((await restAs<ApprovalLevel[]>(page, '/quality/levels')).map((l) => l.name)).toEqual(demoLevels.map((l) => l.name));

      // Moving the rows keeps each error with its own level.
      await page.getByRole('button', { name: 'Move RAW up', exact: true }).focus();
      await page.keyboard.press('Enter');
      // At the top its up button can do nothing more, yet it keeps the focus.
      expect(await page.getByRole('button', { name: 'Move RAW up', exact: true }).isDisabled()).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move RAW up');
      expect(await page.getByLabel('Name of level 1').getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByLabel('Colour of level 2', { exact: true }).getAttribute('aria-invalid')).toBe('true');
    } finally {
      await context.close();
    }
  });

  test('removing a level a station uses shows the refusal and keeps the list as edited', async () => {
    const levels = await setLevels([...demoLevels.slice(0, 3), { name: 'e2e in use', colour: '#a855f7' }, demoLevels[3]]);
    const used = levels.find((l) => l.name === 'e2e in use')!;
    const today = new Date().toLocaleDateString('sv-SE', { timeZone: well.item.timezone });
    await postRest(`/quality/approve?id=${well.item.id}`, { QualityApprove: { level: used.id, to: today, note: 'E2E: in use.' } }, token);
    const { context, page } = await openPage({ as: demoAccounts.admin });
    try {
      // The station's Quality tab shows the range at the level and leads to the levels.
      await visit(page, `/quality/${well.item.id}`);
      await page.getByTestId('approval-range').filter({ hasText: 'e2e in use' }).first().waitFor();
      await page.getByRole('link', { name: 'Name, colour and order the approval levels' }).click();
      await page.waitForURL('**/approval-levels');
      const row = rows(page).filter({ has: page.getByLabel('Name of level 4') });
      expect(await row.textContent()).toContain('Stations have ranges at this level.');
      await page.getByRole('button', { name: 'Remove e2e in use' }).click();
      expect(await rows(page).count()).toBe(4);
      await save(page);
      const alert = page.getByTestId('approval-levels').getByRole('alert');
      await alert.waitFor();
      expect(await alert.textContent()).toBe('e2e in use: stations have ranges of this level; withdraw them first.');
      expect(await rows(page).count()).toBe(4);
      await page.getByRole('button', { name: 'Discard changes' }).click();
      expect(await names(page)).toEqual(['raw', 'provisional', 'checked', 'e2e in use', 'approved']);
    } finally {
      await context.close();
      await withdraw();
      await setLevels(demoLevels);
    }
  });

  test('someone who is not an administrator has no entry and is sent to the dashboard', async () => {
    const viewer = await createAccount('approval-levels');
    const { context, page } = await openPage({ as: viewer });
    try {
      await visit(page, '/dashboard');
      const nav = page.getByRole('navigation', { name: 'Main navigation' });
      await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
      expect(await nav.getByRole('link', { name: 'Approval levels' }).count()).toBe(0);
      await visit(page, '/approval-levels');
      await page.waitForURL('**/dashboard');
      expect(await page.getByTestId('approval-levels').count()).toBe(0);
    } finally {
      await context.close();
    }
  });
});
