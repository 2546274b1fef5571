import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it } from 'vitest';
import { alarmCalls } from '../../worker/contracts/alarms';
import { notificationCalls } from '../../worker/contracts/notifications';
import { pushCalls } from '../../worker/contracts/push';
import { post } from '../support/api';
import { alarmsOf, floodStation, series } from '../support/alarms';
import { callSpec } from '../support/client';
import { make, type TestSubject } from '../support/make';
import { newDevice, pushService, verifiedVapid } from '../support/push-service';
import type { Received } from '../support/receiver';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

function service(base: string, reply?: (r: Received) => Response) {
  const s = pushService(base, reply);
  restore = s.restore;
  return s;
}

let endpoints = 0;
const endpointUnder = (base: string) => `${base}send/${Date.now().toString(36)}-${endpoints++}`;

async function subscribed(subject: TestSubject, base: string, label = 'Chromium on Linux') {
  const device = await newDevice(endpointUnder(base));
  const res = await callSpec(pushCalls.subscribe, { body: { ...device.subscription, label }, token: subject.token });
  expect(res.status, res.text).toBe(200);
  return { ...device, id: res.data.id };
}

const devicesOf = async (subject: TestSubject) => (await callSpec(pushCalls.devices, { token: subject.token })).data;

describe('push devices', () => {
  it('hands out the VAPID public key to signed-in subjects only', async () => {
    const subject = await make.subject();
    expect((await callSpec(pushCalls.key, { token: subject.token })).data).toEqual({ public_key: env.VAPID_PUBLIC_KEY });
    expect((await callSpec(pushCalls.key)).status).toBe(401);
  });

  it('subscribes a browser, lists it to its subject only, replaces it when subscribed again and removes it', async () => {
    const subject = await make.subject();
    const other = await make.subject();
    const device = await subscribed(subject, 'https://push.devices.test/');
    const [listed] = await devicesOf(subject);
    expect(listed).toMatchObject({
      id: device.id,
      label: 'Chromium on Linux',
      endpoint_origin: 'https://push.devices.test',
      last_success_at: null,
      last_failure_at: null,
    });
    expect(await devicesOf(other)).toEqual([]);
    // The same endpoint again (new keys, or another subject signed in on that browser) is one device, of its newest owner.
    const again = await callSpec(pushCalls.subscribe, { body: { ...device.subscription, label: 'Shared tablet' }, token: other.token });
    expect(again.data.id).toBe(device.id);
    expect(await devicesOf(subject)).toEqual([]);
    expect((await devicesOf(other)).map((d) => d.label)).toEqual(['Shared tablet']);
    // Nobody removes another's device.
    expect((await callSpec(pushCalls.unsubscribe, { query: { id: device.id }, token: subject.token })).status).toBe(404);
    expect((await callSpec(pushCalls.unsubscribe, { query: { id: device.id }, token: other.token })).data).toEqual({ id: device.id });
    expect(await devicesOf(other)).toEqual([]);
  });

  it('refuses a subscription that is not https, keys of the wrong length and a key off the curve, naming the field', async () => {
    const subject = await make.subject();
    const { subscription } = await newDevice('https://push.bad.test/send/1');
    const refused = async (body: Record<string, unknown>) => {
      const res = await post('/rest/push/devices', { PushSubscribe: body }, { token: subject.token });
      expect(res.status, res.text).toBe(422);
      return Object.keys(res.json.errors);
    };
    expect(await refused({ ...subscription, endpoint: 'http://push.bad.test/send/1' })).toEqual(['endpoint']);
    expect(await refused({ ...subscription, endpoint: 'not a url' })).toEqual(['endpoint']);
    expect(await refused({ ...subscription, p256dh: subscription.p256dh.slice(0, 40) })).toEqual(['p256dh']);
    expect(await refused({ ...subscription, auth: `${subscription.auth}AAAA` })).toEqual(['auth']);
    expect(await refused({ ...subscription, auth: '!!!!!!!!!!!!!!!!!!!!!!' })).toEqual(['auth']);
    // 65 bytes, but no point on P-256: no message could be encrypted to it.
    expect(await refused({ ...subscription, p256dh: `BA${'A'.repeat(85)}` })).toEqual(['p256dh']);
    expect(await refused({ endpoint: subscription.endpoint })).toEqual(['p256dh', 'auth']);
    expect(await devicesOf(subject)).toEqual([]);
  });
});

