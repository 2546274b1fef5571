/** Approval levels (decision 0033): the deployment's list, ranges painted over each other, the highest locking, the upgrade. */
import { env } from 'cloudflare:workers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { correctionCalls } from '../../worker/contracts/corrections';
import { lockingLevel, qualityCalls, type ApprovalLevel, type QualityState } from '../../worker/contracts/quality';
import { telemetryCalls } from '../../worker/contracts/telemetry';
import { stationOf } from '../../worker/station/directory';
import { series } from '../support/alarms';
import { reserveApprovalLevel, writeApprovalLevels, writeApprovalLevelUses } from '../../worker/db/approval-levels';
import { call, db } from '../support/api';
import { callSpec } from '../support/client';
import { make, type TestSubject } from '../support/make';
import { ingest } from '../support/telemetry';

let admin: TestSubject;
let viewer: TestSubject;
let levels: ApprovalLevel[];

const setLevels = (body: { levels: { id?: number | null; name: string; colour: string }[] }, who = admin) =>
  callSpec(qualityCalls.setLevels, { body, token: who.token });
const fieldsOf = (res: { json: unknown }) => Object.keys((res.json as { errors: object }).errors).sort();
const byName = (name: string) => levels.find((l) => l.name === name)!;
const asSent = (list: ApprovalLevel[]) => list.map(({ id, name, colour }) => ({ id, name, colour }));

beforeAll(async () => {
  admin = await make.admin();
  viewer = await make.subject();
  levels = (await callSpec(qualityCalls.levels, { token: viewer.token })).data;
});

afterAll(async () => {
  // The list is the deployment's: later files find the defaults again.
  const now = (await callSpec(qualityCalls.levels, { token: admin.token })).data;
  const kept = levels.map((l) => ({ ...l, id: now.some((n) => n.id === l.id) ? l.id : null }));
  expect((await setLevels({ levels: asSent(kept as ApprovalLevel[]) })).status).toBe(200);
});

