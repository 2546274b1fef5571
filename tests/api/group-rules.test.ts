import { describe, expect, it } from 'vitest';
import { alarmCalls, alarmRuleCalls } from '../../worker/contracts/alarms';
import { escalationCalls } from '../../worker/contracts/escalations';
import { groupRuleCalls, type GroupRulesInput } from '../../worker/contracts/group-rules';
import { warningCalls } from '../../worker/contracts/warning';
import { alarmsOf, series } from '../support/alarms';
import { callSpec } from '../support/client';
import { make } from '../support/make';
import { ingest } from '../support/telemetry';

/** Three DANES wells, each with two levels on H1 (2.0 and 3.0 m), and an administrator and a viewer. */
async function threeWells() {
  const admin = await make.admin();
  const viewer = await make.subject();
  const wells: Awaited<ReturnType<typeof make.station>>[] = [];
  for (let i = 0; i < 3; i++) {
    const station = await make.station({ viewers: [viewer], token: true });
    const saved = await callSpec(warningCalls.save, {
      token: admin.token,
      query: { id: station.id },
      body: {
        reading: 'H1',
        direction: 'rising',
        levels: [
          { threshold: 2.0, deadband: 0.1 },
          { threshold: 3.0, deadband: 0.1 },
        ],
      },
    });
    expect(saved.status, saved.text).toBe(200);
    wells.push(station);
  }
  const post = (i: number, start: string, values: number[]) => ingest('danes', wells[i].token!, { rows: series(start, 60, values) });
  const save = (body: GroupRulesInput, token = admin.token) => callSpec(groupRuleCalls.save, { token, body });
  const members = (level = 1) => wells.map((w) => ({ item_id: w.id, reading: 'H1', level }));
  return { admin, viewer, wells, post, save, members };
}

