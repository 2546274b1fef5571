import { afterEach, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { alarmCalls } from '../../worker/contracts/alarms';
import { escalationCalls, type EscalationPolicyInput } from '../../worker/contracts/escalations';
import { warningCalls } from '../../worker/contracts/warning';
import { pushCalls } from '../../worker/contracts/push';
import { webhookCalls } from '../../worker/contracts/webhooks';
import { call, post } from '../support/api';
import { addRule, alarmsOf, flood, series } from '../support/alarms';
import { callSpec } from '../support/client';
import { mail, make } from '../support/make';
import { newDevice } from '../support/push-service';
import { webhookReceiver } from '../support/receiver';
import { ingest, testingOf } from '../support/telemetry';

let restore: (() => void) | undefined;
afterEach(() => {
  restore?.();
  restore = undefined;
});

type PolicySent = z.input<typeof EscalationPolicyInput>;

/**
 * A station with the flood rule under a three-step policy: A by e-mail and push at once, B by e-mail after 10
 * minutes, a webhook after 30; then the last step once more after 15 minutes. Time is the station object's: `advance`
 * moves its escalations' due times back and rings its alarm.
 */
async function escalatedStation(policy: Partial<PolicySent> = {}) {
  const admin = await make.admin();
  const [a, b, c] = [await make.subject(), await make.subject(), await make.subject()];
  const station = await make.station({ viewers: [a, b, c], token: true });
  const rule = await addRule(admin, { ...flood, item_id: station.id });
  const hook = webhookReceiver('https://duty.receiver.test/');
  restore = hook.restore;
  const webhook = (
    await callSpec(webhookCalls.save, {
      token: admin.token,
      body: { url: 'https://duty.receiver.test/hook', events: ['alarm.acknowledged'] },
    })
  ).data;
  const saved = await callSpec(escalationCalls.savePolicy, {
    token: admin.token,
    body: {
      name: 'Flood duty',
      steps: [
        { after_minutes: 0, subjects: [a.id], channels: ['email', 'push'] },
        { after_minutes: 10, subjects: [b.id], channels: ['email'] },
        { after_minutes: 30, webhooks: [webhook.id], channels: ['webhook'] },
      ],
      repeat_minutes: 15,
      max_repeats: 1,
      rules: [rule.id],
      ...policy,
    },
  });
  expect(saved.status, saved.text).toBe(200);
  const testing = testingOf(station.id);
  const escalation = async () => (await callSpec(escalationCalls.list, { token: admin.token, query: { item_id: station.id } })).data[0];
  const notices = async () => (await escalation()).notices.map((n) => `${n.step}.${n.repeat} ${n.channel} ${n.to}`);
  return {
    admin,
    a,
    b,
    c,
    station,
    hook,
    webhook,
    policy: saved.data,
    escalation,
    notices,
    fire: () => ingest('danes', station.token, { rows: series('2026-05-01T10:00:00Z', 10, [3.5]) }),
    async advance(minutes: number) {
      await testing.backdateEscalations(minutes * 60_000);
      await testing.ringAlarm();
    },
  };
}

describe('escalation', () => {
  it('runs three steps at their times, repeats the last once, then stops (exhausted)', async () => {
    const { a, b, fire, advance, notices, escalation, hook, webhook } = await escalatedStation();
    await fire();
    expect(await notices()).toEqual([`1.0 email ${a.username}`, `1.0 push subject:${a.id}`]);
    expect((await mail.to(a.username)).at(-1)!.body).toMatch(/\/ack\/[a-z0-9]{40}/);
    await advance(9);
    expect(await notices()).toHaveLength(2);
    await advance(1);
    expect((await notices()).slice(2)).toEqual([`2.0 email ${b.username}`]);
    await advance(20);
    expect((await notices()).slice(3)).toEqual([`3.0 webhook webhook:${webhook.id}`]);
    const sent = await hook.next();
    expect(sent.headers.get('X-Hladina-Event')).toBe('escalation.step');
    expect(JSON.parse(sent.body)).toMatchObject({ event: 'escalation.step', escalation: { step: 3, repeat: 0, reading: null } });
    await advance(15);
    expect((await notices()).slice(4)).toEqual([`3.1 webhook webhook:${webhook.id}`]);
    expect(await escalation()).toMatchObject({ state: 'exhausted', steps_done: 3, repeats: 1 });
    await advance(60);
    expect(await notices()).toHaveLength(5);
  });

  it('stops at step 1 when the alarm is acknowledged in the app, recording who and how', async () => {
    const { a, station, fire, advance, notices, escalation } = await escalatedStation();
    await fire();
    const [alarm] = await alarmsOf(station.id);
    const acked = await callSpec(alarmCalls.acknowledge, { token: a.token, query: { id: alarm.id }, body: { note: 'On my way.' } });
    expect(acked.status, acked.text).toBe(200);
    await advance(60);
    expect(await notices()).toHaveLength(2);
    expect(await escalation()).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: { id: a.id },
      acknowledged_via: 'app',
      note: 'On my way.',
    });
  });

  it("pushes a step to the person's phone, whose Acknowledge action stops the chain, recorded as by push", async () => {
    const { a, station, fire, advance, notices, escalation, hook } = await escalatedStation();
    // The test's receiver stands in for the phone's push service.
    const phone = await newDevice('https://duty.receiver.test/push/phone-of-a');
    const subscribed = await callSpec(pushCalls.subscribe, { token: a.token, body: { ...phone.subscription, label: 'Phone' } });
    expect(subscribed.status, subscribed.text).toBe(200);
    await fire();
    const delivered = await hook.next();
    expect(delivered.url).toBe(phone.subscription.endpoint);
    const { id } = await escalation();
    const message = JSON.parse(await phone.open(delivered.bytes)) as { url: string; tag: string; acknowledge_url: string };
    expect(message).toMatchObject({
      url: `/alarms?station=${station.id}`,
      tag: `escalation-${id}`,
      acknowledge_url: `/rest/escalations/acknowledge?id=${id}&via=push`,
    });
    // Posted as the service worker posts it: an empty JSON body with the person's session.
    const acknowledged = await post(message.acknowledge_url, {}, { token: a.token });
    expect(acknowledged.status, acknowledged.text).toBe(200);
    await advance(60);
    expect(await notices()).toEqual([`1.0 email ${a.username}`, `1.0 push subject:${a.id}`]);
    expect(await escalation()).toMatchObject({ state: 'acknowledged', acknowledged_by: { id: a.id }, acknowledged_via: 'push' });
    // The alarm itself is acknowledged by the same person: the alarm list agrees with the phone.
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'acknowledged', acknowledged_by: a.id }]);
  });

  it("stops at step 2 from the e-mail's link, without signing in, once", async () => {
    const { b, station, fire, advance, notices, escalation } = await escalatedStation();
    await fire();
    await advance(10);
    const token = (await mail.to(b.username)).at(-1)!.body.match(/\/ack\/([a-z0-9]+)/)![1];
    const shown = await callSpec(escalationCalls.link, { query: { token } });
    expect(shown.status, shown.text).toBe(200);
    expect(shown.data.state).toBe('running');
    const acked = await callSpec(escalationCalls.acknowledgeLink, { body: { token, false_alarm: true, note: 'Sensor fouled.' } });
    expect(acked.status, acked.text).toBe(200);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'acknowledged', acknowledged_by: b.id, note: 'Sensor fouled.' }]);
    expect(acked.data).toMatchObject({
      state: 'acknowledged',
      acknowledged_by: { id: b.id },
      acknowledged_via: 'email',
      false_alarm: true,
    });
    expect((await callSpec(escalationCalls.acknowledgeLink, { body: { token } })).status).toBe(410);
    expect((await callSpec(escalationCalls.link, { query: { token: 'x'.repeat(40) } })).status).toBe(410);
    await advance(60);
    expect(await notices()).toHaveLength(3);
    expect((await escalation()).steps_done).toBe(2);
  });

  it('stops at step 3 when acknowledged from the escalations list (409 once stopped); an alarm acknowledged already stays so', async () => {
    const { a, c, station, fire, advance, notices, escalation, hook } = await escalatedStation();
    await fire();
    await advance(10);
    await advance(20);
    await hook.next();
    const { id } = await escalation();
    const acked = await callSpec(escalationCalls.acknowledge, { token: c.token, query: { id }, body: {} });
    expect(acked.status, acked.text).toBe(200);
    expect((await callSpec(escalationCalls.acknowledge, { token: c.token, query: { id }, body: {} })).status).toBe(409);
    await advance(60);
    expect(await notices()).toHaveLength(4);
    const [alarm] = await alarmsOf(station.id);
    expect(alarm).toMatchObject({ state: 'acknowledged', acknowledged_by: c.id });

    // A second firing: its alarm acknowledged in the app first, then its escalation from the list: the alarm keeps the first.
    await ingest('danes', station.token, { rows: series('2026-05-01T11:00:00Z', 10, [2.0, 3.6]) });
    const second = (await alarmsOf(station.id)).at(-1)!;
    expect(second.state).toBe('active');
    const running = (await callSpec(escalationCalls.list, { token: c.token, query: { item_id: station.id, state: 'running' } })).data[0];
    expect((await callSpec(alarmCalls.acknowledge, { token: a.token, query: { id: second.id }, body: {} })).status).toBe(200);
    expect((await callSpec(escalationCalls.acknowledge, { token: c.token, query: { id: running.id }, body: {} })).status).toBe(409);
    expect((await alarmsOf(station.id)).at(-1)).toMatchObject({ state: 'acknowledged', acknowledged_by: a.id });
  });

  it('ends with its alarm when the alarm clears', async () => {
    const { station, fire, advance, notices, escalation } = await escalatedStation();
    await fire();
    await ingest('danes', station.token!, { rows: series('2026-05-01T10:10:00Z', 10, [2.0]) });
    await advance(60);
    expect(await escalation()).toMatchObject({ state: 'ended' });
    expect(await notices()).toHaveLength(2);
  });

  it('starts on a level crossing up to an attached level, and reaches the rota’s person on duty', async () => {
    const admin = await make.admin();
    const duty = await make.subject();
    const station = await make.station({ viewers: [duty], token: true });
    const levels = await callSpec(warningCalls.save, {
      token: admin.token,
      query: { id: station.id },
      body: { reading: 'H1', levels: [{ threshold: 2 }, { threshold: 3 }] },
    });
    expect(levels.status).toBe(200);
    const rota = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ subject_id: duty.id, weekday }));
    const saved = await callSpec(escalationCalls.savePolicy, {
      token: admin.token,
      body: {
        name: 'Level 2',
        steps: [{ after_minutes: 0, on_duty: true }],
        rota,
        levels: [{ item_id: station.id, reading: 'H1', level: 2 }],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    await ingest('danes', station.token, { rows: series('2026-05-02T10:00:00Z', 60, [2.5]) });
    expect(await mail.to(duty.username)).toHaveLength(0);
    await ingest('danes', station.token, { rows: series('2026-05-02T11:00:00Z', 60, [3.1]) });
    const [escalation] = (await callSpec(escalationCalls.list, { token: duty.token, query: { item_id: station.id } })).data;
    expect(escalation).toMatchObject({ reading: 'H1', level: 2, alarm_id: null });
    expect(escalation.notices.map((n) => n.to)).toEqual([duty.username]);
    // A level's escalation has no alarm: acknowledging it stops it and touches no alarm.
    const acked = await callSpec(escalationCalls.acknowledge, { token: duty.token, query: { id: escalation.id }, body: {} });
    expect(acked.status, acked.text).toBe(200);
    expect(acked.data).toMatchObject({ state: 'acknowledged', acknowledged_by: { id: duty.id } });
  });

  it('refuses a step without a recipient, steps out of order, on-duty without a rota and unknown people (422 naming the field)', async () => {
    const admin = await make.admin();
    const save = (body: unknown) =>
      call('POST', '/rest/escalation-policies/edit', { token: admin.token, body: { EscalationPolicies: body } });
    const refused = async (body: unknown) => {
      const res = await save({ name: 'P', ...(body as object) });
      expect(res.status, res.text).toBe(422);
      return res.json.errors as Record<string, string[]>;
    };
    expect((await refused({ steps: [{ after_minutes: 0 }] })).steps).toEqual(['Step 1 has no recipient.']);
    expect(
      (
        await refused({
          steps: [
            { after_minutes: 10, subjects: [admin.id] },
            { after_minutes: 5, subjects: [admin.id] },
          ],
        })
      ).steps,
    ).toEqual(['Step 2 must come later than step 1 (after more than 10 minutes).']);
    expect((await refused({ steps: [{ after_minutes: 0, on_duty: true }] })).steps).toEqual([
      'Step 1 notifies whoever is on duty, but the policy has no rota.',
    ]);
    expect((await refused({ steps: [{ after_minutes: 0, subjects: [999_999] }] })).steps).toEqual(['No such subject: 999999.']);
    expect((await refused({ steps: [{ after_minutes: 0, subjects: [admin.id] }], rules: [999_999] })).rules).toEqual([
      'No such alarm rule: 999999.',
    ]);
    expect(
      Object.keys(
        await refused({
          steps: [{ after_minutes: 0, on_duty: true }],
          rota: [
            { subject_id: admin.id, weekday: 1, from_hour: 0, to_hour: 12 },
            { subject_id: admin.id, weekday: 1, from_hour: 8, to_hour: 24 },
          ],
        }),
      ),
    ).toEqual(['rota']);
    expect((await callSpec(escalationCalls.policies, { token: admin.token })).data.filter((p) => p.name === 'P')).toEqual([]);
  });
});
