import { afterEach, describe, expect, it, vi } from 'vitest';
import { alarmCalls } from '../../worker/contracts/alarms';
import { alarmStatisticsCalls } from '../../worker/contracts/alarm-statistics';
import { escalationCalls } from '../../worker/contracts/escalations';
import { warningCalls } from '../../worker/contracts/warning';
import { addRule, alarmsOf, series } from '../support/alarms';
import { callSpec } from '../support/client';
import { make, type TestSubject } from '../support/make';
import { ingest, testingOf } from '../support/telemetry';

const minute = 60_000;
const hour = 60 * minute;

afterEach(() => {
  vi.useRealTimers();
});

/**
 * The clock of the Worker and the station objects (they run in the test's isolate) stands at the times the test
 * sets, so acknowledgements land known delays after the readings that fired them. It only moves forward and starts
 * ahead of the real clock, so no object's alarm comes due behind the test's back.
 */
function testClock() {
  const start = Math.ceil(Date.now() / hour) * hour + hour;
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(start);
  return {
    start,
    at: (ms: number) => vi.setSystemTime(start + ms),
  };
}

const statisticsOf = async (subject: TestSubject, query: Record<string, string> = {}) => {
  const res = await callSpec(alarmStatisticsCalls.get, { token: subject.token, query });
  expect(res.status, res.text).toBe(200);
  return res.data;
};

/**
 * A station with the flood rule (above 3.0, clears below 2.8) and levels at 2.0 and 2.5 m on H1, under a policy of
 * two steps (at once, then after 10 minutes) attached to the rule and to level 2; its viewer acknowledges.
 */
async function watchedStation() {
  const admin = await make.admin();
  const viewer = await make.subject();
  const station = await make.station({ viewers: [viewer], token: true });
  const rule = await addRule(admin, {
    item_id: station.id,
    name: 'Flood level',
    kind: 'above',
    reading: 'H1',
    threshold: 3,
    deadband: 0.2,
    severity: 'critical',
  });
  const levels = await callSpec(warningCalls.save, {
    token: admin.token,
    query: { id: station.id },
    body: {
      reading: 'H1',
      levels: [
        { threshold: 2, deadband: 0.1 },
        { threshold: 2.5, deadband: 0.1, name: 'Alert' },
      ],
    },
  });
  expect(levels.status, levels.text).toBe(200);
  const policy = await callSpec(escalationCalls.savePolicy, {
    token: admin.token,
    body: {
      name: 'Flood duty',
      steps: [
        { after_minutes: 0, subjects: [viewer.id], channels: ['email'] },
        { after_minutes: 10, subjects: [viewer.id], channels: ['email'] },
      ],
      repeat_minutes: 60,
      max_repeats: 1,
      rules: [rule.id],
      levels: [{ item_id: station.id, reading: 'H1', level: 2 }],
    },
  });
  expect(policy.status, policy.text).toBe(200);
  return { admin, viewer, station, rule };
}

