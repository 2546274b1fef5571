/** People's quality control: flag edits with notes, the audit log, approval, the right to edit, and what honours the flags. */
import { beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { FlaggedReading, FlagOutcome, LogEntry, QualityState } from '../../worker/contracts/quality';
import { Chart, ChartColumns, Dashboard, RawReadings } from '../../worker/contracts/telemetry';
import { SubjectEdit } from '../../worker/contracts/subjects';
import { get, post } from '../support/api';
import { series } from '../support/alarms';
import { make, type TestStation, type TestSubject } from '../support/make';
import { ingest, runCron } from '../support/telemetry';

const day = '2026-09-10';
const spikeAt = '2026-09-10T10:00:00Z';
// Ten-minute levels around 2 m from 08:00 UTC, with a probe fault of 9.5 m at 10:00 (the 13th reading).
const levels = Array.from({ length: 36 }, (_, i) => (i === 12 ? 9.5 : 2 + (i % 5) / 100));

let admin: TestSubject;
let viewer: TestSubject;
let station: TestStation & { token: string };

const flag = (who: TestSubject, body: Record<string, unknown>, id = station.id) =>
  post('/rest/quality/flag', { QualityFlag: body }, { token: who.token, query: { id }, reply: FlagOutcome });
const dashboardMax = async () =>
  (await get(`/rest/api?from=${day}&to=${day}`, { token: viewer.token, reply: Dashboard })).data.danes[station.uniqueId].max.H1;
const logOf = async (who = viewer) =>
  (await get('/rest/quality/log', { token: who.token, query: { id: station.id }, reply: z.array(LogEntry) })).data;

beforeAll(async () => {
  admin = await make.admin();
  viewer = await make.subject();
  station = await make.station({ viewers: [viewer], token: true });
  expect((await ingest('danes', station.token, { rows: series('2026-09-10T08:00:00Z', 10, levels) })).status).toBe(200);
  await runCron();
});

describe('flagging a range', () => {
  it('rejects a spike: after the roll-up the dashboard max leaves it out; restoring brings it back; the log has both', async () => {
    expect(await dashboardMax()).toBe(9.5);
    const rejected = await flag(admin, { reading: 'H1', from: spikeAt, to: spikeAt, flag: 'rejected', note: 'Probe pulled for cleaning.' });
    expect(rejected.status, rejected.text).toBe(200);
    // The checks had flagged it suspect on arrival.
    expect(rejected.data).toMatchObject({ reading: 'H1', flag: 'rejected', changed: [{ from: 'suspect', count: 1 }], days: [day] });
    await runCron();
    expect(await dashboardMax()).toBe(2.04);

    const restored = await flag(admin, { reading: 'H1', from: spikeAt, to: spikeAt, flag: 'good', note: 'It was real after all.' });
    expect(restored.data.changed).toEqual([{ from: 'rejected', count: 1 }]);
    await runCron();
    expect(await dashboardMax()).toBe(9.5);

    const log = await logOf();
    expect(log.slice(0, 2)).toMatchObject([
      {
        action: 'flag',
        reading: 'H1',
        flag: 'good',
        reason: 'manual',
        by: { id: admin.id, name: 'Test Admin' },
        note: 'It was real after all.',
        changed: [{ from: 'rejected', count: 1 }],
      },
      {
        action: 'flag',
        reading: 'H1',
        flag: 'rejected',
        by: { id: admin.id, name: 'Test Admin' },
        note: 'Probe pulled for cleaning.',
        changed: [{ from: 'suspect', count: 1 }],
      },
    ]);
    expect(log[0].from).toBe(new Date(spikeAt).toISOString());
    expect(log.at(-1)).toMatchObject({ action: 'auto', reading: 'H1', flag: 'suspect', reason: 'step', count: 1, by: null });
  });

  it('flags a whole range in one edit, counting each old flag, and never changes a raw value', async () => {
    const from = '2026-09-10T12:00:00Z';
    const to = '2026-09-10T13:00:00Z';
    const res = await flag(admin, { reading: 'H1', from, to, flag: 'suspect', note: 'Pump test nearby.' });
    expect(res.data.changed).toEqual([{ from: 'good', count: 7 }]);
    const exported = await get(`/rest/api/item/readings?id=${station.uniqueId}&from=${day}&to=${day}`, {
      token: viewer.token,
      reply: RawReadings,
    });
    expect(exported.data.data.H1.v).toEqual(levels);
    const back = await flag(admin, { reading: 'H1', from, to, flag: 'good', note: 'Test over.' });
    expect(back.data.changed).toEqual([{ from: 'suspect', count: 7 }]);
  });

  it('needs a note, a known reading of the station, and from before to', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ reading: 'H1', from: spikeAt, to: spikeAt, flag: 'rejected' }, 'note'],
      [{ reading: 'H1', from: spikeAt, to: spikeAt, flag: 'rejected', note: '  ' }, 'note'],
      [{ reading: 'pressure', from: spikeAt, to: spikeAt, flag: 'rejected', note: 'x' }, 'reading'],
      [{ reading: 'H1', from: spikeAt, to: '2026-09-09T00:00:00Z', flag: 'rejected', note: 'x' }, 'from'],
      [{ reading: 'H1', from: spikeAt, to: spikeAt, flag: 'bad', note: 'x' }, 'flag'],
      [{ reading: 'H1', from: '2026-09-10', to: spikeAt, flag: 'rejected', note: 'x' }, 'from'],
    ];
    for (const [body, field] of cases) {
      const res = await flag(admin, body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.json.errors), JSON.stringify(body)).toContain(field);
    }
  });
});

