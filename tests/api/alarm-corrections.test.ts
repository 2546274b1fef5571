/** Alarm rules on corrected series (the default) or raw readings, and on derived codes (docs/corrections.md). */
import { describe, expect, it } from 'vitest';
import { AlarmRule } from '../../worker/contracts/alarms';
import { call, post } from '../support/api';
import { addRule, alarmsOf, series, watchedStation } from '../support/alarms';
import type { TestSubject } from '../support/make';
import { ingest } from '../support/telemetry';

const start = '2026-03-05T10:00:00Z';

const correct = (admin: TestSubject, id: number, body: Record<string, unknown>) =>
  call('POST', '/rest/corrections', { token: admin.token, query: { id }, body: { Correction: body } });
const reference = (admin: TestSubject, id: number, body: Record<string, unknown>) =>
  call('POST', '/rest/levels/references', { token: admin.token, query: { id }, body: { LevelReference: body } });

describe('alarm rules and corrections', () => {
  it('evaluate the corrected series by default (an open-ended correction applies to new readings at once), raw when asked', async () => {
    const { admin, station, token } = await watchedStation();
    const added = await correct(admin, station.id, {
      reading: 'H1',
      kind: 'offset',
      from: start,
      amount: 1,
      note: 'Logger re-hung 1 m lower.',
    });
    expect(added.status, added.text).toBe(200);
    const corrected = await addRule(admin, { item_id: station.id, kind: 'above', reading: 'H1', threshold: 3, severity: 'warning' });
    const raw = await addRule(admin, {
      item_id: station.id,
      kind: 'above',
      reading: 'H1',
      threshold: 3,
      severity: 'warning',
      series: 'raw',
    });
    expect([corrected.series, raw.series]).toEqual(['corrected', 'raw']);
    expect((await ingest('danes', token, { rows: series(start, 10, [2.5, 2.6]) })).status).toBe(200);
    const alarms = await alarmsOf(station.id);
    expect(alarms.map((a) => [a.rule_id, a.value])).toEqual([[corrected.id, 3.5]]);
    // The raw readings reach the threshold later: now the raw rule fires too.
    expect((await ingest('danes', token, { rows: series('2026-03-05T10:20:00Z', 10, [3.2]) })).status).toBe(200);
    expect((await alarmsOf(station.id)).map((a) => [a.rule_id, a.value])).toEqual([
      [corrected.id, 3.5],
      [raw.id, 3.2],
    ]);
  });

  it('fire on a derived code from the level and the reference in effect', async () => {
    const { admin, station, token } = await watchedStation();
    // The logger reports depth below the measuring point (250 m above the datum): elevation = 250 − depth.
    const ref = await reference(admin, station.id, {
      reading: 'H1',
      from: '2026-01-01T00:00:00Z',
      ground_elevation: 249.5,
      mp_elevation: 250,
      datum: 'Bpv',
      mode: 'depth_below_mp',
      note: 'Surveyed.',
    });
    expect(ref.status, ref.text).toBe(200);
    const rule = await addRule(admin, {
      item_id: station.id,
      kind: 'below',
      reading: 'H1_elevation',
      threshold: 240,
      severity: 'critical',
    });
    expect((await ingest('danes', token, { rows: series(start, 10, [9, 10.5, 11]) })).status).toBe(200);
    const [alarm] = await alarmsOf(station.id);
    expect(alarm.rule_id).toBe(rule.id);
    expect(alarm.fired_at).toBe(Date.parse('2026-03-05T10:10:00Z'));
    expect(alarm.value).toBeCloseTo(239.5, 12);
  });

  it('refuse a raw series of a derived code and a derived code of another source (422 naming the field)', async () => {
    const { admin, station } = await watchedStation();
    const rule = { item_id: station.id, kind: 'above', reading: 'H1_elevation', threshold: 1, severity: 'warning' } as const;
    const edit = (body: Record<string, unknown>) =>
      post('/rest/alarm-rules/edit', { AlarmRules: body }, { token: admin.token, reply: AlarmRule });
    const raw = await edit({ ...rule, series: 'raw' });
    expect(raw.status, raw.text).toBe(422);
    expect(Object.keys((raw.json as { errors: object }).errors)).toEqual(['series']);
    const other = await edit({ ...rule, reading: 'hladina_elevation' });
    expect(other.status, other.text).toBe(422);
    expect(Object.keys((other.json as { errors: object }).errors)).toEqual(['reading']);
  });
});