describe('push delivery', () => {
  it('sends a test notification that the push service verifies (VAPID) and the browser decrypts', async () => {
    const base = 'https://push.service.test/';
    const push = service(base);
    const subject = await make.subject();
    const device = await subscribed(subject, base);
    const sent = await callSpec(pushCalls.test, { token: subject.token });
    expect(sent.data).toEqual({ sent: 1, failed: 0, removed: 0 });

    const [request] = push.received;
    expect(request.url).toBe(device.subscription.endpoint);
    expect(request.headers.get('Content-Encoding')).toBe('aes128gcm');
    expect(Number(request.headers.get('TTL'))).toBeGreaterThan(0);
    expect(request.headers.get('Urgency')).toBe('normal');
    const claims = await verifiedVapid(request, env.VAPID_PUBLIC_KEY);
    expect(claims.aud).toBe('https://push.service.test');
    expect(claims.sub).toBe('mailto:alarms@hladina.test');
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);
    // Signed by another key, the same header does not verify.
    await expect(
      verifiedVapid(request, 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'),
    ).rejects.toThrow();

    expect(JSON.parse(await device.open(request.bytes))).toEqual({
      title: 'Hladina: test notification',
      body: 'Push notifications reach this device, Test.',
      url: '/profile',
      tag: 'hladina-test',
    });
    // Another browser's keys cannot read it.
    await expect((await newDevice(device.subscription.endpoint)).open(request.bytes)).rejects.toThrow();
    expect((await devicesOf(subject))[0].last_success_at).not.toBeNull();
  });

  it('removes a device its push service no longer knows (404, 410) and records other failures without failing the call', async () => {
    const base = 'https://push.gone.test/';
    const status = new Map<string, number>();
    service(base, (r) => new Response('nope', { status: status.get(r.url) ?? 201 }));
    const subject = await make.subject();
    const [gone, expired, broken, fine] = [
      await subscribed(subject, base),
      await subscribed(subject, base),
      await subscribed(subject, base),
      await subscribed(subject, base),
    ];
    status.set(gone.subscription.endpoint, 404).set(expired.subscription.endpoint, 410).set(broken.subscription.endpoint, 500);
    expect((await callSpec(pushCalls.test, { token: subject.token })).data).toEqual({ sent: 1, failed: 1, removed: 2 });
    const left = await devicesOf(subject);
    expect(left.map((d) => d.id).sort()).toEqual([broken.id, fine.id].sort());
    expect(left.find((d) => d.id === broken.id)).toMatchObject({ last_error: 'HTTP 500: nope', last_success_at: null });
    expect(left.find((d) => d.id === broken.id)!.last_failure_at).not.toBeNull();
  });

  it('pushes an alarm to the devices of those who turned push on, with a link to it and an acknowledge call', async () => {
    const base = 'https://push.alarm.test/';
    const push = service(base);
    const { viewer, station, post: postRows, admin } = await floodStation();
    const bystander = await make.subject();
    const phone = await subscribed(viewer, base);
    await subscribed(admin, base); // the administrator gets the e-mail but did not turn push on
    await subscribed(bystander, base); // push on, but may not see the station
    for (const subject of [viewer, bystander]) {
      const saved = await callSpec(notificationCalls.saveSettings, { body: { mode: 'all', push: true }, token: subject.token });
      expect(saved.data.push).toBe(true);
    }
    // Saving e-mail settings without `push` leaves it as it is.
    await callSpec(notificationCalls.saveSettings, { body: { mode: 'all' }, token: viewer.token });
    expect((await callSpec(notificationCalls.settings, { token: viewer.token })).data.push).toBe(true);

    await postRows(series('2026-04-01T10:00:00Z', 10, [3.5]));
    const [alarm] = await alarmsOf(station.id);
    const fired = await push.next();
    expect(fired.url).toBe(phone.subscription.endpoint);
    expect(fired.headers.get('Urgency')).toBe('high');
    expect(JSON.parse(await phone.open(fired.bytes))).toEqual({
      title: `CRITICAL alarm: ${station.name}`,
      body: 'Flood level: Groundwater level (H1) above 3 m',
      url: `/alarms?station=${station.id}`,
      tag: `alarm-${alarm.id}`,
      acknowledge_url: `/rest/alarms/acknowledge?id=${alarm.id}`,
    });
    // The acknowledge call the notification offers is the API's own, posted as the service worker posts it.
    const acknowledged = await callSpec(alarmCalls.acknowledge, { query: { id: alarm.id }, body: {}, token: viewer.token });
    expect(acknowledged.status, acknowledged.text).toBe(200);
    expect((await alarmsOf(station.id))[0]).toMatchObject({ state: 'acknowledged', acknowledged_by: viewer.id });

    await postRows(series('2026-04-01T10:10:00Z', 10, [2.0]));
    const cleared = await push.next();
    expect(JSON.parse(await phone.open(cleared.bytes))).toMatchObject({
      title: `Cleared: ${station.name}`,
      url: `/alarms?view=history&station=${station.id}`,
      tag: `alarm-${alarm.id}`,
    });
    expect(cleared.headers.get('Urgency')).toBe('normal');
    expect(push.received).toHaveLength(2);
  });
});