describe('who may edit', () => {
  it('is administrators and subjects granted quality control on the station or its group; viewers without it get 403', async () => {
    const body = { reading: 'H1', from: '2026-09-10T14:00:00Z', to: '2026-09-10T14:00:00Z', flag: 'suspect', note: 'Checking rights.' };
    expect((await flag(viewer, body)).status).toBe(403);
    expect((await get('/rest/quality', { token: viewer.token, query: { id: station.id }, reply: QualityState })).data).toMatchObject({
      may_edit: false,
      may_approve: false,
    });

    // An administrator grants the right on the viewer's direct link (a plain id keeps a link's right as it is).
    const granted = await post(
      `/rest/subjects/items?id=${viewer.id}`,
      { ItemsSubject: [{ id: station.id, quality: true }] },
      { token: admin.token },
    );
    expect(granted.status, granted.text).toBe(200);
    expect((await flag(viewer, body)).status).toBe(200);
    await post(`/rest/subjects/items?id=${viewer.id}`, { ItemsSubject: [station.id] }, { token: admin.token });
    const edit = await get(`/rest/subjects/edit?id=${viewer.id}`, { token: admin.token, reply: SubjectEdit });
    expect(edit.data.quality).toEqual({ items: [station.id], groups: [] });
    expect((await get('/rest/quality', { token: viewer.token, query: { id: station.id }, reply: QualityState })).data.may_edit).toBe(true);
    await post(`/rest/subjects/items?id=${viewer.id}`, { ItemsSubject: [{ id: station.id, quality: false }] }, { token: admin.token });
    expect((await flag(viewer, body)).status).toBe(403);

    // Through a group: the member may control every station of the group.
    const member = await make.subject();
    const group = await make.group({ stations: [station], members: [member] });
    expect((await flag(member, body)).status).toBe(403);
    await post(`/rest/subjects/groups?id=${member.id}`, { SubjectGroups: [{ id: group.id, quality: true }] }, { token: admin.token });
    expect((await flag(member, body)).status).toBe(200);

    // Someone who cannot see the station gets 403 for that, and an unknown station 404.
    const outsider = await make.subject();
    expect((await flag(outsider, body)).status).toBe(403);
    expect((await flag(admin, body, 999_999)).status).toBe(404);
  });
});

