import { afterEach, describe, expect, it } from 'vitest';
import { alarmCalls } from '../../worker/contracts/alarms';
import { webhookCalls } from '../../worker/contracts/webhooks';
import { post } from '../support/api';
import { addRule, alarmsOf, series, watchedStation } from '../support/alarms';
import { make, type TestSubject } from '../support/make';
import { webhookReceiver, type Received } from '../support/receiver';
import { ingest, runCron } from '../support/telemetry';
import { callSpec } from '../support/client';
import type { CallInput } from '../../worker/contracts/call';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function receiver(base: string, reply?: (r: Received) => Response) {
  const r = webhookReceiver(base, reply);
  restore = r.restore;
  return r;
}

const encoder = new TextEncoder();
const hexBytes = (hex: string) => new Uint8Array(hex.match(/../g)!.map((b) => parseInt(b, 16)));

/** What a receiver does with `X-Hladina-Signature: t=…,v1=…`: HMAC-SHA256 of "<t>.<body>" under the secret, compared in constant time. */
async function verifies(secret: string, header: string | null, body: string) {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=') as [string, string]));
  if (!parts.t || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  const key = await crypto.subtle.importKey('raw', encoder.encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['verify']);
  return crypto.subtle.verify('HMAC', key, hexBytes(parts.v1), encoder.encode(`${parts.t}.${body}`));
}

async function createWebhook(admin: TestSubject, webhook: CallInput<typeof webhookCalls.save>['body']) {
  const res = await callSpec(webhookCalls.save, { body: webhook, token: admin.token });
  expect(res.status, res.text).toBe(200);
  return res.data;
}

const deliveryOf = async (admin: TestSubject, webhookId: number) =>
  (await callSpec(webhookCalls.deliveries, { query: { id: webhookId }, token: admin.token })).data;

const sendTest = async (admin: TestSubject, webhookId: number) =>
  (await callSpec(webhookCalls.test, { query: { id: webhookId }, token: admin.token })).data;

/** The log once the first attempts sent after the replies have been recorded (polled: they finish in another request). */
async function settledLog(admin: TestSubject, webhookId: number) {
  for (let waited = 0; ; waited += 50) {
    const log = await deliveryOf(admin, webhookId);
    if (!log.some((d) => d.status === 'pending') || waited > 5000) return log;
    await new Promise((wake) => setTimeout(wake, 50));
  }
}

describe('webhook deliveries', () => {
  it('signs every delivery so that the secret verifies it, and a test event is sent at once', async () => {
    const admin = await make.admin();
    const hook = receiver('https://signed.receiver.test/');
    const webhook = await createWebhook(admin, { url: 'https://signed.receiver.test/hook', description: 'Dispatch' });
    expect(webhook.secret).toMatch(/^whsec_/);
    const sent = await sendTest(admin, webhook.id);
    expect(sent).toMatchObject({ webhook_id: webhook.id, event: 'test', status: 'delivered', attempts: 1, last_status: 200 });
    const [request] = hook.received;
    expect(request.url).toBe('https://signed.receiver.test/hook');
    expect(request.headers.get('Content-Type')).toBe('application/json');
    expect(request.headers.get('X-Hladina-Event')).toBe('test');
    expect(request.headers.get('X-Hladina-Delivery')).toBe(String(sent.id));
    expect(JSON.parse(request.body)).toMatchObject({ event: 'test', alarm: null });
    const signature = request.headers.get('X-Hladina-Signature');
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(await verifies(webhook.secret!, signature, request.body)).toBe(true);
    // A changed body or another secret does not verify.
    expect(await verifies(webhook.secret!, signature, request.body.replace('test', 'tost'))).toBe(false);
    expect(await verifies('whsec_other', signature, request.body)).toBe(false);
  });

  it('posts the alarm events a webhook wants, for its stations only', async () => {
    const hook = receiver('https://alarms.receiver.test/');
    const { admin, viewer, station, token } = await watchedStation();
    const other = await watchedStation();
    const rule = { kind: 'above', reading: 'H1', threshold: 3, severity: 'critical' } as const;
    await addRule(admin, { ...rule, item_id: station.id });
    await addRule(admin, { ...rule, item_id: other.station.id });
    const all = await createWebhook(admin, { url: 'https://alarms.receiver.test/all', stations: [station.id] });
    await createWebhook(admin, { url: 'https://alarms.receiver.test/fired-only', events: ['alarm.fired'], stations: [station.id] });
    // The other station is not on either webhook's list.
    await ingest('danes', other.token, { rows: series('2026-04-01T10:00:00Z', 10, [3.5]) });
    await ingest('danes', token, { rows: series('2026-04-01T10:00:00Z', 10, [3.5]) });
    const [alarm] = await alarmsOf(station.id);
    const fired = [await hook.next(), await hook.next()];
    expect(fired.map((r) => r.url).sort()).toEqual(['https://alarms.receiver.test/all', 'https://alarms.receiver.test/fired-only']);
    const payload = JSON.parse(fired[0].body);
    expect(payload).toMatchObject({ event: 'alarm.fired', occurred_at: '2026-04-01T10:00:00.000Z' });
    expect(payload.alarm).toMatchObject({
      id: alarm.id,
      unique_id: station.uniqueId,
      state: 'active',
      severity: 'critical',
      value: 3.5,
      threshold: 3,
    });
    const toAll = fired.find((r) => r.url.endsWith('/all'))!;
    expect(await verifies(all.secret!, toAll.headers.get('X-Hladina-Signature'), toAll.body)).toBe(true);

    await callSpec(alarmCalls.acknowledge, { query: { id: alarm.id }, body: { note: 'On it' }, token: viewer.token });
    const acked = await hook.next();
    expect(acked.url).toBe('https://alarms.receiver.test/all');
    expect(JSON.parse(acked.body)).toMatchObject({
      event: 'alarm.acknowledged',
      alarm: { id: alarm.id, state: 'acknowledged', note: 'On it' },
    });
    await ingest('danes', token, { rows: series('2026-04-01T10:10:00Z', 10, [2.0]) });
    const cleared = await hook.next();
    expect(cleared.url).toBe('https://alarms.receiver.test/all');
    expect(JSON.parse(cleared.body)).toMatchObject({ event: 'alarm.cleared', alarm: { id: alarm.id, state: 'cleared', clear_value: 2 } });
    expect(hook.received).toHaveLength(4);
    expect((await settledLog(admin, all.id)).map((d) => [d.event, d.status, d.alarm_id])).toEqual([
      ['alarm.cleared', 'delivered', alarm.id],
      ['alarm.acknowledged', 'delivered', alarm.id],
      ['alarm.fired', 'delivered', alarm.id],
    ]);
  });

  it('retries a failing receiver with back-off from the cron, then logs the delivery as failed', async () => {
    const admin = await make.admin();
    const hook = receiver('https://down.receiver.test/', () => new Response('busy', { status: 503 }));
    const webhook = await createWebhook(admin, { url: 'https://down.receiver.test/hook' });
    const first = await sendTest(admin, webhook.id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, last_status: 503, last_error: 'HTTP 503' });
    const current = async () => (await deliveryOf(admin, webhook.id))[0];
    // Not due before its back-off.
    await runCron(Date.parse(first.next_attempt_at!) - 1000);
    expect((await current()).attempts).toBe(1);
    const waits: number[] = [];
    for (let attempt = 2; attempt <= 6; attempt++) {
      const before = await current();
      await runCron(Date.parse(before.next_attempt_at!));
      const after = await current();
      expect(after.attempts).toBe(attempt);
      if (after.status === 'pending') waits.push((Date.parse(after.next_attempt_at!) - Date.parse(before.next_attempt_at!)) / 60_000);
    }
    expect(waits).toEqual([5, 30, 120, 360]);
    expect(await current()).toMatchObject({
      status: 'failed',
      attempts: 6,
      next_attempt_at: null,
      last_status: 503,
      last_error: 'HTTP 503',
    });
    await runCron(Date.now() + 30 * 24 * 3_600_000 - 60_000);
    expect(hook.received).toHaveLength(6);
    // Every attempt carried the same body and delivery id, freshly signed.
    expect(new Set(hook.received.map((r) => r.body)).size).toBe(1);
    expect(new Set(hook.received.map((r) => r.headers.get('X-Hladina-Delivery'))).size).toBe(1);
    for (const r of hook.received) expect(await verifies(webhook.secret!, r.headers.get('X-Hladina-Signature'), r.body)).toBe(true);
  });

  it('delivers on a later attempt once the receiver recovers', async () => {
    const admin = await make.admin();
    let calls = 0;
    receiver('https://flaky.receiver.test/', () => new Response(null, { status: ++calls < 3 ? 500 : 204 }));
    const webhook = await createWebhook(admin, { url: 'https://flaky.receiver.test/hook' });
    const first = await sendTest(admin, webhook.id);
    await runCron(Date.parse(first.next_attempt_at!));
    await runCron(Date.parse((await deliveryOf(admin, webhook.id))[0].next_attempt_at!));
    expect((await deliveryOf(admin, webhook.id))[0]).toMatchObject({
      status: 'delivered',
      attempts: 3,
      last_status: 204,
      last_error: null,
    });
  });

  it('logs a receiver that cannot be reached with the error', async () => {
    const admin = await make.admin();
    const webhook = await createWebhook(admin, { url: 'http://127.0.0.1:9/hook' });
    const sent = await sendTest(admin, webhook.id);
    expect(sent).toMatchObject({ status: 'pending', attempts: 1, last_status: null });
    expect(sent.last_error).toEqual(expect.any(String));
  });
});

