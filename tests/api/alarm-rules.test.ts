import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Alarm, AlarmRule, RulePreview } from '../../worker/contracts/alarms';
import { get, post } from '../support/api';
import { addRule, series, watchedStation } from '../support/alarms';
import { watch } from '../support/live';
import { make } from '../support/make';
import { ingest, testingOf } from '../support/telemetry';

const hour = 3_600_000;

describe('alarm rules', () => {
  it('are shown to subjects who may see their station, with what a chart draws', async () => {
    const { admin, viewer, station } = await watchedStation();
    const stranger = await make.subject();
    const rule = await addRule(admin, {
      item_id: station.id,
      kind: 'above',
      reading: 'H1',
      threshold: 3.2,
      deadband: 0.2,
      severity: 'critical',
      name: 'Flood',
    });
    expect(rule).toMatchObject({
      item_id: station.id,
      unique_id: station.uniqueId,
      name: 'Flood',
      kind: 'above',
      reading: 'H1',
      threshold: 3.2,
      deadband: 0.2,
      clear_level: 3,
      window_minutes: null,
      silence_minutes: null,
      hold_minutes: 0,
      severity: 'critical',
    });
    const rules = (token: string, item_id?: number) => get('/rest/alarm-rules', { token, query: { item_id }, reply: z.array(AlarmRule) });
    expect((await rules(viewer.token, station.id)).data).toEqual([rule]);
    expect((await rules(viewer.token)).data).toEqual([rule]);
    expect((await rules(stranger.token)).data).toEqual([]);
    expect((await get(`/rest/alarm-rules?item_id=${station.id}`, { token: stranger.token })).status).toBe(403);
    expect((await get('/rest/alarm-rules?item_id=987654', { token: viewer.token })).status).toBe(404);
  });

  it('take effect in the station object at once when updated, keeping an open alarm open', async () => {
    const { admin, station, token } = await watchedStation();
    const rule = await addRule(admin, { item_id: station.id, kind: 'above', reading: 'H1', threshold: 3 });
    await ingest('danes', token, { rows: series('2026-05-01T10:00:00Z', 10, [3.5]) });
    const updated = await addRule(admin, { id: rule.id, item_id: station.id, kind: 'above', reading: 'H1', threshold: 4, deadband: 1 });
    expect(updated).toMatchObject({ id: rule.id, threshold: 4, clear_level: 3 });
    const [held] = await testingOf(station.id).rows('alarm_rules');
    expect(JSON.parse(held.spec as string)).toMatchObject({ id: rule.id, threshold: 4, deadband: 1 });
    expect(held.phase).toBe('firing');
    // 3.2 is below the new threshold but not past its clear level (3): the alarm stays open.
    await ingest('danes', token, { rows: series('2026-05-01T10:10:00Z', 10, [3.2, 2.9]) });
    const alarms = (await get('/rest/alarms', { token: admin.token, query: { item_id: station.id }, reply: z.array(Alarm) })).data;
    expect(alarms).toMatchObject([{ state: 'cleared', clear_value: 2.9, threshold: 3 }]);
  });

  it('cannot move to another station, and a station holds at most 50', { timeout: 30_000 }, async () => {
    const { admin, station } = await watchedStation();
    const other = await make.station();
    const rule = await addRule(admin, { item_id: station.id, kind: 'no_data', silence_minutes: 60 });
    const moved = await post(
      '/rest/alarm-rules/edit',
      { AlarmRules: { id: rule.id, item_id: other.id, kind: 'no_data', silence_minutes: 60 } },
      { token: admin.token },
    );
    expect(moved.status).toBe(422);
    expect(moved.json.errors.item_id).toEqual(['A rule cannot move to another station.']);
    for (let i = 1; i < 50; i++) await addRule(admin, { item_id: station.id, kind: 'above', reading: 'KCM', threshold: i });
    const refused = await post(
      '/rest/alarm-rules/edit',
      { AlarmRules: { item_id: station.id, kind: 'above', reading: 'KCM', threshold: 99 } },
      { token: admin.token },
    );
    expect(refused.status).toBe(422);
    expect(refused.json.errors.item_id).toEqual(['A station has at most 50 rules.']);
  });
});