describe('the levels', () => {
  it('start as raw, provisional, checked, approved; the highest is the locking level', () => {
    expect(levels.map((l) => l.name)).toEqual(['raw', 'provisional', 'checked', 'approved']);
    expect(levels.at(-1)!.id).toBe(lockingLevel);
    expect(levels.every((l) => /^#[0-9a-f]{6}$/.test(l.colour))).toBe(true);
  });

  it('are reordered, renamed, added and removed by administrators only', async () => {
    const [raw, provisional, checked, approved] = levels;
    expect((await setLevels({ levels: asSent(levels) }, viewer)).status).toBe(403);
    const changed = await setLevels({
      levels: [
        { id: provisional.id, name: 'provisional', colour: provisional.colour },
        { id: raw.id, name: 'unchecked', colour: '#AABBCC' },
        { name: 'reviewed', colour: '#123456' },
        { id: approved.id, name: 'final', colour: approved.colour },
      ],
    });
    expect(changed.status, changed.text).toBe(200);
    expect(changed.data.map((l) => [l.name, l.colour])).toEqual([
      ['provisional', provisional.colour],
      ['unchecked', '#aabbcc'],
      ['reviewed', '#123456'],
      ['final', approved.colour],
    ]);
    expect(changed.data.some((l) => l.id === checked.id)).toBe(false);
    const back = await setLevels({
      levels: [...asSent(levels.slice(0, 2)), { name: 'checked', colour: checked.colour }, asSent(levels)[3]],
    });
    expect(back.status, back.text).toBe(200);
    levels = back.data;
  });

  it('refuse duplicates, empty names, bad colours, unknown ids, a level above the highest (422 naming the field); nothing changes', async () => {
    const sent = asSent(levels);
    expect(fieldsOf(await setLevels({ levels: [sent[0], { ...sent[1], name: 'RAW' }, sent[2], sent[3]] }))).toEqual(['levels.1.name']);
    const empty = await setLevels({ levels: [{ ...sent[0], name: ' ' }, sent[1], sent[2], sent[3]] });
    expect(fieldsOf(empty), empty.text).toEqual(['levels.0.name']);
    expect(fieldsOf(await setLevels({ levels: [{ ...sent[0], colour: 'green' }, sent[1], sent[2], sent[3]] }))).toEqual([
      'levels.0.colour',
    ]);
    expect(fieldsOf(await setLevels({ levels: [{ ...sent[0], id: 99_999 }, sent[1], sent[2], sent[3]] }))).toEqual(['levels.0.id']);
    expect(fieldsOf(await setLevels({ levels: [sent[0], sent[1], sent[3], sent[2]] }))).toEqual(['levels.3.id']);
    expect(fieldsOf(await setLevels({ levels: [sent[0], sent[1], sent[2]] }))).toEqual(['levels.2.id']);
    expect((await callSpec(qualityCalls.levels, { token: viewer.token })).data).toEqual(levels);
  });
});

describe('ranges', () => {
  // Three days of ten-minute levels, 08:00 to 09:50 UTC each day.
  const days = ['2026-09-01', '2026-09-02', '2026-09-03'];
  let station: Awaited<ReturnType<typeof make.station>> & { token: string };
  const approve = (body: { level?: number; from?: string; to: string; reading?: string; note?: string }) =>
    callSpec(qualityCalls.approve, { query: { id: station.id }, body: { reading: 'H1', ...body }, token: admin.token });
  const withdraw = (body: { from?: string; to?: string; note: string }) =>
    callSpec(qualityCalls.withdraw, { query: { id: station.id }, body: { reading: 'H1', ...body }, token: admin.token });
  const rangesOf = (state: QualityState) =>
    state.approvals.find((a) => a.reading === 'H1')!.ranges.map((r) => [r.from, r.to, levels.find((l) => l.id === r.level)!.name]);
  const flag = (at: string) =>
    callSpec(qualityCalls.flag, {
      query: { id: station.id },
      body: { reading: 'H1', from: at, to: at, flag: 'suspect', note: 'Check.' },
      token: admin.token,
    });

  beforeAll(async () => {
    station = await make.station({ viewers: [viewer], token: true, timezone: 'UTC' });
    for (const d of days)
      expect((await ingest('danes', station.token, { rows: series(`${d}T08:00:00Z`, 10, Array(12).fill(2)) })).status).toBe(200);
  });

  it('paint over each other: a later range wins where they overlap, a withdrawal clears, the end stops at the newest reading', async () => {
    const provisional = await approve({ level: byName('provisional').id, to: '2026-09-03', note: 'First look.' });
    expect(provisional.status, provisional.text).toBe(200);
    expect(rangesOf(provisional.data)).toEqual([[null, '2026-09-03T09:50:00.001Z', 'provisional']]);
    const checked = await approve({ level: byName('checked').id, from: '2026-09-02', to: '2026-09-02', note: 'Tape on the 2nd.' });
    expect(rangesOf(checked.data)).toEqual([
      [null, '2026-09-02T00:00:00.000Z', 'provisional'],
      ['2026-09-02T00:00:00.000Z', '2026-09-03T00:00:00.000Z', 'checked'],
      ['2026-09-03T00:00:00.000Z', '2026-09-03T09:50:00.001Z', 'provisional'],
    ]);
    expect(checked.data.approvals[0].ranges[1]).toMatchObject({ by: { id: admin.id }, note: 'Tape on the 2nd.' });
    const withdrawn = await withdraw({ from: '2026-09-03', note: 'Logger swapped.' });
    expect(rangesOf(withdrawn.data)).toEqual([
      [null, '2026-09-02T00:00:00.000Z', 'provisional'],
      ['2026-09-02T00:00:00.000Z', '2026-09-03T00:00:00.000Z', 'checked'],
    ]);
    expect(fieldsOf(await approve({ level: 99_999, to: '2026-09-02' }))).toEqual(['level']);
    expect(fieldsOf(await approve({ from: '2026-09-03', to: '2026-09-02' }))).toEqual(['from']);
  });

  it('lock only at the highest level: flags, corrections and new readings there are refused, below they are taken', async () => {
    expect((await flag('2026-09-02T08:30:00Z')).status, 'checked locks nothing').toBe(200);
    const top = await approve({ from: '2026-09-02', to: '2026-09-02', note: 'Final.' });
    expect(rangesOf(top.data)[1]).toEqual(['2026-09-02T00:00:00.000Z', '2026-09-03T00:00:00.000Z', 'approved']);
    const refused = await flag('2026-09-02T08:30:00Z');
    expect(refused.status).toBe(409);
    expect(fieldsOf(refused)).toEqual(['from']);
    expect((await flag('2026-09-01T08:30:00Z')).status, 'provisional locks nothing').toBe(200);
    const correction = await callSpec(correctionCalls.add, {
      query: { id: station.id },
      body: { reading: 'H1', kind: 'offset', from: '2026-09-01T00:00:00Z', amount: 0.1, note: 'Re-hung.' },
      token: admin.token,
    });
    expect(correction.status).toBe(409);
    const into = await ingest('danes', station.token, { rows: series('2026-09-02T08:05:00Z', 10, [2]) });
    expect(into.status, 'a new reading in the locked range').toBe(422);
    expect((await ingest('danes', station.token, { rows: series('2026-09-01T08:05:00Z', 10, [2]) })).status).toBe(200);
    // Back to checked: the lock goes with it.
    await approve({ level: byName('checked').id, from: '2026-09-02', to: '2026-09-02', note: 'Reopened.' });
    expect((await flag('2026-09-02T08:30:00Z')).status).toBe(200);
  });

  it('show on the chart and in the export with the levels; a level in use cannot be removed', async () => {
    const chart = await callSpec(telemetryCalls.chart, {
      query: { id: station.uniqueId, from: days[0], to: days[2], format: 'columns' },
      token: viewer.token,
    });
    expect(chart.data.approvals?.H1.map((s) => s.level)).toEqual([byName('provisional').id, byName('checked').id]);
    expect(chart.data.approval_levels).toEqual(levels.map((l) => ({ ...l, in_use: expect.any(Boolean) })));
    const exported = await callSpec(telemetryCalls.readings, {
      query: { id: station.uniqueId, from: days[0], to: days[2], corrected: true },
      token: viewer.token,
    });
    expect(exported.data.approvals.H1[0]).toEqual({ from: null, to: Date.parse('2026-09-02T00:00:00Z'), level: byName('provisional').id });
    const used = asSent(levels).filter((l) => l.id !== byName('checked').id);
    const removed = await setLevels({ levels: used });
    expect(fieldsOf(removed)).toEqual(['levels']);
    expect((removed.json as { errors: { levels: string[] } }).errors.levels[0]).toMatch(/checked/);
  });
});

describe('a level removed while a station paints it', () => {
  it('is reserved before the paint, so a save that read it as unused removes nothing, and a removed level is never painted', async () => {
    const station = await make.station({ timezone: 'UTC' });
    const added = await setLevels({
      levels: [...asSent(levels).slice(0, -1), { name: 'Field check', colour: '#123456' }, asSent(levels).at(-1)!],
    });
    const fieldCheck = added.data.find((l) => l.name === 'Field check')!;
    expect(fieldCheck.in_use).toBe(false);
    // What a paint does first, between an administrator's read of the list and the save that drops this level.
    expect(await reserveApprovalLevel(db(), station.id, fieldCheck.id)).toBe(true);
    expect(await writeApprovalLevels(db(), asSent(levels))).toBe(false);
    const after = (await callSpec(qualityCalls.levels, { token: admin.token })).data;
    expect(after).toEqual(added.data.map((l) => (l.id === fieldCheck.id ? { ...l, in_use: true } : l)));
    expect(await reserveApprovalLevel(db(), station.id, 99_999), 'no such level').toBe(false);
    // The station's next paint records what its ranges hold (nothing of this level): the level can go.
    await writeApprovalLevelUses(db(), station.id, []);
    expect((await setLevels({ levels: asSent(levels) })).status).toBe(200);
  });
});

describe('an approval kept by the release before levels', () => {
  it('becomes a range of the highest level, never past the newest reading: an approval of 2030 no longer refuses live readings', async () => {
    const station = await make.station({ viewers: [viewer], token: true, timezone: 'UTC' });
    const start = Date.now() - 3_600_000;
    expect((await ingest('danes', station.token, { rows: series(new Date(start).toISOString(), 10, [2, 2.1]) })).status).toBe(200);
    await stationOf(env, station.id).testing().restoreSchema6Approval('H1', Date.parse('2030-01-01T00:00:00Z'));
    const state = await callSpec(qualityCalls.state, { query: { id: station.id }, token: admin.token });
    const h1 = state.data.approvals.find((a) => a.reading === 'H1')!;
    expect(h1.ranges).toMatchObject([{ from: null, to: new Date(start + 600_001).toISOString(), level: lockingLevel }]);
    const live = await ingest('danes', station.token, { rows: series(new Date(start + 1_200_000).toISOString(), 10, [2.2]) });
    expect(live.status, live.text).toBe(200);
    const backfill = await ingest('danes', station.token, { rows: series(new Date(start + 300_000).toISOString(), 10, [2.05]) });
    expect(backfill.status, 'inside the migrated range').toBe(422);
  });

  it('answers the levels call to anyone signed in, and nobody else', async () => {
    expect((await call('GET', '/rest/quality/levels')).status).toBe(401);
  });
});
