import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  addNetwork,
  networkAccount,
  networkGroups,
  networkSize,
  networkState,
  networkStationId,
  removeNetwork,
  warmNetworkLive,
} from '../support/e2e-network';
import { baseURL, openPage, screenshot, serverDb, visit } from '../support/e2e';
import { mapOf, offline } from '../support/e2e-map';

beforeAll(async () => {
  await addNetwork(await serverDb());
  await warmNetworkLive(baseURL);
}, 180_000);
afterAll(async () => removeNetwork(await serverDb()));

const expectedIn = (state: string, indexes: number[]) => indexes.filter((i) => networkState(i) === state).length;
const all = Array.from({ length: networkSize }, (_, i) => i);
const west = all.slice(0, networkSize / 2);

const shownText = (page: Page) => page.getByTestId('stations-shown').textContent();
/** The stations' part of the page answers once it is live (its socket opens after it has hydrated). */
const live = (page: Page) => page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
const rendered = (page: Page, testId: string) =>
  page
    .getByTestId(testId)
    .evaluateAll((elements) => elements.map((e) => ({ id: e.getAttribute('data-station')!, state: e.getAttribute('data-state') })));

/** What React reports (on the console, or as an uncaught error) when the browser's first render differs from the server's HTML. */
function hydrationErrors(page: Page) {
  const errors: string[] = [];
  const keep = (text: string) => /hydrat|#418|#423|#425/i.test(text) && errors.push(text);
  page.on('console', (message) => message.type() === 'error' && keep(message.text()));
  page.on('pageerror', (error) => keep(String(error)));
  return errors;
}

