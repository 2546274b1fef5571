import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, test } from 'vitest';
import { adminToken, demoAccounts, openPage, postRest, visit } from '../support/e2e';
import { answerWithinMs, pingEveryMs } from '../../app/features/live/heartbeat';

const station = { id: 1, uniqueId: 'DANES-BRNO-01' };
let ingestToken: string;

beforeAll(async () => {
  ingestToken = (await postRest<{ token: string }>(`/items/token?id=${station.id}`, undefined, await adminToken())).token;
});

/** Readings far above anything seeded, one second apart just before now, so each is new and easy to spot. */
let seq = 0;
const spikes = (n: number) => {
  const base = Date.now() - 60_000;
  return Array.from({ length: n }, () => {
    seq += 1;
    return { data_name: 'H1', data_value: 900 + seq / 10_000, date: new Date(base + seq * 1000).toISOString() };
  });
};
const ingest = (rows: ReturnType<typeof spikes>) => postRest('/ingest/danes', { rows }, ingestToken);
const shownMax = (page: Page) => page.locator('[data-reading="H1"]').getByTestId('max');

/** Lets the test cut the page's live line and keep it cut, without touching the app's code. */
async function controllableSockets(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const w = window as unknown as { __sockets: WebSocket[]; __blocked: boolean };
    w.__sockets = [];
    w.__blocked = false;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        // A blocked attempt goes to a path of the same origin that refuses it: another port would break the page's policy.
        super(w.__blocked ? `${location.origin.replace(/^http/, 'ws')}/no-live-here` : url, protocols);
        w.__sockets.push(this);
      }
    } as typeof WebSocket;
  });
}

/**
 * Lets the test silence the page's live line without closing it: nothing sent or received gets through, as on a dead
 * network, where a new line is not opened either (a reconnect attempt is refused, as in `controllableSockets`; one
 * opened but silenced would wait the whole subscription time, a minute, before trying again).
 */
async function silenceableSockets(page: Page) {
  await page.addInitScript(() => {
    const Native = window.WebSocket;
    const w = window as unknown as { __silent: boolean };
    w.__silent = false;
    window.WebSocket = class extends Native {
      constructor(url: string | URL, protocols?: string | string[]) {
        super(w.__silent ? `${location.origin.replace(/^http/, 'ws')}/no-live-here` : url, protocols);
        // Registered before the page's own handler, so it can keep messages from reaching it.
        this.addEventListener('message', (event) => w.__silent && event.stopImmediatePropagation());
      }
      send(data: string | ArrayBufferLike | Blob | ArrayBufferView) {
        if (!w.__silent) super.send(data);
      }
    } as typeof WebSocket;
  });
}

const liveState = (page: Page, state: 'live' | 'offline') => page.locator(`[data-testid="live-indicator"][data-state="${state}"]`);

async function openChart(page: Page) {
  await visit(page, `/charts/${station.uniqueId}/true?days=1`);
  await liveState(page, 'live').waitFor();
}

describe('live readings', () => {
  test('an open chart shows a reading once it is ingested, without a reload', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await openChart(page);
    const [row] = spikes(1);
    await ingest([row]);
    await expect.poll(() => shownMax(page).textContent()).toBe(row.data_value.toFixed(4));
    await context.close();
  });

  test('after the line drops, what was posted meanwhile appears once the page reconnects, and nothing twice', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await controllableSockets(page);
    await openChart(page);
    const before = spikes(2);
    await ingest(before);
    await expect.poll(() => shownMax(page).textContent()).toBe(before[1].data_value.toFixed(4));

    await page.evaluate(() => {
      const w = window as unknown as { __sockets: WebSocket[]; __blocked: boolean };
      w.__blocked = true;
      w.__sockets.forEach((s) => s.close());
    });
    await liveState(page, 'offline').waitFor();
    const offlineBox = await liveState(page, 'offline').boundingBox();
    expect(await liveState(page, 'offline').innerText()).toBe('Offline, reconnecting…');
    const during = spikes(3);
    await ingest(during);
    await page.evaluate(() => ((window as unknown as { __blocked: boolean }).__blocked = false));
    await liveState(page, 'live').waitFor({ timeout: 40_000 });
    // The indicator keeps its size whichever word it shows: a change of state moves nothing on the page.
    expect(await liveState(page, 'live').boundingBox()).toEqual(offlineBox);
    expect(await liveState(page, 'live').innerText()).toBe('Live');
    await expect.poll(() => shownMax(page).textContent()).toBe(during[2].data_value.toFixed(4));

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV' }).click()]);
    const csv = await readFile((await download.path())!, 'utf8');
    for (const row of [...before, ...during]) {
      // time,reading,value,flag: the spikes may be flagged suspect, never twice.
      const lines = csv.split('\r\n').filter((line) => line.split(',').slice(1, 3).join(',') === `H1,${row.data_value}`);
      expect(lines, `${row.date} appears once`).toHaveLength(1);
    }
    await context.close();
  });

  test(
    'a line that goes silent without closing turns the indicator offline within 30 s, then comes back with what was missed',
    { timeout: 120_000 },
    async () => {
      const { context, page } = await openPage({ as: demoAccounts.admin });
      await silenceableSockets(page);
      // The page's timers on a clock the test moves on: the heartbeat's 25 s pass at once.
      await page.clock.install();
      await openChart(page);

      await page.evaluate(() => ((window as unknown as { __silent: boolean }).__silent = true));
      expect(pingEveryMs + answerWithinMs).toBeLessThanOrEqual(30_000);
      await page.clock.fastForward(pingEveryMs);
      // Asked, and not yet given up on.
      expect(await liveState(page, 'live').count()).toBe(1);
      await page.clock.fastForward(answerWithinMs);
      await liveState(page, 'offline').waitFor();
      const during = spikes(2);
      await ingest(during);
      await page.evaluate(() => ((window as unknown as { __silent: boolean }).__silent = false));
      await liveState(page, 'live').waitFor({ timeout: 60_000 });
      // The chart reads raw readings again after the reconnect (the dashboard would read the roll-up).
      await expect.poll(() => shownMax(page).textContent()).toBe(during[1].data_value.toFixed(4));
      await context.close();
    },
  );

  test('the browser going offline turns the indicator offline at once, and coming back online reconnects', async () => {
    const { context, page } = await openPage({ as: demoAccounts.admin });
    await openChart(page);
    await context.setOffline(true);
    await liveState(page, 'offline').waitFor();
    await context.setOffline(false);
    await liveState(page, 'live').waitFor();
    await context.close();
  });
});