describe('managing webhooks', () => {
  it('shows the secret once, never lists it, rotates it on request, and deletes a webhook with its log', async () => {
    const admin = await make.admin();
    receiver('https://crud.receiver.test/');
    const station = await make.station();
    const created = await createWebhook(admin, {
      url: 'https://crud.receiver.test/a',
      events: ['alarm.fired', 'alarm.cleared'],
      stations: [station.id],
    });
    expect(created).toMatchObject({ events: ['alarm.fired', 'alarm.cleared'], stations: [station.id], description: null });
    const listed = (await callSpec(webhookCalls.list, { token: admin.token })).data.find((w) => w.id === created.id);
    expect(listed).not.toHaveProperty('secret');
    const edit = (await callSpec(webhookCalls.detail, { query: { id: created.id }, token: admin.token })).data;
    expect(edit).not.toHaveProperty('secret');
    const updated = await createWebhook(admin, { id: created.id, url: 'https://crud.receiver.test/b', stations: [] });
    expect(updated).toMatchObject({
      url: 'https://crud.receiver.test/b',
      stations: [],
      events: ['alarm.fired', 'alarm.cleared', 'alarm.acknowledged'],
    });
    expect(updated).not.toHaveProperty('secret');
    const rotated = await createWebhook(admin, { id: created.id, url: 'https://crud.receiver.test/b', rotate_secret: true });
    expect(rotated.secret).toMatch(/^whsec_/);
    expect(rotated.secret).not.toBe(created.secret);
    await sendTest(admin, created.id);
    expect(await deliveryOf(admin, created.id)).toHaveLength(1);
    const deleted = await callSpec(webhookCalls.delete, { query: { id: created.id }, token: admin.token });
    expect(deleted.status).toBe(200);
    expect((await callSpec(webhookCalls.detail, { query: { id: created.id }, token: admin.token })).status).toBe(404);
    expect((await callSpec(webhookCalls.deliveries, { query: { id: created.id }, token: admin.token })).status).toBe(404);
  });

  it('links a new webhook to each of several stations, and no other webhook to them', async () => {
    const admin = await make.admin();
    const stations = await Promise.all([make.station(), make.station(), make.station()]);
    const ids = stations.map((s) => s.id).sort((a, b) => a - b);
    const earlier = await createWebhook(admin, { url: 'https://links.receiver.test/earlier' });
    const created = await createWebhook(admin, { url: 'https://links.receiver.test/three', stations: ids });
    expect(created.stations).toEqual(ids);
    const listed = (await callSpec(webhookCalls.list, { token: admin.token })).data;
    expect(listed.find((w) => w.id === created.id)!.stations).toEqual(ids);
    expect(listed.find((w) => w.id === earlier.id)!.stations).toEqual([]);
  });

  it('refuses a URL that is not http(s), an unknown event and unknown stations', async () => {
    const admin = await make.admin();
    const res = await post(
      '/rest/webhooks/edit',
      { Webhooks: { url: 'ftp://example.com/x', events: ['alarm.exploded'] } },
      { token: admin.token },
    );
    expect(res.status).toBe(422);
    expect(Object.keys(res.json.errors).sort()).toEqual(['events', 'url']);
    const unknown = await callSpec(webhookCalls.save, { body: { url: 'https://example.com/x', stations: [987654] }, token: admin.token });
    expect(unknown.status).toBe(422);
    expect(unknown.json.errors.stations).toEqual(['Unknown ids: 987654.']);
  });
});