describe('approval', () => {
  it('locks approved readings against edits until an administrator withdraws it, logging both', async () => {
    const other = await make.station({ viewers: [viewer], token: true });
    await ingest('danes', other.token, { rows: series('2026-09-11T08:00:00Z', 10, [2, 2.1, 2.2]) });
    const approve = (body: Record<string, unknown>, who = admin) =>
      post('/rest/quality/approve', { QualityApprove: body }, { token: who.token, query: { id: other.id }, reply: QualityState });
    expect((await approve({ to: '2026-09-11' }, viewer)).status).toBe(403);
    const approved = await approve({ to: '2026-09-11', note: 'Checked against the manual readings.' });
    expect(approved.status, approved.text).toBe(200);
    // Up to the end of the day, but never past the newest stored reading (08:20): KCM, with none, is not approved.
    expect(approved.data.approvals.find((a) => a.reading === 'H1')!.approved_until).toBe('2026-09-11T08:20:00.001Z');
    expect(approved.data.approvals.find((a) => a.reading === 'KCM')!.approved_until).toBeNull();

    const body = { reading: 'H1', from: '2026-09-11T08:10:00Z', to: '2026-09-11T08:10:00Z', flag: 'rejected', note: 'Too late.' };
    const refused = await flag(admin, body, other.id);
    expect(refused.status).toBe(409);
    expect(refused.json.errors.from[0]).toMatch(/approved up to 2026-09-11T08:20:00.001Z/);

    // The chart shows how far each reading is approved.
    const chart = await get(`/rest/api/item?id=${other.uniqueId}&from=2026-09-11&to=2026-09-11&format=columns`, {
      token: viewer.token,
      reply: ChartColumns,
    });
    expect(chart.data.approved).toMatchObject({ H1: '2026-09-11T08:20:00.001Z' });

    const withdrawn = await post(
      '/rest/quality/withdraw',
      { QualityWithdraw: { reading: 'H1', note: 'A late calibration changes the day.' } },
      { token: admin.token, query: { id: other.id }, reply: QualityState },
    );
    expect(withdrawn.status, withdrawn.text).toBe(200);
    expect(withdrawn.data.approvals.find((a) => a.reading === 'H1')!.approved_until).toBeNull();
    expect((await flag(admin, body, other.id)).status).toBe(200);

    const log = (await get('/rest/quality/log', { token: viewer.token, query: { id: other.id }, reply: z.array(LogEntry) })).data;
    expect(log.map((e) => [e.action, e.reading, e.note])).toEqual([
      ['flag', 'H1', 'Too late.'],
      ['withdraw', 'H1', 'A late calibration changes the day.'],
      ['approve', null, 'Checked against the manual readings.'],
    ]);
    expect(log[1]).toMatchObject({ to: null, by: { id: admin.id } });
  });
});

describe('the audit log rebuilds the past', () => {
  it('gives the flags of any past moment, and the current ones at the end', async () => {
    const s = await make.station({ viewers: [viewer], token: true });
    await ingest('danes', s.token, { rows: series('2026-09-12T00:00:00Z', 10, [2, 2.01, 2.02, 2.03, 2.04, 2.05]) });
    const range = { id: s.id, reading: 'H1', from: '2026-09-12T00:00:00Z', to: '2026-09-12T01:00:00Z' };
    const flags = async (at?: string) =>
      (await get('/rest/quality/flags', { token: viewer.token, query: { ...range, at }, reply: z.array(FlaggedReading) })).data;
    const edit = async (from: string, to: string, value: string) =>
      (await flag(admin, { reading: 'H1', from, to, flag: value, note: `to ${value}` }, s.id)).data;
    const at = async () =>
      (await get('/rest/quality/log', { token: viewer.token, query: { id: s.id, limit: 1 }, reply: z.array(LogEntry) })).data[0].at;

    await edit('2026-09-12T00:00:00Z', '2026-09-12T00:30:00Z', 'suspect');
    const first = await at();
    await edit('2026-09-12T00:20:00Z', '2026-09-12T00:40:00Z', 'rejected');
    const second = await at();
    await edit('2026-09-12T00:10:00Z', '2026-09-12T00:10:00Z', 'good');
    // A reading that arrives later inside an edited range keeps the flag it arrived with (good), in the rebuilt past too.
    await ingest('danes', s.token, { rows: series('2026-09-12T00:05:00Z', 10, [2.005]) });

    const t = (hhmm: string) => Date.parse(`2026-09-12T${hhmm}:00Z`);
    expect(await flags(first)).toEqual(['00:00', '00:10', '00:20', '00:30'].map((x) => ({ t: t(x), flag: 'suspect', reason: 'manual' })));
    expect(await flags(second)).toEqual([
      { t: t('00:00'), flag: 'suspect', reason: 'manual' },
      { t: t('00:10'), flag: 'suspect', reason: 'manual' },
      { t: t('00:20'), flag: 'rejected', reason: 'manual' },
      { t: t('00:30'), flag: 'rejected', reason: 'manual' },
      { t: t('00:40'), flag: 'rejected', reason: 'manual' },
    ]);
    const now = await flags();
    expect(now.map((f) => [f.t, f.flag])).toEqual([
      [t('00:00'), 'suspect'],
      [t('00:20'), 'rejected'],
      [t('00:30'), 'rejected'],
      [t('00:40'), 'rejected'],
    ]);
    expect(await flags(new Date().toISOString())).toEqual(now);
  });
});