describe('rule preview', () => {
  it('counts how often a rule would have fired over the last 30 days and returns the series with its threshold lines', async () => {
    const { admin, station, token } = await watchedStation();
    const start = Math.floor((Date.now() - 10 * 24 * hour) / hour) * hour;
    // Two floods, ten days ago and five days ago; one reading a day before the 30 days, above the threshold.
    const values = Array.from({ length: 240 }, (_, h) => ((h >= 10 && h < 14) || (h >= 130 && h < 131) ? 3.6 : 2.0));
    const rows = values.map((v, h) => ({ data_name: 'H1', data_value: v, date: new Date(start + h * hour).toISOString() }));
    rows.push({ data_name: 'H1', data_value: 5, date: new Date(Date.now() - 31 * 24 * hour).toISOString() });
    await ingest('danes', token, { rows });
    const preview = (rule: Record<string, unknown>, days?: number) =>
      post(
        '/rest/alarm-rules/preview',
        { AlarmRules: { item_id: station.id, ...rule } },
        { token: admin.token, query: { days }, reply: RulePreview },
      );
    const month = await preview({ kind: 'above', reading: 'H1', threshold: 3, deadband: 0.5 });
    expect(month.status, month.text).toBe(200);
    const iso = (h: number) => new Date(start + h * hour).toISOString();
    expect(month.data).toMatchObject({
      item_id: station.id,
      reading: 'H1',
      fired: 2,
      episodes: [
        { started_at: iso(10), fired_at: iso(10), cleared_at: iso(14), value: 3.6 },
        { started_at: iso(130), fired_at: iso(130), cleared_at: iso(131), value: 3.6 },
      ],
      threshold: 3,
      clear_level: 2.5,
      downsampled: false,
    });
    expect(month.data.series!.t).toHaveLength(240);
    expect(Date.parse(month.data.to) - Date.parse(month.data.from)).toBe(30 * 24 * hour);
    // A hold of two hours leaves only the longer flood; a shorter range only the later one.
    const held = await preview({ kind: 'above', reading: 'H1', threshold: 3, hold_minutes: 120 });
    expect(held.data.episodes).toMatchObject([{ started_at: iso(10), fired_at: iso(12) }]);
    const week = await preview({ kind: 'above', reading: 'H1', threshold: 3 }, 7);
    expect(week.data.fired).toBe(1);
    // Previewing stores nothing: the station has no rule and no alarm.
    expect(await testingOf(station.id).rows('alarm_rules')).toEqual([]);
  });

  it('finds the silences a no-data rule would have fired on', async () => {
    const { admin, station, token } = await watchedStation();
    const start = Date.now() - 3 * 24 * hour;
    // Hourly reports with one four-hour gap, and silent for the last twenty hours.
    const hours = Array.from({ length: 52 }, (_, h) => h).filter((h) => h < 20 || h >= 24);
    await ingest('danes', token, {
      rows: hours.map((h) => ({ data_name: 'POWER', data_value: 12, date: new Date(start + h * hour).toISOString() })),
    });
    const preview = await post(
      '/rest/alarm-rules/preview',
      { AlarmRules: { item_id: station.id, kind: 'no_data', silence_minutes: 120 } },
      { token: admin.token, reply: RulePreview },
    );
    expect(preview.data).toMatchObject({
      fired: 2,
      series: null,
      threshold: null,
      episodes: [
        { started_at: new Date(start + 21 * hour).toISOString(), cleared_at: new Date(start + 24 * hour).toISOString(), value: null },
        { started_at: new Date(start + 53 * hour).toISOString(), cleared_at: null },
      ],
    });
  });
});

describe('live alarms', () => {
  it('reach a page watching the station when an alarm fires, is acknowledged and clears', async () => {
    const { admin, viewer, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'above', reading: 'H1', threshold: 3 });
    const page = await watch(viewer, [station.uniqueId]);
    await page.next('subscribed');
    await ingest('danes', token, { rows: series('2026-05-02T10:00:00Z', 10, [3.5]) });
    const fired = await page.next('alarm');
    expect(fired).toMatchObject({ unique_id: station.uniqueId, alarm: { state: 'active', reading: 'H1', value: 3.5 } });
    await post('/rest/alarms/acknowledge', { AlarmAcknowledge: {} }, { token: viewer.token, query: { id: fired.alarm.id }, reply: Alarm });
    expect((await page.next('alarm')).alarm).toMatchObject({ id: fired.alarm.id, state: 'acknowledged' });
    await ingest('danes', token, { rows: series('2026-05-02T10:10:00Z', 10, [2.0]) });
    expect((await page.next('alarm')).alarm).toMatchObject({ id: fired.alarm.id, state: 'cleared' });
    page.socket.close();
  });
});
