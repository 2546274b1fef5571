import type { Page } from 'playwright-core';
import { afterAll, describe, expect, test } from 'vitest';
import { adminToken, callApi, demoAccounts, openPage, postRest, removeStations, screenshot, visit } from '../support/e2e';

/** Everything this file creates carries the run's stamp, so searches find only its own records. */
const stamp = Date.now().toString(36);
const stationPrefix = `E2E-ADMIN-${stamp}`;

afterAll(() => removeStations(stationPrefix));

/** The demo administrator's page on `path`. */
async function adminOn(path: string) {
  const opened = await openPage({ as: demoAccounts.admin });
  await visit(opened.page, path);
  return opened;
}

/** A non-administrator of this run, made through the API (demo passwords may be changed by other files). */
async function createSubject(name: string) {
  const username = `${name}.${stamp}@example.com`;
  const password = 'subject-secret-1';
  const { id } = await postRest<{ id: number }>(
    '/subjects/edit',
    { Users: { username, firstName: name, secondName: 'Tester', subject: 'E2E Labs', password, isAdmin: false } },
    await adminToken(),
  );
  return { id, username, password };
}

const tableRows = (page: Page, label: string) => page.getByRole('table', { name: label }).locator('tbody tr');
const search = (page: Page, text: string) => page.getByRole('searchbox', { name: 'Search' }).fill(text);

describe('tables', () => {
  test('search, sorting by a column, five rows a page, the pager and the page-size choice', async () => {
    const names = ['Alpha', 'Bravo', 'Charlie', 'Delta', 'Echo', 'Foxtrot'].map((n) => `Tbl ${stamp} ${n}`);
    const token = await adminToken();
    for (const name of names) await postRest('/groups/edit', { Groups: { name } }, token);

    const { context, page } = await adminOn('/groups');
    await search(page, `Tbl ${stamp}`);
    const rows = tableRows(page, 'Items group');
    // Default order: newest first, five a page.
    await page.getByText('1–5 of 6').waitFor();
    expect(await rows.count()).toBe(5);
    expect(await rows.first().textContent()).toContain(names[5]);

    await page.getByRole('button', { name: 'Next page' }).click();
    await page.getByText('6–6 of 6').waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain(names[0]);

    await page.getByRole('button', { name: 'First page' }).click();
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="ascending"]') !== null);
    expect(await rows.first().textContent()).toContain(names[0]);
    await page.getByRole('button', { name: 'Name', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('th[aria-sort="descending"]') !== null);
    expect(await rows.first().textContent()).toContain(names[5]);

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '10' }).click();
    await page.getByText('1–6 of 6').waitFor();
    expect(await rows.count()).toBe(6);

    await search(page, `${stamp} Charlie`);
    await page.getByText('1–1 of 1').waitFor();
    await search(page, `${stamp} no such group`);
    await page.getByText('Nothing matches the search.').waitFor();
    await context.close();
  });

  test('a subject sees its own items with Stats but no Edit, and no administrator menu', async () => {
    const subject = await createSubject('Viewer');
    // The demo station 3 is linked directly, so the table has something to show.
    await postRest(`/subjects/items?id=${subject.id}`, { ItemsSubject: [3] }, await adminToken());

    const { context, page } = await openPage({ as: subject });
    await visit(page, '/items');
    expect(await page.getByRole('link', { name: 'Subjects' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Items group' }).count()).toBe(0);
    const rows = tableRows(page, 'Your items');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(1);
    expect(await rows.first().textContent()).toContain('Olomouc weather');
    expect(await rows.first().getByRole('link', { name: 'Stats' }).getAttribute('href')).toBe('/charts/UNIWAN-OLOM-01');
    expect(await page.getByRole('link', { name: /^Edit/ }).count()).toBe(0);

    // Administrator screens send it away, and the API refuses it when it tries anyway.
    await visit(page, '/subjects');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await callApi(page, '/subjects')).status).toBe(403);
    expect((await callApi(page, '/groups/edit', { Groups: { name: 'Not allowed' } })).status).toBe(403);
    expect(
      (
        await callApi(page, `/subjects/edit`, {
          Users: {
            id: subject.id,
            username: subject.username,
            firstName: 'Viewer',
            secondName: 'Tester',
            subject: 'E2E Labs',
            isAdmin: true,
          },
        })
      ).status,
    ).toBe(403);
    await context.close();
  });
});

