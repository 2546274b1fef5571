import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, baseURL, createAccount, openPage, postRest, restAs, screenshot, visit } from '../support/e2e';

let account: Awaited<ReturnType<typeof createAccount>>;

beforeAll(async () => {
  account = await createAccount('tokens');
  // The account sees one demo station: Olomouc weather.
  await postRest(`/subjects/items?id=${account.id}`, { ItemsSubject: [3] }, await adminToken());
});
afterAll(async () => {
  await postRest(`/subjects/delete?id=${account.id}`, undefined, await adminToken());
});

/** What QGIS sends: the token as the password of HTTP Basic. */
const readThings = (token: string) => fetch(`${baseURL}/sta/v1.1/Things`, { headers: { Authorization: `Basic ${btoa(`qgis:${token}`)}` } });

describe('API tokens on the profile', () => {
  test('a token is made by name, shown once, reads the SensorThings API as its owner, is listed with its last use and revoked', async () => {
    const { context, page } = await openPage({ as: account });
    await visit(page, '/profile');
    const card = page.getByRole('region', { name: 'API tokens' });
    await card.getByText('No tokens yet.').waitFor();

    await card.getByLabel('Name').fill('QGIS on the laptop');
    await card.getByRole('button', { name: 'Create token' }).click();
    const secret = card.getByLabel('New token “QGIS on the laptop”');
    await secret.waitFor();
    const token = await secret.inputValue();
    expect(token).toMatch(/^hladina_/);
    await card
      .getByRole('listitem')
      .filter({ hasText: 'QGIS on the laptop' })
      .getByText(/last used never/)
      .waitFor();
    await screenshot(page, 'profile-api-tokens', { fullPage: true });

    const things = await readThings(token);
    expect(things.status).toBe(200);
    expect(((await things.json()) as { value: { name: string }[] }).value.map((t) => t.name)).toEqual(['Olomouc weather']);
    await expect.poll(async () => (await restAs<{ last_used_at: string | null }[]>(page, '/api-tokens'))[0].last_used_at).not.toBeNull();

    // Shown once: a reload lists the token by name and last use only.
    await visit(page, '/profile');
    await card.getByRole('listitem').filter({ hasText: 'QGIS on the laptop' }).waitFor();
    expect(await card.getByText(/last used never/).count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    await card.getByRole('button', { name: 'Revoke token QGIS on the laptop' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Revoke' }).click();
    await card.getByText('No tokens yet.').waitFor();
    expect((await readThings(token)).status).toBe(401);
    await context.close();
  });
});
