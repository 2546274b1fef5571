import { describe, expect, it } from 'vitest';
import { post } from '../support/api';
import { addRule, alarmsOf, flood, floodStation, series, watchedStation } from '../support/alarms';
import { mail, make } from '../support/make';
import { ingest, runCron } from '../support/telemetry';

const minute = 60_000;

describe('value rules with a deadband', () => {
  it('fires exactly one alarm and one e-mail when a series crosses the threshold', async () => {
    const { station, viewer, post } = await floodStation();
    const reply = await post(series('2026-03-01T10:00:00Z', 10, [2.0, 2.6, 3.1, 3.4, 3.3]));
    expect(reply.data).toEqual({ accepted: 5, duplicates: 0 });
    const alarms = await alarmsOf(station.id);
    expect(alarms).toHaveLength(1);
    expect(alarms[0]).toMatchObject({
      state: 'active',
      value: 3.1,
      started_at: Date.parse('2026-03-01T10:20:00Z'),
      fired_at: Date.parse('2026-03-01T10:20:00Z'),
    });
    const mails = await mail.to(viewer.username);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toContain('CRITICAL');
    expect(mails[0].body).toContain('Flood level: Groundwater level (H1) above 3 m');
    expect(mails[0].body).toContain('Value: 3.1 m at 2026-03-01 11:20 (Europe/Prague)');
  });

  it('fires nothing more while the value oscillates inside the deadband, or crosses again before clearing', async () => {
    const { station, viewer, post } = await floodStation();
    await post(series('2026-03-01T10:00:00Z', 10, [2.0, 3.2]));
    await post(series('2026-03-01T10:20:00Z', 10, [2.9, 3.05, 2.6, 3.4, 2.51, 3.01]));
    expect(await alarmsOf(station.id)).toHaveLength(1);
    expect((await alarmsOf(station.id))[0].state).toBe('active');
    expect(await mail.to(viewer.username)).toHaveLength(1);
  });

  it('clears once the value falls back past the threshold by the deadband, with one clear e-mail', async () => {
    const { station, viewer, post } = await floodStation();
    await post(series('2026-03-01T10:00:00Z', 10, [3.2, 2.7, 2.5, 2.4, 2.0]));
    const [alarm] = await alarmsOf(station.id);
    expect(alarm).toMatchObject({
      state: 'cleared',
      cleared_at: Date.parse('2026-03-01T10:20:00Z'),
      clear_value: 2.5,
      cleared_reason: 'condition',
    });
    const mails = await mail.to(viewer.username);
    expect(mails.map((m) => m.subject.split(':')[1].trim())).toEqual(['CRITICAL alarm', 'Cleared']);
    // A new crossing is a new alarm, with its own pair of e-mails.
    await post(series('2026-03-01T11:00:00Z', 10, [3.3, 2.0]));
    expect((await alarmsOf(station.id)).map((a) => a.state)).toEqual(['cleared', 'cleared']);
    expect(await mail.to(viewer.username)).toHaveLength(4);
  });

  it('evaluates a batch in reading-time order, whatever order its rows were posted in', async () => {
    const { station, post } = await floodStation();
    await post(series('2026-03-01T10:00:00Z', 10, [2.0, 3.5, 2.2]).reverse());
    const [alarm] = await alarmsOf(station.id);
    expect(alarm).toMatchObject({
      state: 'cleared',
      fired_at: Date.parse('2026-03-01T10:10:00Z'),
      cleared_at: Date.parse('2026-03-01T10:20:00Z'),
    });
  });

  it('fires nothing for a duplicate batch, and nothing for late readings older than what was evaluated', async () => {
    const { station, viewer, post } = await floodStation();
    const batch = series('2026-03-01T10:00:00Z', 10, [2.0, 3.2, 3.3]);
    await post(batch);
    expect((await post(batch)).data).toEqual({ accepted: 0, duplicates: 3 });
    // Late: older than the newest H1, below the clear level while firing — cannot clear.
    await post(series('2026-03-01T09:00:00Z', 10, [1.0, 1.0]));
    expect((await alarmsOf(station.id)).map((a) => a.state)).toEqual(['active']);
    await post(series('2026-03-01T10:30:00Z', 10, [2.0]));
    expect((await alarmsOf(station.id)).map((a) => a.state)).toEqual(['cleared']);
    // Late again: older than the clearing reading and above the threshold — cannot fire again.
    await post(series('2026-03-01T10:05:00Z', 10, [4.0, 4.1]));
    await post(batch);
    expect(await alarmsOf(station.id)).toHaveLength(1);
    expect(await mail.to(viewer.username)).toHaveLength(2);
  });

  it('evaluates only readings that arrive after the rule exists', async () => {
    const fixture = await watchedStation();
    await ingest('danes', fixture.token, { rows: series('2026-03-01T10:00:00Z', 10, [3.5, 3.6]) });
    await addRule(fixture.admin, { ...flood, item_id: fixture.station.id });
    await ingest('danes', fixture.token, { rows: series('2026-03-01T09:00:00Z', 10, [3.9]) });
    expect(await alarmsOf(fixture.station.id)).toEqual([]);
    await ingest('danes', fixture.token, { rows: series('2026-03-01T10:20:00Z', 10, [3.7]) });
    expect(await alarmsOf(fixture.station.id)).toHaveLength(1);
  });

  it('fires a below rule under its threshold and clears it above threshold + deadband', async () => {
    const { admin, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'below', reading: '_T', threshold: 0, deadband: 1 });
    await ingest('danes', token, { rows: series('2026-03-01T00:00:00Z', 10, [1, -0.5, 0.5, 0.9, 1.0], '_T') });
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'cleared', value: -0.5, clear_value: 1 }]);
  });
});

