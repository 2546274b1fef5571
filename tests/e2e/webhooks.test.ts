import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import {
  adminToken,
  baseURL,
  callApi,
  createAccount,
  demoAccounts,
  looks,
  openPage,
  postRest,
  restAs,
  screenshot,
  visit,
} from '../support/e2e';
import { m } from '~/paraglide/messages';

const stamp = Date.now().toString(36);

interface Received {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A receiver on this machine: `/ok` answers 200, anything else 500; it keeps every request as it arrived. */
let receiver: Server;
let receiverUrl: string;
const received: Received[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body });
      res.writeHead(req.url === '/ok' ? 200 : 500).end();
    });
  });
  await new Promise<void>((listening) => receiver.listen(0, '127.0.0.1', listening));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((closed) => receiver.close(closed));
  // Webhooks this file left behind (a failed test) go, with their deliveries: the cron of later files would retry them.
  const admin = await adminToken();
  const hooks = (await (await fetch(`${baseURL}/rest/webhooks`, { headers: { Authorization: `Bearer ${admin}` } })).json()) as {
    data: { id: number; url: string }[];
  };
  for (const hook of hooks.data.filter((h) => h.url.startsWith(receiverUrl)))
    await postRest(`/webhooks/delete?id=${hook.id}`, undefined, admin);
});

/** The check docs/alarms.md describes: HMAC-SHA256 under the secret of `<t>.<raw body>`, compared in constant time. */
function verifies(secret: string, request: Received) {
  const { t, v1 } = Object.fromEntries(
    String(request.headers['x-hladina-signature'])
      .split(',')
      .map((part) => part.split('=')),
  );
  const expected = createHmac('sha256', secret).update(`${t}.${request.body}`).digest();
  const given = Buffer.from(v1 ?? '', 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected) && Math.abs(Date.now() / 1000 - Number(t)) <= 300;
}

const signedInAdmin = (options?: Parameters<typeof openPage>[0]) => openPage({ ...options, as: demoAccounts.admin });

async function sendTestEvent(page: Page) {
  const before = received.length;
  await page.getByRole('button', { name: 'Send a test event' }).click();
  const result = page.getByTestId('test-result');
  await result.waitFor();
  expect(received.length).toBe(before + 1);
  return { result, request: received[before] };
}

