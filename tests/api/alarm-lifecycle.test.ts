import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Alarm, AlarmRule } from '../../worker/contracts/alarms';
import { NotificationSettings } from '../../worker/contracts/notifications';
import { get, post } from '../support/api';
import { addRule, alarmsOf, flood, floodStation, series, watchedStation } from '../support/alarms';
import { mail, make } from '../support/make';
import { ingest, runCron, testingOf } from '../support/telemetry';

describe('alarm lifecycle', () => {
  it('goes active → acknowledged (with a note) → cleared, and refuses a second acknowledgement', async () => {
    const { viewer, station, post: postRows } = await floodStation();
    await postRows(series('2026-03-06T10:00:00Z', 10, [3.5]));
    const [{ id }] = await alarmsOf(station.id);
    const acked = await post(
      '/rest/alarms/acknowledge',
      { AlarmAcknowledge: { note: 'Pump started.' } },
      { token: viewer.token, query: { id }, reply: Alarm },
    );
    expect(acked.status, acked.text).toBe(200);
    expect(acked.data).toMatchObject({
      id,
      state: 'acknowledged',
      note: 'Pump started.',
      acknowledged_by: { id: viewer.id, name: 'Test User' },
    });
    expect((await post(`/rest/alarms/acknowledge?id=${id}`, {}, { token: viewer.token })).status).toBe(409);
    await postRows(series('2026-03-06T10:10:00Z', 10, [2.0]));
    const listed = await get('/rest/alarms', { token: viewer.token, query: { item_id: station.id }, reply: z.array(Alarm) });
    expect(listed.data).toMatchObject([
      { id, state: 'cleared', note: 'Pump started.', acknowledged_by: { id: viewer.id }, clear_value: 2 },
    ]);
    expect((await post(`/rest/alarms/acknowledge?id=${id}`, {}, { token: viewer.token })).json.errors.id).toEqual([
      'This alarm has already cleared.',
    ]);
  });

  it('keeps at most one open alarm per rule, enforced by D1 itself', async () => {
    const { station, post: postRows } = await floodStation();
    await postRows(series('2026-03-06T10:00:00Z', 10, [3.5]));
    const [alarm] = await alarmsOf(station.id);
    const copy = `INSERT INTO alarms (key, rule_id, item_id, kind, severity, state, started_at, fired_at) VALUES ('second', ?, ?, 'above', 'critical', 'active', 0, 0)`;
    await expect(env.DB.prepare(copy).bind(alarm.rule_id, station.id).run()).rejects.toThrow(/UNIQUE/);
  });

  it('lists history by station, state, severity and time', async () => {
    const { admin, station, viewer, token } = await watchedStation();
    await addRule(admin, { ...flood, item_id: station.id });
    await addRule(admin, { item_id: station.id, kind: 'above', reading: 'KCM', threshold: 1, severity: 'warning' });
    await ingest('danes', token, { rows: series('2026-03-07T10:00:00Z', 60, [3.5, 2.0]) });
    await ingest('danes', token, { rows: series('2026-03-08T10:00:00Z', 60, [1.5], 'KCM') });
    const alarms = (query: Record<string, string | number>) =>
      get('/rest/alarms', { token: viewer.token, query: { item_id: station.id, ...query }, reply: z.array(Alarm) });
    const list = async (query: Record<string, string> = {}) => (await alarms(query)).data.map((a) => a.reading);
    expect(await list()).toEqual(['KCM', 'H1']);
    expect(await list({ state: 'open' })).toEqual(['KCM']);
    expect(await list({ state: 'cleared' })).toEqual(['H1']);
    expect(await list({ severity: 'critical' })).toEqual(['H1']);
    expect(await list({ from: '2026-03-07T10:30:00Z', to: '2026-03-07T12:00:00Z' })).toEqual(['H1']);
    expect(await list({ from: '2026-03-07T11:30:00Z', to: '2026-03-08T09:00:00Z' })).toEqual([]);
    expect(await list({ from: '2026-03-08T00:00:00+01:00' })).toEqual(['KCM']);
    const [newest] = (await alarms({ limit: 1 })).data;
    expect(await list({ before: String(newest.id) })).toEqual(['H1']);
  });

  it('clears the open alarm of a deleted rule (reason rule_deleted) and tells the viewer', async () => {
    const { admin, viewer, station, rule, post: postRows } = await floodStation();
    await postRows(series('2026-03-09T10:00:00Z', 10, [3.5]));
    const deleted = await post('/rest/alarm-rules/delete', undefined, {
      token: admin.token,
      query: { id: rule.id },
      reply: z.object({ id: z.number() }),
    });
    expect(deleted.status).toBe(200);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'cleared', cleared_reason: 'rule_deleted' }]);
    expect((await mail.to(viewer.username)).at(-1)!.body).toContain('has cleared (its rule was deleted)');
    // The station's object no longer holds the rule: nothing fires on the next crossing.
    await postRows(series('2026-03-09T10:10:00Z', 10, [2.0, 3.6]));
    expect(await alarmsOf(station.id)).toHaveLength(1);
    expect(
      (await get('/rest/alarm-rules', { token: viewer.token, query: { item_id: station.id }, reply: z.array(AlarmRule) })).data,
    ).toEqual([]);
  });
});