describe('rate of change', () => {
  it('fires when a reading rises faster than the rate over its window, and clears when it slows past the deadband', async () => {
    const { admin, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'rise', reading: 'H1', threshold: 1.1, deadband: 0.4, window_minutes: 60 });
    // 0.1 m per 10 min is 0.6 m/h: quiet. Then 0.3 m per 10 min until it levels off.
    const slow = [2.0, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6];
    const fast = [2.9, 3.2, 3.5];
    const flat = [3.5, 3.5, 3.5, 3.5, 3.5, 3.5];
    await ingest('danes', token, { rows: series('2026-03-02T10:00:00Z', 10, [...slow, ...fast, ...flat]) });
    const [alarm] = await alarmsOf(station.id);
    // At 11:20 the hour's change is 3.2 − 2.2 = 1.0 m/h (not past 1.1); at 11:30 it is 3.5 − 2.3 = 1.2 m/h.
    expect(alarm.fired_at).toBe(Date.parse('2026-03-02T11:30:00Z'));
    expect(alarm.value).toBeCloseTo(1.2, 9);
    // Clears once the hour's change is ≤ 1.1 − 0.4: at 12:10 it is 3.5 − 2.9 = 0.6 (at 12:00 still 3.5 − 2.6 = 0.9).
    expect(alarm.state).toBe('cleared');
    expect(alarm.cleared_at).toBe(Date.parse('2026-03-02T12:10:00Z'));
  });

  it('judges a fall over the window even when the window spans two batches, and not across a gap', async () => {
    const { admin, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'fall', reading: 'H1', threshold: 2, window_minutes: 30 });
    await ingest('danes', token, { rows: series('2026-03-03T10:00:00Z', 10, [5, 5, 5, 5]) });
    await ingest('danes', token, { rows: series('2026-03-03T10:40:00Z', 10, [4.5, 3.5]) });
    // 10:50: 3.5 − 5 (10:20) over half an hour = −3 m/h, faster than 2 m/h down.
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'active', fired_at: Date.parse('2026-03-03T10:50:00Z'), value: -3 }]);
    // Seven hours of silence, then a drop: the reading 30 min before is more than two windows old, so no rate.
    const { admin: _a, station: other, token: otherToken } = await watchedStation();
    await addRule(admin, { item_id: other.id, kind: 'fall', reading: 'H1', threshold: 2, window_minutes: 30 });
    await ingest('danes', otherToken, { rows: [...series('2026-03-03T10:00:00Z', 10, [5]), ...series('2026-03-03T17:00:00Z', 10, [1])] });
    expect(await alarmsOf(other.id)).toEqual([]);
  });
});

