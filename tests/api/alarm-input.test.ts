import { beforeAll, describe, expect, it } from 'vitest';
import { alarmCalls, alarmRuleCalls } from '../../worker/contracts/alarms';
import { notificationCalls } from '../../worker/contracts/notifications';
import { get, post } from '../support/api';
import { callSpec } from '../support/client';
import { make, type TestSubject } from '../support/make';

let admin: TestSubject;
let itemId: number;
beforeAll(async () => {
  admin = await make.admin();
  itemId = (await make.station()).id;
});

const saveRule = (rule: Record<string, unknown>) =>
  post('/rest/alarm-rules/edit', { AlarmRules: { item_id: itemId, ...rule } }, { token: admin.token });

const expect422 = (res: { status: number; json: any; text: string }, errors: Record<string, string[]>) => {
  expect(res.status, res.text).toBe(422);
  expect(res.json).toEqual({ success: false, errors });
};

const required = ['This field is required.'];
const notValid = ['This value is not valid.'];

describe('alarm rule fields, worded per field', () => {
  it('a value rule needs its reading and threshold', async () => {
    expect422(await saveRule({ kind: 'above' }), { reading: required, threshold: required });
  });

  it('a rate rule needs a window and a positive rate', async () => {
    expect422(await saveRule({ kind: 'rise', reading: 'H1', threshold: -1 }), { window_minutes: required, threshold: notValid });
    expect422(await saveRule({ kind: 'fall', reading: 'H1', threshold: 1, window_minutes: 1 }), { window_minutes: notValid });
  });

  it('a no-data rule needs its silence (10 minutes or more) and takes no hold', async () => {
    expect422(await saveRule({ kind: 'no_data', hold_minutes: 5 }), { silence_minutes: required, hold_minutes: notValid });
    expect422(await saveRule({ kind: 'no_data', silence_minutes: 5 }), { silence_minutes: notValid });
  });

  it('kind, severity, deadband, hold and the preset reading must be what the API knows', async () => {
    expect422(await saveRule({ kind: 'sideways' }), { kind: notValid });
    expect422(await saveRule({ kind: 'above', reading: 'H1', threshold: 1, severity: 'fatal', deadband: -1, hold_minutes: 1.5 }), {
      severity: notValid,
      deadband: notValid,
      hold_minutes: notValid,
    });
    expect422(await saveRule({ kind: 'low_voltage', reading: 'H1' }), { reading: notValid });
    expect422(await saveRule({ kind: 'above', reading: 'H1', threshold: '3' }), { threshold: notValid });
  });

  it('a reading must be one of the station source', async () => {
    expect422(await saveRule({ kind: 'above', reading: 'pressure', threshold: 1 }), {
      reading: ['pressure is not a reading of DANES stations.'],
    });
  });

  it('an unknown station or rule is a 404', async () => {
    const res = await callSpec(alarmRuleCalls.save, { body: { item_id: 987654, kind: 'low_voltage' }, token: admin.token });
    expect(res.status).toBe(404);
    expect(res.json.errors.item_id).toEqual(['Station not found.']);
    expect((await saveRule({ id: 987654, kind: 'low_voltage' })).status).toBe(404);
  });

  it('a preview takes 1 to 90 days', async () => {
    for (const days of ['0', '91', 'x']) {
      const res = await post(
        `/rest/alarm-rules/preview?days=${days}`,
        { AlarmRules: { item_id: itemId, kind: 'low_voltage' } },
        { token: admin.token },
      );
      expect(res.status).toBe(400);
      expect(res.json.errors.days).toBeDefined();
    }
  });
});

describe('alarm list and acknowledgement', () => {
  it('refuses unknown filters with a 400 naming each', async () => {
    const bad = await get('/rest/alarms?state=sleeping&severity=fatal&from=yesterday&limit=0&item_id=x', { token: admin.token });
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.json.errors).sort()).toEqual(['from', 'item_id', 'limit', 'severity', 'state']);
    const reversed = await get('/rest/alarms?from=2026-03-02T00:00:00Z&to=2026-03-01T00:00:00Z', { token: admin.token });
    expect(reversed.status).toBe(400);
    expect(reversed.json.errors.from).toBeDefined();
    expect((await get('/rest/alarms?from=2026-03-01T00:00:00', { token: admin.token })).status).toBe(400);
  });

  it('keeps a note to 500 characters', async () => {
    const res = await callSpec(alarmCalls.acknowledge, { query: { id: 1 }, body: { note: 'x'.repeat(501) }, token: admin.token });
    expect422(res, { note: ['Enter at most 500 characters.'] });
  });
});

describe('notification settings', () => {
  it('start at all without push, and replace default and overrides at once', async () => {
    const user = await make.subject();
    const mine = await make.station({ viewers: [user] });
    const group = await make.group({ members: [user] });
    const initial = (await callSpec(notificationCalls.settings, { token: user.token })).data;
    expect(initial).toEqual({
      mode: 'all',
      push: false,
      stations: [],
      groups: [],
      allStations: [{ id: mine.id, name: mine.name }],
      allGroups: [{ id: group.id, name: group.name }],
    });
    const saved = await callSpec(notificationCalls.saveSettings, {
      body: {
        mode: 'critical',
        stations: [
          { item_id: mine.id, mode: 'none' },
          { item_id: mine.id, mode: 'all' },
        ],
        groups: [{ group_id: group.id, mode: 'none' }],
      },
      token: user.token,
    });
    expect(saved.data).toMatchObject({
      mode: 'critical',
      stations: [{ item_id: mine.id, mode: 'all' }],
      groups: [{ group_id: group.id, mode: 'none' }],
    });
    const cleared = await callSpec(notificationCalls.saveSettings, { body: { mode: 'none' }, token: user.token });
    expect(cleared.data).toMatchObject({ mode: 'none', stations: [], groups: [] });
  });

  it('refuses a mode it does not know, and stations or groups the subject may not choose', async () => {
    const user = await make.subject();
    const foreign = await make.station();
    const otherGroup = await make.group();
    expect422(await post('/rest/notifications/settings', { NotificationSettings: { mode: 'sometimes' } }, { token: user.token }), {
      mode: notValid,
    });
    expect422(await post('/rest/notifications/settings', { NotificationSettings: { mode: 'all', push: 'maybe' } }, { token: user.token }), {
      push: notValid,
    });
    expect422(
      await callSpec(notificationCalls.saveSettings, {
        body: { mode: 'all', stations: [{ item_id: foreign.id, mode: 'none' }] },
        token: user.token,
      }),
      { stations: [`Stations you may not choose: ${foreign.id}.`] },
    );
    expect422(
      await callSpec(notificationCalls.saveSettings, {
        body: { mode: 'all', groups: [{ group_id: otherGroup.id, mode: 'none' }] },
        token: user.token,
      }),
      { groups: [`Groups you may not choose: ${otherGroup.id}.`] },
    );
  });
});
