import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { baseURL, demoAccounts, openPage, pixel, screenshot, visit } from '../support/e2e';
import { createShareLink } from '../support/e2e-share';

let link: Awaited<ReturnType<typeof createShareLink>>;

beforeAll(async () => {
  link = await createShareLink({
    title: 'Levels for the public',
    stations: [
      { id: 1, readings: ['H1', 'SRA1H'] },
      { id: 4, readings: ['hladina'] },
    ],
  });
});

/** Every request the context's pages make, as URLs. */
function recordRequests(context: BrowserContext) {
  const urls: string[] = [];
  context.on('request', (request) => void urls.push(request.url()));
  return urls;
}

const elsewhere = (urls: string[]) =>
  urls.filter((url) => !url.startsWith('data:') && !url.startsWith('blob:') && new URL(url).origin !== new URL(baseURL).origin);

/** The plain background a map has until (or unless) its base map is drawn. */
const plainBackground = [
  [0xdb, 0xe7, 0xee],
  [0x1c, 0x26, 0x34],
];

/** Waits for the map's base map (MapLibre loaded the style), then samples the canvas beside the legend and the zoom buttons. */
async function expectBaseMapDrawn(page: Page) {
  const map = page.locator('[data-base-map]');
  await page.locator('[data-base-map="ready"]').waitFor({ timeout: 30_000 });
  await page.locator('.maplibregl-marker').first().waitFor({ timeout: 30_000 });
  // Drawn once the tiles are in: MapLibre's `idle` is past when its markers have been placed.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  const box = (await map.boundingBox())!;
  expect(plainBackground).not.toContainEqual(await pixel(page, box.x + 12, box.y + box.height * 0.4));
}

describe("a deployment's own base map", () => {
  test.each([
    { name: 'the share page', shot: 'share', path: () => link.path, map: true },
    { name: "the share link's display", shot: 'share-display', path: () => `${link.path}/display`, map: true },
    { name: 'an embedded card', shot: 'embed-card', path: () => `${link.path}/embed/card/DANES-BRNO-01`, map: false },
    { name: 'an embedded chart', shot: 'embed-chart', path: () => `${link.path}/embed/chart/DANES-BRNO-01/H1`, map: false },
    { name: 'the dashboard', shot: 'dashboard', path: () => '/dashboard', map: true, signedIn: true },
    { name: 'the display', shot: 'display', path: () => '/display', map: true, signedIn: true },
  ])('$name loads nothing from any other origin, and draws its map', async ({ path, map, signedIn, shot: name }) => {
    const { context, page } = await openPage(signedIn ? { as: demoAccounts.admin } : {});
    const requests = recordRequests(context);
    await visit(page, path());
    if (map) await expectBaseMapDrawn(page);
    else await page.locator('[data-testid="station-card"], [data-testid="reading-chart"][data-ready="true"]').first().waitFor();
    await screenshot(page, `base-map-${name}-1280-light`);
    expect(elsewhere(requests)).toEqual([]);
    if (map) expect(requests.some((url) => new URL(url).pathname.startsWith('/map/base/'))).toBe(true);
    await context.close();
  });

  test('the page policy names no origin but its own for styles, tiles, fonts and connections', async () => {
    const policy = (await fetch(`${baseURL}${link.path}`)).headers.get('content-security-policy')!;
    for (const directive of ['img-src', 'font-src', 'connect-src']) {
      const sources = policy
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .find(([name]) => name === directive)!
        .slice(1);
      expect(
        sources.filter((s) => /^https?:/.test(s)),
        directive,
      ).toEqual([]);
    }
  });
});

describe("a share link's page for the public", () => {
  test.each([
    { width: 1280, scheme: 'dark' as const },
    { width: 360, scheme: 'light' as const },
  ])('shows its map at $width px, as tall as the dashboard shows it', async ({ width, scheme }) => {
    const { context, page } = await openPage({ width, height: 740, colorScheme: scheme });
    await visit(page, link.path);
    const map = page.getByRole('region', { name: 'Map of the stations' });
    await map.locator('.maplibregl-marker').first().waitFor({ timeout: 30_000 });
    const box = (await map.boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(360);
    expect(box.width).toBeGreaterThan(width === 360 ? 300 : 400);
    await screenshot(page, `share-map-${width}-${scheme}`);
    await context.close();
  });

  test('asks search engines to stay away: robots.txt, X-Robots-Tag and a robots tag on its pages and embeds', async () => {
    const robots = await fetch(`${baseURL}/robots.txt`);
    expect(robots.status).toBe(200);
    expect((await robots.text()).split('\n')).toEqual(expect.arrayContaining(['User-agent: *', 'Disallow: /']));
    for (const path of [link.path, `${link.path}/display`, `${link.path}/embed/card/DANES-BRNO-01`, `${link.path}/charts/DANES-BRNO-01`]) {
      const page = await fetch(`${baseURL}${path}`);
      expect(page.headers.get('x-robots-tag'), path).toBe('noindex, nofollow');
      expect(await page.text(), path).toMatch(/<meta name="robots" content="noindex, nofollow"[^>]*>/);
    }
  });

  test('writes each value as precisely as it is worth and says when the last update came, on a 24-hour clock', async () => {
    const { context, page } = await openPage();
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL }]);
    await visit(page, link.path);
    const card = page.locator('[data-testid="station-card"][data-station="DANES-BRNO-01"]');
    // A level to the centimetre, a rain total to a tenth of a millimetre.
    expect(await card.locator('[data-reading="H1"] [data-testid="min"]').textContent()).toMatch(/^-?\d+\.\d{2}$/);
    expect(await card.getByTestId('total').textContent()).toMatch(/^\d+\.\d$/);
    expect(await card.getByTestId('last-update').textContent()).toMatch(/^\d{2}\.\d{2} \d{2}:\d{2}$/);
    await context.close();
  });
});

describe('the control-room display', () => {
  test("speaks the viewer's language on its 24-hour clock, with the public's precision", async () => {
    const { context, page } = await openPage({ timezoneId: 'Europe/Prague', as: demoAccounts.admin });
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: 'de', url: baseURL }]);
    // After noon, a 12-hour clock would say PM.
    await page.clock.setFixedTime(new Date('2026-11-20T15:04:00+01:00'));
    await visit(page, '/display');
    await page.getByRole('heading', { name: 'Alle Stationen' }).waitFor();
    await expect.poll(() => page.getByTestId('wall-clock').textContent(), { timeout: 10_000 }).toBe('15:04');
    expect(await page.getByTestId('data-age').textContent()).toMatch(/^Daten von \d{2}:\d{2} \(vor \d+ min\)$/);
    const level = page.locator('[data-testid="station-card"][data-station="DANES-BRNO-01"] [data-reading="H1"] [data-testid="max"]');
    expect(await level.textContent()).toMatch(/^-?\d+\.\d{2}$/);
    await context.close();
  });
});
