import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { addDays, lastDays } from '../../shared/station-time';
import { adminToken, baseURL, demoAccounts, openPage, postRest, visit } from '../support/e2e';
import { createShareLink, recordReplies, revokeShareLink } from '../support/e2e-share';

/** What a viewer of the link must never meet: the other stations, the accounts, the groups, the hidden readings, exact places. */
const forbidden = [
  'Znojmo – Dyje well',
  'DANES-ZNOJ-02',
  'Olomouc weather',
  'UNIWAN-OLOM-01',
  demoAccounts.admin.username,
  demoAccounts.user.username,
  'Správcová',
  'Groundwater network',
  'Weather stations',
  'D-2019-014',
  'U-7802',
  'South Moravia',
  'Vysočina',
  '49.1804',
  '16.5939',
  '49.3961',
  '15.5912',
  'access_token',
  '"_T"',
  '"POWER"',
  '"pressure"',
];

const expectNothingElse = (texts: string[]) => {
  const everything = texts.join('\n');
  for (const word of forbidden) expect(everything, `a reply reveals ${word}`).not.toContain(word);
};

let link: Awaited<ReturnType<typeof createShareLink>>;
let ingestToken: string;

beforeAll(async () => {
  link = await createShareLink({
    stations: [
      { id: 1, readings: ['H1'] },
      { id: 4, readings: ['hladina'] },
    ],
  });
  ingestToken = (await postRest<{ token: string }>('/items/token?id=1', undefined, await adminToken())).token;
});

const liveOn = (page: Page) => page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 30_000 });

describe('a share link, signed out', () => {
  test('shows exactly its stations and readings, rounded, live, and nothing else in the HTML, the JSON or the live messages', async () => {
    const { context, page } = await openPage();
    const replies = recordReplies(page);
    const response = await visit(page, link.path);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['referrer-policy']).toBe('no-referrer');
    await expect.poll(() => page.getByTestId('share-title').textContent()).toBe('River levels for citizens');
    const cards = page.getByTestId('station-card');
    expect(await cards.evaluateAll((all) => all.map((c) => c.getAttribute('data-station')))).toEqual(['DANES-BRNO-01', 'UNIWAN-JIHL-02']);
    expect(
      await page
        .locator('[data-station="DANES-BRNO-01"] [data-reading]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reading'))),
    ).toEqual(['H1']);
    expect(
      await page
        .locator('[data-station="UNIWAN-JIHL-02"] [data-reading]')
        .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-reading'))),
    ).toEqual(['hladina']);
    await page.locator('.maplibregl-marker').first().waitFor();
    await liveOn(page);

    // A reading of the link's station arrives live, with a hidden reading beside it; another station's does not.
    // Far below anything posted, so it is the day's minimum whichever files ran before (the live file posts high spikes).
    const at = new Date(Date.now() - 30_000).toISOString();
    await postRest(
      '/ingest/danes',
      {
        rows: [
          { data_name: 'H1', data_value: -987.6543, date: at },
          { data_name: '_T', data_value: -55.5, date: at },
        ],
      },
      ingestToken,
    );
    await postRest(
      '/ingest/danes',
      { unique_id: 'DANES-ZNOJ-02', rows: [{ data_name: 'H1', data_value: 1.5, date: at }] },
      (await postRest<{ token: string }>('/items/token?id=2', undefined, await adminToken())).token,
    );
    await expect
      .poll(() => page.locator('[data-station="DANES-BRNO-01"] [data-reading="H1"] [data-testid="min"]').textContent())
      // A level to the centimetre, as the public sees it (the data carry every decimal).
      .toBe('-987.65');

    // Its charts, then a reload: more HTML and more JSON to look through.
    await page.locator('[data-station="UNIWAN-JIHL-02"]').getByRole('link', { name: 'Charts', exact: true }).click();
    await page.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();
    expect(await page.locator('[data-reading]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-reading')))).toEqual([
      'hladina',
    ]);
    await page.reload();
    await page.locator('[data-testid="reading-chart"][data-ready="true"]').first().waitFor();

    const texts = await replies.all();
    // The page's data (JSON, or the server's serialised state in the HTML) carries the rounded place.
    expect(texts.some((t) => /location_x"?:49\.18[,}]/.test(t) && /location_y"?:16\.59[,}]/.test(t))).toBe(true);
    expect(texts.some((t) => t.includes('-987.6543'))).toBe(true);
    expect(texts.some((t) => t.includes('-55.5'))).toBe(false);
    expectNothingElse(texts);
    await context.close();
  });

  test('a range outside the window is refused by the server', async () => {
    const window = lastDays(7, 'Europe/Prague');
    const station = 'DANES-BRNO-01';
    for (const query of [
      `days=30`,
      `from=${addDays(window.from, -1)}&to=${window.to}`,
      `from=${window.from}&to=${addDays(window.to, 1)}`,
    ]) {
      const res = await fetch(`${baseURL}/rest/share/${link.secret}/chart?station=${station}&${query}`);
      expect(res.status, query).toBe(400);
    }
    const { context, page } = await openPage();
    const response = await page.goto(`${link.path}/charts/${station}?days=30`);
    expect(response?.status()).toBe(400);
    expect(await page.locator('[data-testid="reading-chart"]').count()).toBe(0);
    // Within the window it answers.
    expect((await fetch(`${baseURL}/rest/share/${link.secret}/chart?station=${station}&days=3`)).status).toBe(200);
    await context.close();
  });

  test('a revoked link answers 410 at once: the open page says so, and so does every reply after', async () => {
    const doomed = await createShareLink({ stations: [{ id: 1, readings: ['H1'] }] });
    const { context, page } = await openPage();
    await visit(page, doomed.path);
    await liveOn(page);
    await revokeShareLink(doomed.id);
    await page.getByTestId('link-unavailable').waitFor();
    expect((await page.goto(doomed.path))?.status()).toBe(410);
    await page.getByText('This link is no longer available').waitFor();
    expect((await fetch(`${baseURL}/rest/share/${doomed.secret}`)).status).toBe(410);
    expect((await fetch(`${baseURL}${doomed.path}/embed/card/DANES-BRNO-01`)).status).toBe(410);
    await context.close();
  });

  test('an expired link answers 410', async () => {
    const soon = await createShareLink({
      stations: [{ id: 1, readings: ['H1'] }],
      expires_at: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await fetch(`${baseURL}${soon.path}`)).status).toBe(200);
    await postRest(
      '/share-links/edit',
      {
        ShareLinks: {
          id: soon.id,
          title: 'Expired',
          window_days: 7,
          stations: [{ id: 1, readings: ['H1'] }],
          expires_at: new Date(Date.now() - 1000).toISOString(),
        },
      },
      await adminToken(),
    );
    const { context, page } = await openPage();
    expect((await page.goto(soon.path))?.status()).toBe(410);
    await page.getByTestId('link-unavailable').waitFor();
    expect((await fetch(`${baseURL}/rest/share/${soon.secret}/chart?station=DANES-BRNO-01`)).status).toBe(410);
    await context.close();
  });
});
