import { describe, expect, it } from 'vitest';
import { maintenanceCalls } from '../../worker/contracts/maintenance';
import { sourceRow } from '../../worker/contracts/telemetry';
import { call } from '../support/api';
import { alarmsOf, floodStation } from '../support/alarms';
import { callSpec } from '../support/client';
import { mail } from '../support/make';
import { testingOf } from '../support/telemetry';

const h1 = (ts: number, value: number) => sourceRow('DANES', { reading: 'H1', ts, value });

describe('maintenance windows', () => {
  it('mutes the alarm, flags the readings suspect (maintenance) and notifies at the end if the alarm is still active', async () => {
    const { admin, viewer, station, post } = await floodStation();
    const started = await callSpec(maintenanceCalls.save, {
      token: admin.token,
      body: { item_id: station.id, minutes: 60, note: 'Cleaning the well.' },
    });
    expect(started.status, started.text).toBe(200);
    const start = Date.parse(started.data.starts_at);
    await post([h1(start + 1000, 3.5)]);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'active' }]);
    expect(await mail.to(viewer.username)).toHaveLength(0);
    const testing = testingOf(station.id);
    expect(await testing.rows('flags')).toMatchObject([{ ts: start + 1000, reason: 'maintenance' }]);
    expect((await testing.rows('quality_log')).map((e) => e.reason)).toEqual(['maintenance']);
    await testing.backdateMaintenance(61 * 60_000);
    await testing.ringAlarm();
    const mails = await mail.to(viewer.username);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(/CRITICAL alarm: .*above 3 m/);
    // Told once.
    await testing.ringAlarm();
    expect(await mail.to(viewer.username)).toHaveLength(1);
  });

  it('tells nobody at the end of an alarm that cleared during the window', async () => {
    const { admin, viewer, station, post } = await floodStation();
    const started = await callSpec(maintenanceCalls.save, { token: admin.token, body: { item_id: station.id, minutes: 60 } });
    const start = Date.parse(started.data.starts_at);
    await post([h1(start + 1000, 3.5), h1(start + 2000, 2.0)]);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'cleared' }]);
    await testingOf(station.id).backdateMaintenance(61 * 60_000);
    await testingOf(station.id).ringAlarm();
    expect(await mail.to(viewer.username)).toHaveLength(0);
  });

  it('refuses an overlapping window and one without an end (422 naming the field), saving nothing', async () => {
    const { admin, station } = await floodStation();
    const from = Date.now() + 3_600_000;
    const plan = (start: number, end: number) =>
      call('POST', '/rest/maintenance/edit', {
        token: admin.token,
        body: { Maintenance: { item_id: station.id, starts_at: new Date(start).toISOString(), ends_at: new Date(end).toISOString() } },
      });
    expect((await plan(from, from + 3_600_000)).status).toBe(200);
    const overlap = await plan(from + 1_800_000, from + 7_200_000);
    expect(overlap.status).toBe(422);
    expect(overlap.json.errors.starts_at[0]).toMatch(/^This window overlaps another maintenance window of the station \(/);
    const open = await call('POST', '/rest/maintenance/edit', { token: admin.token, body: { Maintenance: { item_id: station.id } } });
    expect(open.status).toBe(422);
    expect(Object.keys(open.json.errors)).toEqual(['ends_at']);
    expect((await callSpec(maintenanceCalls.list, { token: admin.token, query: { item_id: station.id } })).data).toHaveLength(1);
  });
});