describe('managing stations, groups and subjects', () => {
  test('an administrator creates a station, a group and a subject, links them, and the subject then sees the station', async () => {
    const { context, page } = await adminOn('/all-items');
    const station = {
      name: `Station ${stamp}`,
      uniqueId: `${stationPrefix}-1`,
    };
    const group = `Group ${stamp}`;
    const email = `linked.${stamp}@example.com`;

    // The station, with a field error first: the unique id is required.
    await page.getByRole('link', { name: 'Add new item' }).click();
    await page.getByLabel('Name', { exact: true }).fill(station.name);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This field is required.').waitFor();
    await page.getByLabel('Unique id').fill(station.uniqueId);
    await page.getByLabel('Latitude').fill('49.2');
    await page.getByLabel('Longitude').fill('16.6');
    await page.getByRole('combobox', { name: 'Data source' }).click();
    await page.getByRole('option', { name: 'UNIWAN' }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/all-items');
    await page.getByText('Action save').first().waitFor();
    await search(page, station.uniqueId);
    await page.getByRole('table', { name: 'Items' }).getByText(station.name).waitFor();

    // Its ingest token is shown once.
    await page.getByRole('link', { name: `Edit ${station.name}` }).click();
    await page.getByRole('tab', { name: 'Ingest token' }).click();
    await page.getByRole('button', { name: 'Issue new token' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Issue new token' }).click();
    const token = await page.getByLabel('New ingest token').inputValue();
    expect(token.length).toBeGreaterThan(20);
    await screenshot(page, `admin-item-token-1280`);

    // The group, holding the station.
    await visit(page, '/groups');
    await page.getByRole('link', { name: 'Add new group' }).click();
    await page.getByLabel('Name', { exact: true }).fill(group);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/groups');
    await search(page, group);
    await page.getByRole('link', { name: `Edit ${group}` }).click();
    await page.getByRole('tab', { name: 'Items in group' }).click();
    await page.getByRole('checkbox', { name: station.name }).click();
    await screenshot(page, `admin-group-items-1280`);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Action save').first().waitFor();

    // The subject: a taken e-mail is shown on the field, then it is saved and put in the group.
    await visit(page, '/subjects');
    await page.getByRole('link', { name: 'Add new subject' }).click();
    await page.getByLabel('E-mail').fill(demoAccounts.admin.username);
    await page.getByLabel('First name').fill('Linda');
    await page.getByLabel('Second name').fill('Linked');
    await page.getByLabel('Subject', { exact: true }).fill('E2E Labs');
    await page.getByLabel('Password').fill('linked-secret-1');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This e-mail is already used by another subject.').waitFor();
    await page.getByText('Error, check your username: it must be unique.').waitFor();
    await page.getByLabel('E-mail').fill(email);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.waitForURL('**/subjects');
    await search(page, email);
    await page.getByRole('link', { name: 'Edit Linda Linked' }).click();
    await expect(page.getByLabel('Password').inputValue()).resolves.toBe('');
    await page.getByRole('tab', { name: 'Subject groups' }).click();
    await page.getByRole('checkbox', { name: group }).click();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Action save').first().waitFor();
    await context.close();

    // Signed in with the password the administrator set.
    const subject = await openPage({ as: { username: email, password: 'linked-secret-1' } });
    await visit(subject.page, '/items');
    await tableRows(subject.page, 'Your items').getByText(station.name).waitFor();
    await subject.context.close();
  });

  test('delete asks first: cancel keeps the group, confirming removes it', async () => {
    const name = `Doomed ${stamp}`;
    await postRest('/groups/edit', { Groups: { name } }, await adminToken());
    const { context, page } = await adminOn('/groups');
    await search(page, name);
    const rows = tableRows(page, 'Items group');
    await rows.getByText(name).waitFor();

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('alertdialog').getByText('Are you sure?').waitFor();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await page.getByRole('alertdialog').waitFor({ state: 'detached' });
    expect(await rows.getByText(name).count()).toBe(1);

    await page.getByRole('button', { name: `Delete ${name}` }).click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await page.getByText('Action delete').first().waitFor();
    await page.getByText('There are no groups yet.').or(page.getByText('Nothing matches the search.')).waitFor();
    const left = await callApi(page, '/groups');
    expect((left.json.data as { name: string }[]).some((g) => g.name === name)).toBe(false);
    await context.close();
  });

  test('a pending registration is listed first and approved with one click', async () => {
    const visitor = await openPage();
    await visit(visitor.page, '/login');
    const email = `applicant.${stamp}@example.com`;
    const signup = await callApi(visitor.page, '/site/signup', {
      SignupForm: {
        email,
        password: 'applicant-1',
        firstName: 'Petra',
        secondName: 'Applicant',
      },
    });
    expect(signup.status).toBe(200);
    await visitor.context.close();

    const { context, page } = await adminOn('/subjects');
    const pending = page.locator('[aria-labelledby="pending-title"]');
    await pending.getByText(email).waitFor();
    await page.getByRole('button', { name: 'Approve Petra Applicant' }).click();
    await page.getByText('Petra Applicant was approved.').waitFor();
    await search(page, email);
    await tableRows(page, 'Subjects').getByText(email).waitFor();
    await context.close();
  });
});
