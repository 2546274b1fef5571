import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { adminToken, baseURL, looks, openPage, postRest, screenshot, visit } from '../support/e2e';
import { newDevice } from '../support/push-service';
import { m } from '~/paraglide/messages';

const stamp = Date.now().toString(36);
const account = { username: `push.${stamp}@example.com`, password: 'push-secret-1', id: 0 };

beforeAll(async () => {
  const created = await postRest(
    '/subjects/edit',
    { Users: { username: account.username, password: account.password, firstName: 'Petra', secondName: 'Push', subject: 'E2E tests' } },
    await adminToken(),
  );
  account.id = created.id;
});
afterAll(async () => {
  await postRest(`/subjects/delete?id=${account.id}`, undefined, await adminToken());
});

/**
 * Headless Chromium has no push service: `pushManager.subscribe` fails there. The test's seam replaces it (and
 * `getSubscription`) with a subscription the test made (its own P-256 keys, an https endpoint of a push service
 * that does not exist). Everything else is real: the permission, the service worker's registration, the API.
 */
async function withTestPushService(context: BrowserContext) {
  const device = await newDevice(`https://push.e2e.invalid/send/${stamp}`);
  await context.grantPermissions(['notifications'], { origin: baseURL });
  await context.addInitScript((subscription) => {
    let current: object | null = null;
    const made = {
      endpoint: subscription.endpoint,
      toJSON: () => ({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }),
      unsubscribe: async () => ((current = null), true),
    };
    PushManager.prototype.subscribe = async () => ((current = made), made as unknown as PushSubscription);
    PushManager.prototype.getSubscription = async () => current as PushSubscription | null;
  }, device.subscription);
  return device;
}

const pushCard = (page: import('playwright-core').Page) => page.getByRole('region', { name: 'Push notifications on this device' });

describe('push notifications on the profile', () => {
  test('turning push on registers /sw.js, lists the device, sends a test and turns off again', async () => {
    const { context, page } = await openPage({ as: account });
    await withTestPushService(context);
    const manifest = await (await page.request.get(`${baseURL}/manifest.webmanifest`)).json();
    expect(manifest).toMatchObject({ name: 'Hladina', display: 'standalone' });
    await visit(page, '/profile');
    expect(await page.locator('link[rel="manifest"]').getAttribute('href')).toBe('/manifest.webmanifest');
    const card = pushCard(page);
    await card.getByText('No device of yours receives push notifications yet.').waitFor();

    await card.getByRole('button', { name: 'Turn on for this device' }).click();
    await card.getByText('This device receives push notifications.').waitFor();
    const listed = card.getByTestId('push-device');
    await expect.poll(() => listed.count()).toBe(1);
    expect(await listed.textContent()).toContain('Chrome on Linux · this device');
    // The service worker is the app's own, active and in control of the page's scope.
    const scriptUrl = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
    expect(scriptUrl).toBe(`${baseURL}/sw.js`);
    const devices: unknown = await page.evaluate(
      async () => ((await (await fetch('/rest/push/devices')).json()) as { data: unknown }).data,
    );
    expect(devices).toMatchObject([{ label: 'Chrome on Linux', endpoint_origin: 'https://push.e2e.invalid' }]);

    // The test message goes out for real; this push service cannot be reached, which the device's line then says.
    await card.getByRole('button', { name: 'Send a test notification' }).click();
    await page.getByText('Test notification: 0 delivered, 1 failed, 0 removed').waitFor();
    await listed.getByText(/last failed/).waitFor();
    await screenshot(page, 'push-card-1280-light', { fullPage: true });

    await card.getByRole('button', { name: 'Turn off for this device' }).click();
    await card.getByText('No device of yours receives push notifications yet.').waitFor();
    await card.getByRole('button', { name: 'Turn on for this device' }).waitFor();
    await context.close();
  });

  test('the alarm e-mail card turns alarm pushes on', async () => {
    const { context, page } = await openPage({ as: account });
    await visit(page, '/profile');
    const card = page.getByRole('region', { name: 'Alarm e-mails' });
    await card.getByRole('switch', { name: 'Also send these alarms as push notifications to my devices' }).click();
    const saved = page.waitForResponse((r) => r.url().endsWith('/rest/notifications/settings') && r.request().method() === 'POST');
    await card.getByRole('button', { name: 'Save' }).click();
    expect((await saved).status()).toBe(200);
    const settings: { push: boolean } = await page.evaluate(
      async () => ((await (await fetch('/rest/notifications/settings')).json()) as { data: { push: boolean } }).data,
    );
    expect(settings.push).toBe(true);
    await context.close();
  });
});

describe.each(looks.slice(1))('the push card at $width px, $scheme, $locale', ({ width, height, scheme, locale }) => {
  test('shows its state and devices', async () => {
    const { context, page } = await openPage({ as: account, width, height, colorScheme: scheme });
    await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL }]);
    await withTestPushService(context);
    await visit(page, '/profile');
    const card = page.getByRole('region', { name: m.push_title({}, { locale }) });
    await card.getByRole('button', { name: m.push_turn_on({}, { locale }) }).click();
    await card.getByText(m.push_on_here({}, { locale })).waitFor();
    await card.scrollIntoViewIfNeeded();
    await screenshot(page, `push-card-${width}-${scheme}-${locale}`, { fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await card.getByRole('button', { name: m.push_turn_off({}, { locale }) }).click();
    await card.getByRole('button', { name: m.push_turn_on({}, { locale }) }).waitFor();
    await context.close();
  });
});
