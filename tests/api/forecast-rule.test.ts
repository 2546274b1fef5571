import { describe, expect, it } from 'vitest';
import { alarmRuleCalls, type AlarmRulesInput } from '../../worker/contracts/alarms';
import { alarmStatisticsCalls } from '../../worker/contracts/alarm-statistics';
import { warningCalls } from '../../worker/contracts/warning';
import { addRule, alarmsOf, leveledStation } from '../support/alarms';
import { callSpec } from '../support/client';
import { mail, make, type TestSubject } from '../support/make';

const hour = 3_600_000;

const forecastRule = (itemId: number, rule: Partial<AlarmRulesInput> = {}): AlarmRulesInput => ({
  item_id: itemId,
  kind: 'forecast',
  reading: 'H1',
  threshold: 1,
  window_minutes: 60,
  severity: 'warning',
  name: 'Level 1 within the hour',
  ...rule,
});

const iso = (at: string) => Date.parse(at);

describe('forecast rules', () => {
  it('fire once the level is forecast within the window, stay while it is reached, and clear when neither holds', async () => {
    const { admin, viewer, station, post } = await leveledStation();
    const rule = await addRule(admin, forecastRule(station.id));
    expect(rule).toMatchObject({ kind: 'forecast', threshold: 1, window_minutes: 60, deadband: 0, hold_minutes: 0 });
    // 0.1 m/h from 1.6 m at 10:00: level 1 (2.0 m) at 14:00, two hours after the newest reading: not yet.
    await post('2026-06-01T10:00:00Z', [1.6, 1.7, 1.8]);
    expect(await alarmsOf(station.id)).toEqual([]);
    // The same forecast, one hour ahead of the 13:00 reading: it fires.
    await post('2026-06-01T13:00:00Z', [1.9]);
    expect(await alarmsOf(station.id)).toMatchObject([
      { rule_id: rule.id, state: 'active', started_at: iso('2026-06-01T13:00:00Z'), value: 1.9, cleared_at: null },
    ]);
    const [fired] = await mail.to(viewer.username);
    expect(fired.body).toContain(
      'Condition: Level 1 within the hour: Groundwater level (H1) at warning level 1 or forecast to reach it within 1 h',
    );
    expect(fired.body).toContain('Forecast: Warning level 1 expected at 2026-06-01 16:00 (Europe/Prague)');
    // Reached at 14:00: still firing. Falling back below 1.9 m with no forecast: it clears.
    await post('2026-06-01T14:00:00Z', [2.0]);
    expect((await alarmsOf(station.id))[0]).toMatchObject({ state: 'active', cleared_at: null });
    await post('2026-06-01T15:00:00Z', [1.85, 1.8]);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'cleared', cleared_at: iso('2026-06-01T16:00:00Z'), clear_value: 1.8 }]);
  });

  it('fire on a jump past the level that no trend announced, and not for a level the forecast does not reach', async () => {
    const { admin, station, post } = await leveledStation();
    const second = await addRule(admin, forecastRule(station.id, { threshold: 2, window_minutes: 180, name: 'Level 2 within 3 h' }));
    const first = await addRule(admin, forecastRule(station.id, { threshold: 1, window_minutes: 180, name: 'Level 1 within 3 h' }));
    // Rising towards level 1 at 14:00 (within 3 h): only the level-1 rule fires; level 2 is not forecast while 1 is next.
    await post('2026-06-02T10:00:00Z', [1.6, 1.7, 1.8]);
    expect((await alarmsOf(station.id)).map((a) => a.rule_id)).toEqual([first.id]);
    // A jump to 2.6 m (level 2) with the trend: the level-2 rule fires on the level reached.
    await post('2026-06-02T13:00:00Z', [2.6]);
    expect((await alarmsOf(station.id)).map((a) => [a.rule_id, a.state, a.value])).toEqual([
      [first.id, 'active', 1.8],
      [second.id, 'active', 2.6],
    ]);
  });

  it('clear when their reading loses its warning levels while they fire', async () => {
    const { admin, station, post } = await leveledStation();
    await addRule(admin, forecastRule(station.id));
    await post('2026-06-03T10:00:00Z', [2.6]);
    expect((await alarmsOf(station.id))[0]).toMatchObject({ state: 'active' });
    const removed = await callSpec(warningCalls.delete, { token: admin.token, query: { id: station.id, reading: 'H1' } });
    expect(removed.status, removed.text).toBe(200);
    const [alarm] = await alarmsOf(station.id);
    expect(alarm).toMatchObject({ state: 'cleared', cleared_reason: 'condition', clear_value: null });
    expect(alarm.cleared_at).toBeGreaterThanOrEqual(alarm.fired_at);
  });

  it('are refused with a 422 naming the field: no levels, a level the scale lacks, not a level number, too far ahead', async () => {
    const { admin, station } = await leveledStation();
    const refused = async (rule: Partial<AlarmRulesInput>) => {
      const res = await callSpec(alarmRuleCalls.save, { token: admin.token, body: forecastRule(station.id, rule) });
      expect(res.status, res.text).toBe(422);
      return res.json.errors;
    };
    expect(await refused({ reading: 'KCM' })).toEqual({ reading: ['KCM of this station has no warning levels to forecast.'] });
    expect(await refused({ threshold: 4 })).toEqual({ threshold: ['H1 of this station has 3 warning levels.'] });
    expect(Object.keys(await refused({ threshold: 1.5 }))).toEqual(['threshold']);
    expect(Object.keys(await refused({ window_minutes: 49 * 60 }))).toEqual(['window_minutes']);
    expect(Object.keys(await refused({ window_minutes: null }))).toEqual(['window_minutes']);
    const noLevels = await make.station();
    const elsewhere = await callSpec(alarmRuleCalls.save, { token: admin.token, body: forecastRule(noLevels.id) });
    expect(elsewhere.status).toBe(422);
    expect(elsewhere.json.errors).toEqual({ reading: ['H1 of this station has no warning levels to forecast.'] });
  });

  it('preview over stored readings with the forecast made at every reading', async () => {
    const { admin, station, post } = await leveledStation();
    const start = Math.floor((Date.now() - 3 * 24 * hour) / hour) * hour;
    // 0.1 m/h from 1.5 m: level 1 (2.0 m) at start + 5 h, forecast within the hour from the start + 4 h reading on; then falling.
    await post(start, [1.5, 1.6, 1.7, 1.8, 1.9, 2.0, 2.1, 1.95, 1.8, 1.7]);
    const res = await callSpec(alarmRuleCalls.preview, { token: admin.token, query: { days: 7 }, body: forecastRule(station.id) });
    expect(res.status, res.text).toBe(200);
    expect(res.data).toMatchObject({
      fired: 1,
      threshold: 2.0,
      episodes: [
        {
          fired_at: new Date(start + 4 * hour).toISOString(),
          cleared_at: new Date(start + 8 * hour).toISOString(),
          value: 1.9,
        },
      ],
    });
    expect(res.data.series?.v).toHaveLength(10);
  });
});