describe('holds for M minutes', () => {
  it('fires only once the condition has held for the hold in reading time, counted from when it began', async () => {
    const { admin, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'above', reading: 'H1', threshold: 3, hold_minutes: 30 });
    // Above for 20 minutes, a dip resets it; then above from 10:40 to 11:10.
    await ingest('danes', token, { rows: series('2026-03-04T10:00:00Z', 10, [3.5, 3.5, 3.5, 2.9, 3.5, 3.5]) });
    expect(await alarmsOf(station.id)).toEqual([]);
    await ingest('danes', token, { rows: series('2026-03-04T11:00:00Z', 10, [3.6, 3.7]) });
    expect(await alarmsOf(station.id)).toMatchObject([
      { state: 'active', started_at: Date.parse('2026-03-04T10:40:00Z'), fired_at: Date.parse('2026-03-04T11:10:00Z'), value: 3.7 },
    ]);
  });
});

describe('no data', () => {
  it('fires after the silence with no request from the station, and clears with its next reading', async () => {
    const { admin, viewer, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'no_data', silence_minutes: 60, severity: 'warning' });
    const now = Date.now();
    const last = now - 2 * 3_600_000;
    await ingest('danes', token, { rows: [{ data_name: 'H1', data_value: 2, date: new Date(last).toISOString() }] });
    // Not yet silent for an hour at last + 59 min; silent at last + 61 min; the cron is the only caller.
    await runCron(last + 59 * minute);
    expect(await alarmsOf(station.id)).toEqual([]);
    await runCron(last + 61 * minute);
    expect(await alarmsOf(station.id)).toMatchObject([
      { state: 'active', started_at: last + 60 * minute, fired_at: last + 61 * minute, value: null },
    ]);
    expect((await mail.to(viewer.username))[0].body).toContain('No data from the station for more than 60 min');
    // Later runs do not fire it again while it holds.
    await runCron(last + 90 * minute);
    expect(await alarmsOf(station.id)).toHaveLength(1);
    await ingest('danes', token, { rows: [{ data_name: 'H1', data_value: 2, date: new Date(now).toISOString() }] });
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'cleared', cleared_at: now }]);
    expect(await mail.to(viewer.username)).toHaveLength(2);
  });

  it('does not clear on a late reading that leaves the station silent', async () => {
    const { admin, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'no_data', silence_minutes: 30 });
    const last = Date.now() - 3 * 3_600_000;
    await ingest('danes', token, { rows: [{ data_name: 'H1', data_value: 2, date: new Date(last).toISOString() }] });
    await runCron();
    expect((await alarmsOf(station.id)).map((a) => a.state)).toEqual(['active']);
    await ingest('danes', token, { rows: [{ data_name: 'H1', data_value: 2, date: new Date(last + 3_600_000).toISOString() }] });
    expect((await alarmsOf(station.id)).map((a) => a.state)).toEqual(['active']);
  });

  it('counts the silence of a station that never reported from when the rule was made', async () => {
    const { admin, station } = await watchedStation();
    const rule = await addRule(admin, { item_id: station.id, kind: 'no_data', silence_minutes: 15 });
    const created = Date.parse(rule.created_at);
    await runCron(created + 10 * minute);
    expect(await alarmsOf(station.id)).toEqual([]);
    await runCron(created + 16 * minute);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'active', started_at: created + 15 * minute }]);
  });
});

describe('low-voltage preset', () => {
  it('watches POWER below the level (11.5 V unless given) and is refused for a source without POWER', async () => {
    const { admin, station, token } = await watchedStation();
    const rule = await addRule(admin, { item_id: station.id, kind: 'low_voltage' });
    expect(rule).toMatchObject({ reading: 'POWER', threshold: 11.5, clear_level: 11.5 });
    await ingest('danes', token, { rows: series('2026-03-05T00:00:00Z', 10, [12.1, 11.4], 'POWER') });
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'active', value: 11.4 }]);
    const uniwan = await make.station({ source: 'UNIWAN' });
    const refused = await post(
      '/rest/alarm-rules/edit',
      { AlarmRules: { item_id: uniwan.id, kind: 'low_voltage' } },
      { token: admin.token },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.errors.reading).toEqual(['POWER is not a reading of UNIWAN stations.']);
  });
});
