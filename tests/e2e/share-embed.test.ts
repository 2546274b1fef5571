import type { Frame, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { baseURL, openPage } from '../support/e2e';
import { createShareLink, hostSite } from '../support/e2e-share';

let allowed: Awaited<ReturnType<typeof hostSite>>;
let other: Awaited<ReturnType<typeof hostSite>>;
let link: Awaited<ReturnType<typeof createShareLink>>;

const framing = (src: string) => `<!doctype html><title>Town rain gauge</title><h1>Our rain gauge</h1>
<iframe id="card" src="${src}/embed/card/DANES-BRNO-01" width="420" height="380"></iframe>
<iframe id="chart" src="${src}/embed/chart/DANES-BRNO-01/H1" width="640" height="420"></iframe>`;

beforeAll(async () => {
  [allowed, other] = [await hostSite(), await hostSite()];
  link = await createShareLink({ stations: [{ id: 1, readings: ['H1', 'SRA1H'] }], frame_origins: [allowed.origin] });
  for (const site of [allowed, other]) site.serve(framing(`${baseURL}${link.path}`));
});

afterAll(async () => {
  await Promise.all([allowed?.close(), other?.close()]);
});

const frameOf = async (frame: Frame | null | undefined) =>
  frame
    ?.locator('body')
    .innerText({ timeout: 2000 })
    .catch(() => '');

/** For each frame of the page, whether the browser refused to show it (it puts its own error page in its place). */
const refusedFrames = (page: Page) =>
  page
    .frames()
    .filter((f) => f !== page.mainFrame())
    .map((f) => f.url().startsWith('chrome-error:'));

describe('embeds', () => {
  test('an allowed origin frames the card and the chart, which stay live', async () => {
    const { context, page } = await openPage({ width: 1200 });
    await page.goto(allowed.origin);
    const card = page.frameLocator('#card');
    await card.getByTestId('station-card').waitFor();
    expect(await card.getByTestId('station-card').getAttribute('data-station')).toBe('DANES-BRNO-01');
    const chart = page.frameLocator('#chart');
    await chart.locator('[data-testid="reading-chart"][data-ready="true"]').waitFor();
    await card.locator('[data-testid="live-indicator"][data-state="live"]').waitFor({ timeout: 30_000 });
    // The embed's own policy names the allowed origin, and only it.
    const policy = (await fetch(`${baseURL}${link.path}/embed/card/DANES-BRNO-01`)).headers.get('Content-Security-Policy') ?? '';
    expect(policy).toContain(`frame-ancestors ${allowed.origin}`);
    await context.close();
  });

  test('another origin is refused, and the link page itself can be framed by no one', async () => {
    const { context, page } = await openPage({ width: 1200 });
    await page.goto(other.origin);
    await expect.poll(() => refusedFrames(page)).toEqual([true, true]);
    const frames = page.frames().filter((f) => f !== page.mainFrame());
    for (const frame of frames) expect(await frameOf(frame)).not.toContain('Brno');
    expect(await page.frameLocator('#card').getByTestId('station-card').count()).toBe(0);

    // Not even the allowed origin may frame the link's full page or its display.
    allowed.serve(
      `<!doctype html><iframe id="page" src="${baseURL}${link.path}"></iframe><iframe id="display" src="${baseURL}${link.path}/display"></iframe>`,
    );
    await page.goto(allowed.origin);
    await expect.poll(() => refusedFrames(page)).toEqual([true, true]);
    expect(await page.frameLocator('#page').getByTestId('share-title').count()).toBe(0);
    expect(await page.frameLocator('#display').getByTestId('display-board').count()).toBe(0);
    await context.close();
  });
});