describe('who receives e-mail', () => {
  it("follows each subject's settings: all, critical only, none, and station and group overrides", async () => {
    const { admin, station, token } = await watchedStation();
    const [critical, none, overridden, grouped] = [await make.subject(), await make.subject(), await make.subject(), await make.subject()];
    const outsider = await make.subject();
    const { id: groupId } = await make.group({ stations: [station], members: [grouped] });
    for (const s of [critical, none, overridden]) await make.link(s, station);
    const settings = async (s: typeof critical, body: unknown) => {
      const res = await post(
        '/rest/notifications/settings',
        { NotificationSettings: body },
        { token: s.token, reply: NotificationSettings },
      );
      expect(res.status, res.text).toBe(200);
    };
    await settings(critical, { mode: 'critical' });
    await settings(none, { mode: 'none' });
    await settings(overridden, { mode: 'none', stations: [{ item_id: station.id, mode: 'all' }] });
    await settings(grouped, { mode: 'all', groups: [{ group_id: groupId, mode: 'critical' }] });
    await addRule(admin, { item_id: station.id, kind: 'above', reading: 'KCM', threshold: 1, severity: 'warning' });
    await addRule(admin, { item_id: station.id, kind: 'above', reading: 'H1', threshold: 3, severity: 'critical' });
    await ingest('danes', token, {
      rows: [...series('2026-03-10T10:00:00Z', 10, [1.5], 'KCM'), ...series('2026-03-10T10:00:00Z', 10, [3.5])],
    });
    const subjectsOf = async (s: typeof critical) =>
      (await mail.to(s.username)).map((m) => (m.subject.includes('CRITICAL') ? 'critical' : 'warning'));
    expect(await subjectsOf(critical)).toEqual(['critical']);
    expect(await subjectsOf(none)).toEqual([]);
    expect((await subjectsOf(overridden)).sort()).toEqual(['critical', 'warning']);
    expect(await subjectsOf(grouped)).toEqual(['critical']);
    expect(await subjectsOf(outsider)).toEqual([]);
  });
});

describe('rules in the station object', () => {
  it('are pushed again by the cron when a station missed them', async () => {
    const { admin, station, token } = await watchedStation();
    const rule = await addRule(admin, { ...flood, item_id: station.id });
    // As if the push had failed: the object lost the rule and D1 still calls it unpushed.
    await testingOf(station.id).clear('alarm_rules');
    await env.DB.prepare('UPDATE alarm_rules SET pushed = 0, rev = rev + 1 WHERE id = ?').bind(rule.id).run();
    await runCron();
    expect((await testingOf(station.id).rows('alarm_rules')).map((r) => r.id)).toEqual([rule.id]);
    expect((await env.DB.prepare('SELECT pushed FROM alarm_rules WHERE id = ?').bind(rule.id).first())!.pushed).toBe(1);
    await ingest('danes', token, { rows: series('2026-03-11T10:00:00Z', 10, [3.5]) });
    expect(await alarmsOf(station.id)).toHaveLength(1);
  });

  it('writes no rule state and no transition for a batch that changes no alarm', async () => {
    const { station, post: postRows } = await floodStation();
    await postRows(series('2026-03-12T10:00:00Z', 10, [1.0]));
    const before = await testingOf(station.id).rows('alarm_rules');
    await postRows(series('2026-03-12T10:10:00Z', 10, [1.1, 1.2, 1.3]));
    expect(await testingOf(station.id).rows('alarm_rules')).toEqual(before);
    expect(await testingOf(station.id).rows('alarm_events')).toEqual([]);
    expect(await alarmsOf(station.id)).toEqual([]);
  });
});