describe('webhooks', () => {
  test('an administrator creates one, sees its secret once, sends a signed test event and finds it in the log', async () => {
    const { context, page } = await signedInAdmin();
    await visit(page, '/dashboard');
    await page.getByRole('link', { name: 'Webhooks' }).click();
    await page.getByRole('heading', { name: 'Webhooks' }).waitFor();
    await page.getByRole('link', { name: 'Add webhook' }).click();

    await page.getByLabel('URL').fill(`${receiverUrl}/ok`);
    await page.getByLabel('Description (optional)').fill(`E2E ${stamp}`);
    await page.getByRole('checkbox', { name: /Alarm acknowledged/ }).uncheck();
    await page.getByRole('searchbox', { name: 'Search stations' }).fill('svratka');
    await page.getByRole('checkbox', { name: 'Brno – Svratka well' }).check();
    await page.getByText(/^1 of \d+ selected$/).waitFor();
    await page.getByRole('button', { name: 'Save' }).click();

    const secretField = page.getByLabel('Signing secret');
    const secret = await secretField.inputValue();
    expect(secret).toMatch(/^whsec_/);
    const [stored] = (await restAs<any[]>(page, '/webhooks')).filter((h) => h.url === `${receiverUrl}/ok`);
    expect(stored).toMatchObject({ description: `E2E ${stamp}`, events: ['alarm.fired', 'alarm.cleared'], stations: [1] });
    expect(stored).not.toHaveProperty('secret');

    // Moving on, the secret is gone for good.
    await page.getByRole('link', { name: 'Open the webhook' }).click();
    await page.getByRole('heading', { name: 'Edit webhook' }).waitFor();
    expect(await secretField.count()).toBe(0);

    const { result, request } = await sendTestEvent(page);
    expect(await result.textContent()).toContain('Delivered');
    expect(await result.textContent()).toContain('HTTP 200');
    expect(request.headers['x-hladina-event']).toBe('test');
    expect(JSON.parse(request.body)).toMatchObject({ event: 'test', alarm: null });
    expect(verifies(secret, request)).toBe(true);

    await page.getByRole('link', { name: 'Delivery log' }).click();
    await page.waitForURL(`**/webhooks?webhook=${stored.id}`);
    const log = page.getByRole('table', { name: 'Delivery log' });
    const row = log.locator('tbody tr');
    await row.first().waitFor();
    expect(await row.count()).toBe(1);
    expect(await row.textContent()).toContain('Test event');
    expect(await row.textContent()).toContain('Delivered');
    expect(await row.textContent()).toContain('HTTP 200');
    const [delivery] = await restAs<any[]>(page, `/webhooks/deliveries?id=${stored.id}`);
    expect(request.headers['x-hladina-delivery']).toBe(String(delivery.id));
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1, last_status: 200 });

    // Filtered by a status it does not have, the log is empty; the filter lives in the address.
    await page.getByLabel('Status', { exact: true }).click();
    await page.getByRole('option', { name: 'Failed' }).click();
    await page.waitForURL(`**/webhooks?webhook=${stored.id}&status=failed`);
    await page.getByText('No deliveries match the filter').waitFor();
    await context.close();
  });

  test('rotating the secret shows the new one once; only it verifies what follows', async () => {
    const admin = await adminToken();
    const hook = await postRest('/webhooks/edit', { Webhooks: { url: `${receiverUrl}/ok`, description: `Rotate ${stamp}` } }, admin);
    const { context, page } = await signedInAdmin();
    await visit(page, `/edit-webhook/${hook.id}`);
    await page.getByRole('button', { name: 'Rotate secret' }).click();
    await page.getByRole('button', { name: 'Rotate secret' }).last().click();
    const rotated = await page.getByLabel('Signing secret').inputValue();
    expect(rotated).toMatch(/^whsec_/);
    expect(rotated).not.toBe(hook.secret);

    const { request } = await sendTestEvent(page);
    expect(verifies(rotated, request)).toBe(true);
    expect(verifies(hook.secret, request)).toBe(false);
    await context.close();
  });

  test('a receiver that fails is shown as pending with its answer, and the webhook is deleted after asking', async () => {
    const admin = await adminToken();
    const hook = await postRest('/webhooks/edit', { Webhooks: { url: `${receiverUrl}/broken`, description: `Broken ${stamp}` } }, admin);
    const { context, page } = await signedInAdmin();
    await visit(page, `/edit-webhook/${hook.id}`);
    const { result } = await sendTestEvent(page);
    expect(await result.textContent()).toContain('Pending');
    expect(await result.textContent()).toContain('HTTP 500');
    await result.getByText('it is retried like any other delivery').waitFor();

    await visit(page, `/webhooks?status=pending`);
    const row = page.getByRole('table', { name: 'Delivery log' }).locator('tbody tr', { hasText: `${receiverUrl}/broken` });
    await row.waitFor();
    expect(await row.textContent()).toContain('Next attempt');

    // Newest first: it heads the list.
    const remove = page.getByRole('button', { name: `Delete ${receiverUrl}/broken` });
    await remove.click();
    await page.getByRole('button', { name: 'Yes, delete it!' }).click();
    await remove.waitFor({ state: 'detached' });
    expect((await restAs<any[]>(page, '/webhooks')).some((h) => h.id === hook.id)).toBe(false);
    await context.close();
  });

  test('bad input is refused on its field', async () => {
    const { context, page } = await signedInAdmin();
    await visit(page, '/edit-webhook');
    await page.getByLabel('URL').fill('ftp://example.com/hook');
    await page.getByRole('checkbox', { name: /Alarm fired/ }).uncheck();
    await page.getByRole('checkbox', { name: /Alarm cleared/ }).uncheck();
    await page.getByRole('checkbox', { name: /Alarm acknowledged/ }).uncheck();
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('This value is not valid.').waitFor();
    expect(await page.getByLabel('URL').getAttribute('aria-invalid')).toBe('true');
    await page.getByText('Choose at least one event.').waitFor();
    expect((await restAs<any[]>(page, '/webhooks')).some((h) => h.url === 'ftp://example.com/hook')).toBe(false);
    await context.close();
  });

  test('someone who is not an administrator cannot open the webhooks screen, and the API refuses it', async () => {
    const account = await createAccount('hooks');
    const { context, page } = await openPage({ as: account });
    await visit(page, '/webhooks');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    await page.getByRole('heading', { name: /^Welcome/ }).waitFor();
    expect(await page.getByRole('link', { name: 'Webhooks' }).count()).toBe(0);
    await visit(page, '/edit-webhook');
    expect(new URL(page.url()).pathname).toBe('/dashboard');
    expect((await callApi(page, '/webhooks')).status).toBe(403);
    expect((await callApi(page, '/webhooks/edit', { Webhooks: { url: `${receiverUrl}/ok` } })).status).toBe(403);
    expect((await callApi(page, '/webhooks/deliveries')).status).toBe(403);
    await context.close();
  });
});

describe.each(looks)('at $width px, $scheme, $locale', ({ width, height, scheme, locale }) => {
  test('the webhooks list, its log and a webhook with a test result fit the width', async () => {
    const admin = await adminToken();
    const hook = await postRest(
      '/webhooks/edit',
      { Webhooks: { url: `${receiverUrl}/ok`, description: `Ops chat ${stamp}`, stations: [1, 3] } },
      admin,
    );
    await postRest(`/webhooks/test?id=${hook.id}`, undefined, admin);
    const { context, page } = await signedInAdmin({ width, height, colorScheme: scheme });
    try {
      await context.addCookies([{ name: 'PARAGLIDE_LOCALE', value: locale, url: baseURL }]);
      const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

      await visit(page, '/webhooks');
      await page.getByRole('table', { name: m.webhooks_log_title({}, { locale }) }).waitFor();
      expect(await fits()).toBe(true);
      await screenshot(page, `webhooks-${width}-${scheme}-${locale}`, { fullPage: true });

      await visit(page, `/edit-webhook/${hook.id}`);
      await page.getByRole('button', { name: m.webhooks_test_send({}, { locale }) }).click();
      await page.getByTestId('test-result').waitFor();
      expect(await fits()).toBe(true);
      await screenshot(page, `webhook-edit-${width}-${scheme}-${locale}`, { fullPage: true });
    } finally {
      await postRest(`/webhooks/delete?id=${hook.id}`, undefined, admin);
      await context.close();
    }
  });
});
