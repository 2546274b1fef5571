import { describe, expect, it } from 'vitest';
import { qualityCalls } from '../../worker/contracts/quality';
import { warningCalls } from '../../worker/contracts/warning';
import { addRule, leveledStation } from '../support/alarms';
import { mail } from '../support/make';
import { callSpec } from '../support/client';
import { watch } from '../support/live';
import { testingOf } from '../support/telemetry';

/** A leveled station (../support/alarms.ts) with its H1 scale as its viewer reads it. */
async function forecastStation() {
  const fixture = await leveledStation();
  const scale = async () =>
    (await callSpec(warningCalls.list, { token: fixture.viewer.token, query: { item_id: fixture.station.id } })).data[0];
  return { ...fixture, scale };
}

describe('time-to-level forecast', () => {
  it('is made on arrival and reaches the scales D1 serves: the next level, again after a crossing, none on a falling trend', async () => {
    const { station, post, scale } = await forecastStation();
    await post('2026-05-01T10:00:00Z', [1.6, 1.7]);
    expect((await scale()).forecast).toBeNull();
    // 0.1 m/h from 1.6 m at 10:00: 2.0 m at 14:00.
    await post('2026-05-01T12:00:00Z', [1.8, 1.9]);
    expect((await scale()).forecast).toEqual({ level: 1, expected_at: '2026-05-01T14:00:00.000Z', issued_at: '2026-05-01T13:00:00.000Z' });
    // Level 1 reached: level 2 (2.5 m) is next, at 19:00 on the same line.
    await post('2026-05-01T14:00:00Z', [2.0]);
    const risen = await scale();
    expect(risen.current).toMatchObject({ level: 1 });
    expect(risen.forecast).toEqual({ level: 2, expected_at: '2026-05-01T19:00:00.000Z', issued_at: '2026-05-01T14:00:00.000Z' });
    // Past the crest, the line over the last three hours falls: no forecast (the level holds at its clear level).
    await post('2026-05-01T15:00:00Z', [1.95, 1.9]);
    const falling = await scale();
    expect(falling.current).toMatchObject({ level: 1 });
    expect(falling.forecast).toBeNull();
    expect(await testingOf(station.id).rows('forecast_sent')).toEqual([
      { code: 'H1', level: null, issued_at: Date.parse('2026-05-01T16:00:00Z'), expected_at: null },
    ]);
  });

  it('reaches open pages with the rows that moved it, and only then', async () => {
    const { station, viewer, post } = await forecastStation();
    const watcher = await watch(viewer, [station.uniqueId]);
    await watcher.next('subscribed');
    await post('2026-05-03T10:00:00Z', [1.6, 1.7, 1.8, 1.9]);
    expect((await watcher.next('readings')).forecasts).toEqual([
      { reading: 'H1', forecast: { level: 1, expected_at: '2026-05-03T14:00:00.000Z', issued_at: '2026-05-03T13:00:00.000Z' } },
    ]);
    // A reading on the same line: the forecast has not moved, so the message carries none.
    await post('2026-05-03T13:30:00Z', [1.95]);
    const steady = await watcher.next('readings');
    expect(steady.rows).toHaveLength(1);
    expect(steady.forecasts).toBeUndefined();
    watcher.socket.close();
  });

  it('leaves flagged readings out of the fit, and forgets a reading whose levels are removed', async () => {
    const { station, post, scale, admin } = await forecastStation();
    // 10:00 reads 1.3 m; rejected, the line runs through 11:00–13:00 at 0.1 m/h (with it: 0.19 m/h, 2.0 m at 13:13).
    await post('2026-05-02T10:00:00Z', [1.3, 1.7]);
    const at = '2026-05-02T10:00:00Z';
    const flagged = await callSpec(qualityCalls.flag, {
      query: { id: station.id },
      body: { reading: 'H1', from: at, to: at, flag: 'rejected', note: 'Probe cleaned.' },
      token: admin.token,
    });
    expect(flagged.status, flagged.text).toBe(200);
    await post('2026-05-02T12:00:00Z', [1.8, 1.9]);
    expect((await scale()).forecast).toEqual({ level: 1, expected_at: '2026-05-02T14:00:00.000Z', issued_at: '2026-05-02T13:00:00.000Z' });
    const removed = await callSpec(warningCalls.delete, { token: admin.token, query: { id: station.id, reading: 'H1' } });
    expect(removed.status, removed.text).toBe(200);
    expect(await testingOf(station.id).rows('forecast_sent')).toEqual([]);
  });

  it('an alarm that fires tells the forecast its batch made in the e-mail', async () => {
    const { admin, viewer, station, post } = await forecastStation();
    await addRule(admin, {
      item_id: station.id,
      kind: 'above',
      reading: 'H1',
      threshold: 1.85,
      deadband: 0.1,
      severity: 'critical',
      name: 'Near level 1',
    });
    await post('2026-05-03T10:00:00Z', [1.6, 1.7, 1.8, 1.9]);
    const [fired] = await mail.to(viewer.username);
    expect(fired.body).toContain(
      'Forecast: Warning level 1 expected at 2026-05-03 16:00 (Europe/Prague), from the trend of the last 3 hours',
    );
  });
});