describe('rules across stations (k of n)', () => {
  it('fires at the k-th station at its level, not at k−1, and clears when fewer than k stand there', async () => {
    const { admin, viewer, wells, post, save, members } = await threeWells();
    const saved = await save({ name: 'Two wells in flood', k: 2, severity: 'critical', members: members() });
    expect(saved.status, saved.text).toBe(200);
    const rule = saved.data;
    expect([rule.k, rule.n, rule.counting, rule.open_alarm_id]).toEqual([2, 3, 0, null]);

    await post(0, '2026-05-01T10:00:00Z', [1.5, 2.2]);
    expect(await alarmsOf(wells[0].id)).toEqual([]);
    // The second well reaching level 1 is the k-th: the alarm fires at its reading's time, counting 2 stations.
    await post(1, '2026-05-01T10:00:00Z', [1.0, 1.8, 2.4]);
    const [fired] = await alarmsOf(wells[0].id);
    expect(fired).toMatchObject({ rule_id: rule.id, state: 'active', value: 2, fired_at: Date.parse('2026-05-01T12:00:00Z') });
    // A third does not fire it again.
    await post(2, '2026-05-01T10:00:00Z', [2.1]);
    expect(await alarmsOf(wells[0].id)).toHaveLength(1);
    // Listed and acknowledged like every alarm, by a viewer of its station.
    const listed = await callSpec(alarmCalls.list, { token: viewer.token, query: { state: 'open' } });
    expect(listed.data.map((a) => [a.id, a.kind, a.threshold, a.rule_name])).toEqual([[fired.id, 'k_of_n', 2, 'Two wells in flood']]);
    const ack = await callSpec(alarmCalls.acknowledge, { token: viewer.token, query: { id: fired.id }, body: {} });
    expect(ack.status, ack.text).toBe(200);

    // Down to two standing: still firing; down to one: cleared, counting 1.
    await post(2, '2026-05-01T11:00:00Z', [1.85]);
    expect((await alarmsOf(wells[0].id))[0].state).toBe('acknowledged');
    await post(0, '2026-05-01T12:00:00Z', [1.85]);
    const [cleared] = await alarmsOf(wells[0].id);
    expect(cleared).toMatchObject({
      state: 'cleared',
      clear_value: 1,
      cleared_reason: 'condition',
      cleared_at: Date.parse('2026-05-01T12:00:00Z'),
    });
    const [listedRule] = (await callSpec(groupRuleCalls.list, { token: admin.token })).data.filter((r) => r.id === rule.id);
    expect(listedRule.members.map((m) => [m.current_level, m.counts])).toEqual([
      [0, false],
      [1, true],
      [0, false],
    ]);
  });

  it('counts from each member its own level, fires on saving when enough stand there already, and deleting clears', async () => {
    const { wells, post, save, admin } = await threeWells();
    await post(0, '2026-05-02T10:00:00Z', [2.5]);
    await post(1, '2026-05-02T10:00:00Z', [2.5]);
    // Level 2 on the first well is not reached: only one member counts.
    const strict = await save({
      k: 2,
      members: [
        { item_id: wells[0].id, reading: 'H1', level: 2 },
        { item_id: wells[1].id, reading: 'H1', level: 1 },
      ],
    });
    expect(strict.data.counting).toBe(1);
    expect(strict.data.open_alarm_id).toBeNull();
    const edited = await save({
      id: strict.data.id,
      k: 2,
      members: [
        { item_id: wells[0].id, reading: 'H1', level: 1 },
        { item_id: wells[1].id, reading: 'H1', level: 1 },
      ],
    });
    expect(edited.data.counting).toBe(2);
    expect(edited.data.open_alarm_id).not.toBeNull();
    // Not a station rule: the station rules' calls neither list nor delete it.
    expect((await callSpec(alarmRuleCalls.list, { token: admin.token, query: { item_id: wells[0].id } })).data).toEqual([]);
    expect((await callSpec(alarmRuleCalls.delete, { token: admin.token, query: { id: strict.data.id } })).status).toBe(404);
    const removed = await callSpec(groupRuleCalls.delete, { token: admin.token, query: { id: strict.data.id } });
    expect(removed.status).toBe(200);
    expect((await alarmsOf(wells[0].id)).map((a) => [a.state, a.cleared_reason])).toEqual([['cleared', 'rule_deleted']]);
    expect((await callSpec(groupRuleCalls.list, { token: admin.token })).data.some((r) => r.id === strict.data.id)).toBe(false);
  });

  it('starts the escalation policy attached to it when it fires', async () => {
    const { admin, viewer, wells, post, save, members } = await threeWells();
    const rule = (await save({ name: 'Any well', k: 1, members: members() })).data;
    const policy = await callSpec(escalationCalls.savePolicy, {
      token: admin.token,
      body: { name: 'Region duty', steps: [{ after_minutes: 0, subjects: [viewer.id], channels: ['email'] }], rules: [rule.id] },
    });
    expect(policy.status, policy.text).toBe(200);
    await post(2, '2026-05-03T10:00:00Z', [2.3]);
    const [fired] = await alarmsOf(wells[0].id);
    const [escalation] = (await callSpec(escalationCalls.list, { token: admin.token, query: { item_id: wells[0].id } })).data;
    expect(escalation).toMatchObject({ alarm_id: fired.id, policy_id: policy.data.id });
    expect(escalation.notices.map((n) => [n.step, n.channel, n.to])).toEqual([[1, 'email', viewer.username]]);
  });

  it('refuses bad input with a 422 naming the field, saving nothing, and non-administrators', async () => {
    const { wells, save, members, viewer, admin } = await threeWells();
    const before = (await callSpec(groupRuleCalls.list, { token: admin.token })).data.length;
    const errorsOf = async (body: GroupRulesInput) => {
      const res = await save(body);
      expect(res.status, res.text).toBe(422);
      return Object.keys((res.json as { errors: Record<string, string[]> }).errors);
    };
    expect(await errorsOf({ k: 4, members: members() })).toEqual(['k']);
    expect(await errorsOf({ k: 0, members: members() })).toEqual(['k']);
    expect(await errorsOf({ k: 1, members: [...members(), { item_id: wells[1].id, reading: 'H1', level: 2 }] })).toEqual(['members']);
    expect(await errorsOf({ k: 1, members: [{ item_id: 999_999, reading: 'H1', level: 1 }] })).toEqual(['members']);
    expect(await errorsOf({ k: 1, members: [{ item_id: wells[0].id, reading: 'H2', level: 1 }] })).toEqual(['members']);
    expect(await errorsOf({ k: 1, members: [{ item_id: wells[0].id, reading: 'H1', level: 3 }] })).toEqual(['members']);
    expect((await callSpec(groupRuleCalls.list, { token: admin.token })).data).toHaveLength(before);
    expect((await save({ k: 1, members: members() }, viewer.token)).status).toBe(403);
    expect((await callSpec(groupRuleCalls.list, { token: viewer.token })).status).toBe(403);
  });
});
