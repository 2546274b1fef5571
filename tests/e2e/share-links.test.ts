import { describe, expect, test } from 'vitest';
import { demoAccounts, openPage, visit } from '../support/e2e';

describe('the Share links screens', () => {
  test('an administrator makes a link, gets its address once, and revokes it; the page answers 410 from then on', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await visit(page, '/items');
    await page.getByRole('link', { name: 'Share links' }).first().click();
    await page.getByRole('link', { name: 'New share link' }).click();
    await page.getByLabel('Title').fill('Svratka for the town hall');
    await page.getByRole('checkbox', { name: 'Brno – Svratka well' }).click();
    const readings = page.getByRole('group', { name: 'Readings of Brno – Svratka well' });
    for (const name of [
      'Conductivity (mS/cm)',
      'Humidity (%)',
      'Precipitation 1 h (mm)',
      'Air temperature (°C)',
      'Temperature (°C)',
      'Supply voltage (V)',
    ]) {
      await readings.getByRole('checkbox', { name, exact: true }).click();
    }
    // A well with a vertical reference (another test may have given it one) also offers its derived series.
    for (const derived of await readings.getByRole('checkbox', { name: /above datum|below ground/ }).all()) {
      if (await derived.isChecked()) await derived.click();
    }
    await page.getByLabel('Number of days').fill('7');
    await page.getByLabel('Sites that may embed it').fill('https://town.example');
    await page.getByRole('button', { name: 'Save' }).click();

    const address = await page.locator('#share-page').inputValue();
    expect(address).toMatch(/\/s\/[a-z2-7]{52}$/);
    expect(await page.locator('#share-card').inputValue()).toContain(`<iframe src="${address}/embed/card/DANES-BRNO-01"`);

    const viewer = await openPage({ width: 360, height: 740 });
    await visit(viewer.page, address);
    expect(await viewer.page.getByTestId('share-title').textContent()).toBe('Svratka for the town hall');
    expect(
      await viewer.page
        .locator('[data-station="DANES-BRNO-01"] [data-reading]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reading'))),
    ).toEqual(['H1']);

    await page.getByRole('link', { name: 'Back to the list' }).first().click();
    const row = page.getByRole('row').filter({ hasText: 'Svratka for the town hall' });
    await row.getByText('Active').waitFor();
    await row.getByRole('button', { name: 'Revoke Svratka for the town hall' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await row.getByText('Revoked').waitFor();
    await viewer.page.getByTestId('link-unavailable').waitFor();
    expect((await viewer.page.goto(address))?.status()).toBe(410);
    await viewer.context.close();
    await context.close();
  });

  test('a user shares only the stations it sees and lists only its own links', async () => {
    const { context, page } = await openPage({ as: demoAccounts.user });
    await visit(page, '/edit-share-link');
    const offered = await page.locator('li label').allTextContents();
    expect(offered.sort()).toEqual(['Brno – Svratka well', 'Olomouc weather', 'Znojmo – Dyje well']);
    await page.getByLabel('Title').fill('My weather');
    await page.getByRole('checkbox', { name: 'Olomouc weather' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.locator('#share-page').waitFor();
    await visit(page, '/share-links');
    expect(await page.getByRole('row').filter({ hasText: 'Svratka for the town hall' }).count()).toBe(0);
    await page.getByRole('row').filter({ hasText: 'My weather' }).waitFor();
    await context.close();
  });
});