describe('dashboard of a 500-station network', () => {
  test('arrives with its first station cards in the server HTML and renders only those on screen', async () => {
    const { context, page } = await openPage({ as: networkAccount });
    const errors = hydrationErrors(page);
    const html = await (await page.request.get('/dashboard')).text();
    const inHtml = html.match(/data-testid="station-card"/g)?.length ?? 0;
    expect(inHtml).toBeGreaterThan(0);
    expect(inHtml).toBeLessThan(20);
    expect(html).toContain('E2E network station 500');

    await visit(page, '/dashboard');
    await live(page);
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${networkSize} of ${networkSize}`);
    expect(await page.getByTestId('station-card').count()).toBeLessThan(40);
    // Scrolling far down brings later cards in and lets the first ones go.
    await page.evaluate(() => window.scrollTo(0, 20_000));
    await expect
      .poll(async () => (await rendered(page, 'station-card')).some((card) => card.id === networkStationId(networkSize - 1)))
      .toBe(false);
    const later = await rendered(page, 'station-card');
    expect(later.length).toBeGreaterThan(0);
    expect(later.length).toBeLessThan(40);
    expect(errors).toEqual([]);
    await context.close();
  });

  test('watches every station live without naming them in the address', async () => {
    const { context, page } = await openPage({ as: networkAccount });
    const sockets: string[] = [];
    page.on('websocket', (socket) => sockets.push(socket.url()));
    await visit(page, '/dashboard');
    await page.locator('[data-testid="live-indicator"][data-state="live"]').waitFor();
    expect(sockets.length).toBeGreaterThan(0);
    for (const url of sockets) expect(new URL(url).search).toBe('');
    await context.close();
  });

  test('filters by group and by state, says how many it shows, and keeps the filters over a reload', async () => {
    const { context, page } = await openPage({ as: networkAccount });
    await visit(page, '/dashboard');
    await page.getByTestId('group-filter').click();
    await page.getByRole('option', { name: `${networkGroups[0].name} (${west.length})` }).click();
    await page.waitForURL((url) => url.searchParams.has('group'));
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${west.length} of ${networkSize}`);
    // The state choices count what the group leaves.
    const stale = page.getByTestId('state-filter').locator('[data-state-filter="stale"]');
    await expect.poll(() => stale.textContent()).toBe(`Stale${expectedIn('stale', west)}`);

    await stale.click();
    await page.waitForURL((url) => url.searchParams.get('state') === 'stale');
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${expectedIn('stale', west)} of ${networkSize}`);
    const cards = await rendered(page, 'station-card');
    expect(cards.length).toBeGreaterThan(0);
    for (const card of cards) {
      const index = Number(card.id.slice(-3)) - 1;
      expect(index, card.id).toBeLessThan(networkSize / 2);
      expect(networkState(index), card.id).toBe('stale');
    }

    await page.reload();
    await live(page);
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${expectedIn('stale', west)} of ${networkSize}`);
    expect(await page.getByTestId('group-filter').textContent()).toBe(`${networkGroups[0].name} (${west.length})`);
    expect(await stale.getAttribute('data-state')).toBe('on');

    await page.getByRole('button', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('group') && !url.searchParams.has('state'));
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${networkSize} of ${networkSize}`);
    await context.close();
  });

  test('the keyboard reaches every filter: search, group, state and view', async () => {
    const { context, page } = await openPage({ width: 360, height: 740, as: networkAccount });
    await visit(page, '/dashboard');
    await live(page);
    // Radix makes its radio groups tabbable a moment after they mount (once their items have registered).
    for (const name of ['View', 'State']) await page.getByRole('radiogroup', { name }).and(page.locator('[tabindex="0"]')).waitFor();
    await page.getByRole('searchbox', { name: 'Search stations' }).focus();
    await page.keyboard.type('station 042');
    await expect.poll(() => shownText(page)).toBe(`Stations shown: 1 of ${networkSize}`);
    await page.waitForURL((url) => url.searchParams.get('q') === 'station 042');
    expect((await rendered(page, 'station-card')).map((card) => card.id)).toEqual([networkStationId(41)]);
    await page.keyboard.press('Control+a');
    await page.keyboard.press('Backspace');
    await page.keyboard.press('Tab');
    // The group select opens with the keyboard; groups come by name, East first.
    // Radix moves the highlight a moment after the key, so each step waits for it.
    const highlighted = (name: string) =>
      page.getByRole('option', { name, exact: false }).and(page.locator('[data-highlighted]')).waitFor();
    await page.keyboard.press('Enter');
    await highlighted('All groups');
    await page.keyboard.press('ArrowDown');
    await highlighted(networkGroups[1].name);
    await page.keyboard.press('Enter');
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${networkSize / 2} of ${networkSize}`);
    expect(await page.getByTestId('group-filter').textContent()).toBe(`${networkGroups[1].name} (${networkSize / 2})`);
    // Tab to the view choice, arrow to the list and pick it.
    await page.keyboard.press('Tab');
    await page.keyboard.press('ArrowRight');
    await page.getByRole('radio', { name: 'List' }).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('view') === 'list');
    // Tab on to the states, arrow to Stale (Radix moves the focus a moment after each arrow) and pick it.
    const states = page.getByTestId('state-filter');
    const focusedOn = (state: string) => states.locator(`[data-state-filter="${state}"]`).and(page.locator(':focus')).waitFor();
    await page.keyboard.press('Tab');
    await states.getByRole('radio').first().and(page.locator(':focus')).waitFor();
    await page.keyboard.press('ArrowRight');
    await focusedOn('fresh');
    await page.keyboard.press('ArrowRight');
    await focusedOn('stale');
    await page.keyboard.press('Space');
    await page.waitForURL((url) => url.searchParams.get('state') === 'stale');
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${expectedIn('stale', all.slice(networkSize / 2))} of ${networkSize}`);
    await page.getByTestId('station-row').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(page, `dashboard-500-list-360-light`);
    await context.close();
  });

  test('the list view shows one compact row per station and renders only those on screen', async () => {
    const { context, page } = await openPage({ colorScheme: 'dark', as: networkAccount });
    await visit(page, '/dashboard?view=list&state=low_voltage');
    await live(page);
    expect(await page.getByTestId('station-card').count()).toBe(0);
    const rows = await rendered(page, 'station-row');
    for (const row of rows) expect(row.state).toBe('low_voltage');
    await expect.poll(() => shownText(page)).toBe(`Stations shown: ${expectedIn('low_voltage', all)} of ${networkSize}`);
    await screenshot(page, `dashboard-500-list-1280-dark`);

    await visit(page, '/dashboard?view=list');
    await live(page);
    expect(await page.getByTestId('station-row').count()).toBeLessThan(60);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    // The last station of the list (the oldest) arrives once the window reaches it.
    await page.locator(`[data-testid="station-row"][data-station="${networkStationId(0)}"]`).waitFor();
    expect(await page.getByTestId('station-row').count()).toBeLessThan(60);
    await context.close();
  });
});

// The map of the same network (moved from map.test.ts, so the 500 stations are set up once).
describe('map of a 500-station network', () => {
  const markersOf = (page: Page) =>
    mapOf(page)
      .locator('.maplibregl-marker')
      .evaluateAll((elements) =>
        elements.map((e) => ({
          cluster: e.classList.contains('cluster-marker'),
          count: Number(e.getAttribute('data-count') ?? 1),
          text: e.textContent,
          label: e.getAttribute('aria-label')!,
        })),
      );

  test('clusters overlapping stations into markers that show their count and the states inside', async () => {
    const { context, page } = await openPage({ as: networkAccount });
    await offline(context);
    await visit(page, '/dashboard');
    await mapOf(page).locator('.cluster-marker').first().waitFor();
    const markers = await markersOf(page);
    const clusters = markers.filter((marker) => marker.cluster);
    expect(clusters.length).toBeGreaterThan(0);
    expect(markers.length).toBeLessThan(networkSize / 5);
    for (const cluster of clusters) expect(cluster.text).toBe(String(cluster.count));
    // The view fits every station, and each is in exactly one marker.
    expect(markers.reduce((sum, marker) => sum + marker.count, 0)).toBe(networkSize);
    const inState = (pattern: RegExp, single: string) =>
      markers.reduce(
        (sum, marker) =>
          sum + (marker.cluster ? Number(pattern.exec(marker.label)?.[1] ?? 0) : marker.label.endsWith(`(${single})`) ? 1 : 0),
        0,
      );
    const expected = (state: string) => Array.from({ length: networkSize }, (_, i) => networkState(i)).filter((s) => s === state).length;
    expect(inState(/(\d+) stale/, 'Stale')).toBe(expected('stale'));
    expect(inState(/(\d+) low voltage/, 'Low voltage')).toBe(expected('low_voltage'));
    await screenshot(mapOf(page), `map-500-1280-light`);
    await context.close();
  });

  /** The network's page at `path`, offline, once it is live and its map has drawn a cluster. */
  async function settledMap(path: string, look: Omit<NonNullable<Parameters<typeof openPage>[0]>, 'as'> = {}) {
    const { context, page } = await openPage({ ...look, as: networkAccount });
    await offline(context);
    await visit(page, path);
    await live(page);
    const map = mapOf(page);
    await map.locator('.cluster-marker').first().waitFor();
    return { context, page, map };
  }

  test('a cluster pointed at grows where it is, still under the pointer', async () => {
    const { context, page, map } = await settledMap('/dashboard');
    await map.scrollIntoViewIfNeeded();
    // Of those the pointer can reach (not under the legend or a control), the one farthest from the map's top-left
    // corner: a marker scaled about that corner would move the most.
    const frame = (await map.boundingBox())!;
    const boxes = await map.locator('.cluster-marker').evaluateAll((elements) =>
      elements.flatMap((e) => {
        const box = e.getBoundingClientRect();
        const [x, y] = [box.x + box.width / 2, box.y + box.height / 2];
        return e.contains(document.elementFromPoint(x, y)) ? [{ id: e.getAttribute('data-cluster')!, x, y }] : [];
      }),
    );
    const far = boxes.reduce((a, b) => (b.x - frame.x + (b.y - frame.y) > a.x - frame.x + (a.y - frame.y) ? b : a));
    const cluster = map.locator(`[data-cluster="${far.id}"]`);
    const count = cluster.locator('.cluster-marker-count');
    const before = (await count.boundingBox())!;
    await page.mouse.move(far.x, far.y);
    // Grown, and done growing.
    await expect.poll(async () => (await count.boundingBox())!.width).toBeGreaterThan(before.width * 1.1);
    await expect.poll(() => cluster.evaluate((e) => e.getAnimations({ subtree: true }).length)).toBe(0);
    const box = (await count.boundingBox())!;
    expect(Math.abs(box.x + box.width / 2 - far.x)).toBeLessThan(1);
    expect(Math.abs(box.y + box.height / 2 - far.y)).toBeLessThan(1);
    expect(
      await page.evaluate(({ x, y }) => document.elementFromPoint(x, y)?.closest('.cluster-marker')?.getAttribute('data-cluster'), far),
    ).toBe(far.id);
    await context.close();
  });

  test('clicking a cluster zooms in until it splits', async () => {
    const { context, page, map } = await settledMap('/dashboard', { width: 360, height: 740, colorScheme: 'dark' });
    const cluster = map.locator('.cluster-marker').first();
    const id = await cluster.getAttribute('data-cluster');
    await cluster.click();
    await map.locator(`[data-cluster="${id}"]`).waitFor({ state: 'detached' });
    await map.locator('.maplibregl-marker').first().waitFor();
    const markers = await markersOf(page);
    expect(markers.reduce((sum, marker) => sum + marker.count, 0)).toBeLessThan(networkSize);
    await screenshot(map, `map-500-360-dark`);
    await context.close();
  });

  test('the list and the map stay in step: a row marks its marker, a chosen row flies the map to it, a chosen marker scrolls the list to it', async () => {
    const { context, page, map } = await settledMap('/dashboard?view=list');
    // Pointing at a row marks the cluster that holds its station.
    await page.getByTestId('station-row').first().hover();
    await map.locator('.cluster-marker.is-hovered').waitFor();

    const chosen = networkStationId(networkSize - 3);
    const row = page.locator(`[data-testid="station-row"][data-station="${chosen}"]`);
    await row.getByRole('button', { name: `E2E network station ${chosen.slice(-3)}` }).click();
    // The map comes close enough that the station stands alone, marked, with its popup.
    const marker = map.locator(`.station-marker.is-selected[data-station="${chosen}"]`);
    await marker.waitFor();
    await map
      .locator('.station-popup')
      .getByText(`E2E network station ${chosen.slice(-3)}`)
      .waitFor();

    // Far down the page the row is not even rendered; choosing the marker brings it back into view.
    await page.mouse.move(0, 0);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await row.waitFor({ state: 'detached' });
    await marker.click();
    await row.and(page.locator('[data-selected]')).waitFor();
    const box = (await row.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(800);
    await screenshot(page, `dashboard-500-map-list-1280-light`);
    await context.close();
  });
});