const statisticsOf = async (subject: TestSubject) => {
  const res = await callSpec(alarmStatisticsCalls.get, { token: subject.token, query: {} });
  expect(res.status, res.text).toBe(200);
  return res.data;
};

describe('forecast scores', () => {
  it('count hits, false alarms, pending forecasts and crossings warned of or missed, per level', async () => {
    const { station, viewer, post } = await leveledStation();
    const day = Math.floor(Date.now() / (24 * hour)) * 24 * hour - 5 * 24 * hour;
    const at = (h: number) => day + h * hour;
    // Forecast of level 1 at 14:00, issued at 12:00; reached at 14:30 (a hit, 2.5 h of warning, 30 min late).
    await post(at(10), [1.6, 1.7, 1.8]);
    await post(at(13), [1.9]);
    await post(at(14.5), [2.05]);
    // Then level 2 is forecast for 19:00 (issued 14:30, tolerance 4.5 h); the water falls instead: a false alarm.
    await post(at(15.5), [1.95, 1.85]);
    // The next day a jump to level 2 no forecast announced: missed.
    await post(at(34), [2.6]);
    // Another station rising now: its forecast's tolerance has not run out (pending).
    const other = await leveledStation();
    await make.link(viewer, other.station);
    const now = Math.floor(Date.now() / hour) * hour;
    await other.post(now - 3 * hour, [1.6, 1.7, 1.8]);

    const { forecasts } = await statisticsOf(viewer);
    const mine = forecasts.filter((f) => f.item_id === station.id);
    expect(mine).toEqual([
      expect.objectContaining({ level: 1, forecasts: 1, hits: 1, false_alarms: 0, pending: 0, crossings: 1, warned: 1 }),
      expect.objectContaining({ level: 2, forecasts: 1, hits: 0, false_alarms: 1, pending: 0, crossings: 1, warned: 0 }),
    ]);
    expect(mine[0]).toMatchObject({ warning_median_seconds: 2.5 * 3600, error_median_seconds: 1800 });
    expect(mine[1]).toMatchObject({ warning_median_seconds: null, error_median_seconds: null });
    expect(forecasts.filter((f) => f.item_id === other.station.id)).toEqual([
      expect.objectContaining({ level: 1, forecasts: 1, hits: 0, false_alarms: 0, pending: 1, crossings: 0, warned: 0 }),
    ]);
    // A subject who sees neither station sees none of it.
    expect((await statisticsOf(await make.subject())).forecasts).toEqual([]);
  });
});
