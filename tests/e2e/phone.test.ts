import type { Locator, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { demoAccounts, openPage, screenshot, visit } from '../support/e2e';

const phone = { width: 360, height: 740 };

/** Wholly inside the window's width: nothing of it is cut off or hidden behind a sideways scroll. */
async function expectInView(page: Page, locator: Locator, what: string) {
  const box = await locator.boundingBox();
  expect(box, what).not.toBeNull();
  expect(box!.x, what).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, what).toBeLessThanOrEqual(page.viewportSize()!.width);
}

describe.each(['light', 'dark'] as const)('at 360 px, %s', (colorScheme) => {
  test('the charts page shows both dates and Show without running off the screen', async () => {
    const { context, page } = await openPage({ ...phone, colorScheme, as: demoAccounts.admin });
    await visit(page, '/charts/DANES-BRNO-01/true');
    for (const label of ['From', 'To']) {
      const input = page.getByLabel(label, { exact: true });
      await expectInView(page, input, label);
      // The date and its calendar button fit inside the box too.
      expect(await input.evaluate((element) => element.scrollWidth <= element.clientWidth), label).toBe(true);
    }
    await expectInView(page, page.getByRole('button', { name: 'Show', exact: true }), 'Show');
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, `charts-range-360-${colorScheme}`);
    await context.close();
  });

  test('the administration tables keep every row’s actions in view without scrolling sideways', async () => {
    const { context, page } = await openPage({ ...phone, colorScheme, as: demoAccounts.admin });
    for (const [path, label, actions] of [
      ['/all-items', 'Items', ['Stats', /^Edit /]],
      ['/subjects', 'Subjects', [/^Edit /, /^Delete /]],
      ['/groups', 'Items group', [/^Edit /, /^Delete /]],
    ] as const) {
      await visit(page, path);
      const table = page.getByRole('table', { name: label });
      const row = table.locator('tbody tr').first();
      await row.waitFor();
      for (const action of actions)
        await expectInView(
          page,
          row.getByRole('link', { name: action }).or(row.getByRole('button', { name: action })),
          `${path} ${action}`,
        );
      const scrolls = await table.evaluate((element) => element.parentElement!.scrollWidth > element.parentElement!.clientWidth);
      expect(scrolls, path).toBe(false);
      await screenshot(page, `table${path.replace('/', '-')}-360-${colorScheme}`);
    }
    await context.close();
  });
});

describe('toasts', () => {
  test.each([
    { width: 360, height: 740 },
    // The menu row wraps to a second line here: the top bar is taller than the stylesheet's guess.
    { width: 1024, height: 768 },
    { width: 1280, height: 800 },
  ])('appear below the top bar at $width px, leaving its controls free', async (size) => {
    const { context, page } = await openPage({ ...size, as: demoAccounts.admin });
    await visit(page, '/edit-item/1');
    await page.getByRole('tab', { name: 'Item in groups' }).click();
    await page.getByRole('tabpanel').getByRole('button', { name: 'Save' }).click();
    const toast = page.locator('[data-sonner-toast]').first();
    await toast.waitFor();
    const header = (await page.locator('header').boundingBox())!;
    await expect.poll(async () => (await toast.boundingBox())!.y).toBeGreaterThanOrEqual(header.y + header.height);
    // The user menu still takes the click.
    const menu = page.getByRole('button', { name: /^Account of / });
    const box = (await menu.boundingBox())!;
    const hit = await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('button')?.getAttribute('aria-haspopup'), {
      x: box.x + box.width / 2,
      y: box.y + box.height / 2,
    });
    expect(hit).toBe('menu');
    await screenshot(page, `toast-${size.width}`);
    await context.close();
  });
});