describe('alarm statistics', () => {
  it('counts events per rule and level with exact acknowledgement times, escalation steps and false alarms, for visible stations only', async () => {
    const clock = testClock();
    const { admin, viewer, station, rule } = await watchedStation();
    const { start } = clock;
    /** Posts one H1 reading `hours` after the start, with the clock at it. */
    const reading = async (hours: number, value: number) => {
      clock.at(hours * hour);
      const res = await ingest('danes', station.token, { rows: series(new Date(start + hours * hour).toISOString(), 60, [value]) });
      expect(res.status, res.text).toBe(200);
    };
    const escalationOf = async (pick: (e: { alarm_id: number | null; level: number | null }) => boolean) =>
      (await callSpec(escalationCalls.list, { token: viewer.token, query: { item_id: station.id } })).data.find(pick)!;
    const acknowledgeEscalation = async (id: number, falseAlarm = false) => {
      const res = await callSpec(escalationCalls.acknowledge, { token: viewer.token, query: { id }, body: { false_alarm: falseAlarm } });
      expect(res.status, res.text).toBe(200);
    };
    const acknowledgeAlarm = async (id: number) => {
      const res = await callSpec(alarmCalls.acknowledge, { token: viewer.token, query: { id }, body: {} });
      expect(res.status, res.text).toBe(200);
    };

    // Level 1, then level 2 (its escalation acknowledged after 5 minutes).
    await reading(0, 2.2);
    await reading(1, 2.6);
    clock.at(hour + 5 * minute);
    await acknowledgeEscalation((await escalationOf((e) => e.level === 2)).id);
    // Four alarms: acknowledged after 10 minutes in the app; through its escalation after 30 minutes, once it reached
    // step 2, as a false alarm; after 15 minutes; never.
    await reading(2, 3.1);
    clock.at(2 * hour + 10 * minute);
    await acknowledgeAlarm((await alarmsOf(station.id))[0].id);
    await reading(3, 2.7);
    await reading(4, 3.1);
    clock.at(4 * hour + 30 * minute);
    await testingOf(station.id).ringAlarm();
    const secondAlarm = (await alarmsOf(station.id))[1].id;
    const second = await escalationOf((e) => e.alarm_id === secondAlarm);
    expect(second.steps_done).toBe(2);
    await acknowledgeEscalation(second.id, true);
    await reading(5, 2.7);
    await reading(6, 3.1);
    clock.at(6 * hour + 15 * minute);
    await acknowledgeAlarm((await alarmsOf(station.id))[2].id);
    await reading(7, 2.7);
    await reading(8, 3.1);
    expect((await alarmsOf(station.id)).map((a) => a.state)).toEqual(['cleared', 'cleared', 'cleared', 'active']);

    // Another subject's station, with an alarm of its own.
    const other = await make.subject();
    const theirs = await make.station({ viewers: [other], token: true });
    const theirRule = await addRule(admin, { item_id: theirs.id, kind: 'above', reading: 'H1', threshold: 3 });
    clock.at(9 * hour);
    await ingest('danes', theirs.token, { rows: series(new Date(start + 9 * hour).toISOString(), 60, [3.5]) });

    clock.at(10 * hour);
    const seen = await statisticsOf(viewer);
    expect(seen.rules).toEqual([
      {
        rule_id: rule.id,
        item_id: station.id,
        unique_id: station.uniqueId,
        station_name: station.name,
        rule_name: 'Flood level',
        kind: 'above',
        reading: 'H1',
        threshold: 3,
        severity: 'critical',
        events: 4,
        acknowledged: 3,
        ack_median_seconds: 15 * 60,
        ack_worst_seconds: 30 * 60,
        escalations: 4,
        highest_step: 2,
        false_alarms: 1,
      },
    ]);
    const handled = (events: number, acknowledged: number, median: number | null, escalations: number, step: number | null) => ({
      events,
      acknowledged,
      ack_median_seconds: median,
      ack_worst_seconds: median,
      escalations,
      highest_step: step,
      false_alarms: 0,
    });
    const level = { item_id: station.id, unique_id: station.uniqueId, station_name: station.name, reading: 'H1' };
    expect(seen.levels).toEqual([
      { ...level, level: 1, level_name: null, ...handled(1, 0, null, 0, null) },
      { ...level, level: 2, level_name: 'Alert', ...handled(1, 1, 5 * 60, 1, 1) },
    ]);
    expect(seen.to).toBe(new Date(start + 10 * hour).toISOString());
    expect(seen.from).toBe(new Date(start + 10 * hour - 30 * 24 * hour).toISOString());

    const theirStatistics = await statisticsOf(other);
    expect(theirStatistics.rules.map((r) => [r.rule_id, r.events, r.acknowledged, r.ack_median_seconds])).toEqual([
      [theirRule.id, 1, 0, null],
    ]);
    expect(theirStatistics.levels).toEqual([]);
    expect((await statisticsOf(admin)).rules.map((r) => r.rule_id).sort()).toEqual([rule.id, theirRule.id].sort());

    // A range holds the events that happened in it: from the second alarm to before the third.
    const range = await statisticsOf(viewer, {
      from: new Date(start + 4 * hour).toISOString(),
      to: new Date(start + 6 * hour).toISOString(),
    });
    expect(range.rules.map((r) => [r.events, r.ack_median_seconds, r.highest_step, r.false_alarms])).toEqual([[1, 30 * 60, 2, 1]]);
    expect(range.levels).toEqual([]);
  });

  it('refuses a range that ends before it starts, spans more than a year, or has no days (400 naming the parameter, as every query parameter)', async () => {
    const viewer = await make.subject();
    const refused = async (query: Record<string, string>) => {
      const res = await callSpec(alarmStatisticsCalls.get, { token: viewer.token, query });
      expect(res.status, res.text).toBe(400);
      return Object.keys((res.json as { errors: object }).errors);
    };
    expect(await refused({ from: '2026-05-02T00:00:00Z', to: '2026-05-01T00:00:00Z' })).toEqual(['from']);
    expect(await refused({ from: '2024-01-01T00:00:00Z', to: '2026-05-01T00:00:00Z' })).toEqual(['from']);
    expect(await refused({ from: 'yesterday' })).toEqual(['from']);
    expect(await refused({ days: '0' })).toEqual(['days']);
    expect(await refused({ days: '400' })).toEqual(['days']);
  });

  it('answers empty lists for a subject with no events', async () => {
    const viewer = await make.subject();
    expect(await statisticsOf(viewer, { days: '7' })).toMatchObject({ rules: [], levels: [] });
  });
});