describe('charts and the export honour the flags', () => {
  it('leave rejected readings out of lines and extremes, list flagged points apart, and export flags per reading', async () => {
    const s = await make.station({ viewers: [viewer], token: true });
    await ingest('danes', s.token, { rows: series('2026-09-13T08:00:00Z', 10, [2, 2.01, -7, 2.02, 2.03]) });
    await flag(
      admin,
      { reading: 'H1', from: '2026-09-13T08:20:00Z', to: '2026-09-13T08:20:00Z', flag: 'rejected', note: 'Frozen probe.' },
      s.id,
    );
    await flag(
      admin,
      { reading: 'H1', from: '2026-09-13T08:40:00Z', to: '2026-09-13T08:40:00Z', flag: 'suspect', note: 'Looks odd.' },
      s.id,
    );
    const ts = (i: number) => Date.parse('2026-09-13T08:00:00Z') + i * 600_000;

    const columns = await get(`/rest/api/item?id=${s.uniqueId}&from=2026-09-13&to=2026-09-13&format=columns`, {
      token: viewer.token,
      reply: ChartColumns,
    });
    expect(columns.data.data.H1).toEqual({ t: [0, 1, 3, 4].map(ts), v: [2, 2.01, 2.02, 2.03] });
    expect(columns.data.min.H1).toBe(2);
    expect(columns.data.flags!.H1).toEqual({ t: [ts(2), ts(4)], v: [-7, 2.03], q: [2, 1] });

    const rows = await get(`/rest/api/item?id=${s.uniqueId}&from=2026-09-13&to=2026-09-13`, { token: viewer.token, reply: Chart });
    expect((rows.data.data as { data_value: number }[]).map((r) => r.data_value)).toEqual([2, 2.01, 2.02, 2.03]);
    expect(rows.data.flags!.H1.q).toEqual([2, 1]);

    const all = await get(`/rest/api/item/readings?id=${s.uniqueId}&from=2026-09-13&to=2026-09-13`, {
      token: viewer.token,
      reply: RawReadings,
    });
    expect(all.data.data.H1).toEqual({ t: [0, 1, 2, 3, 4].map(ts), v: [2, 2.01, -7, 2.02, 2.03], q: [0, 0, 2, 0, 1] });
    const kept = await get(`/rest/api/item/readings?id=${s.uniqueId}&from=2026-09-13&to=2026-09-13&rejected=exclude`, {
      token: viewer.token,
      reply: RawReadings,
    });
    expect(kept.data.data.H1).toEqual({ t: [0, 1, 3, 4].map(ts), v: [2, 2.01, 2.02, 2.03], q: [0, 0, 0, 1] });
    expect(
      (await get(`/rest/api/item/readings?id=${s.uniqueId}&from=2026-09-13&to=2026-09-13&rejected=maybe`, { token: viewer.token })).status,
    ).toBe(400);
  });
});
