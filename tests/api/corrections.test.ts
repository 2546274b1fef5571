/** Corrections of a station's series: stored beside the raw readings, served corrected by the chart and the roll-up, audited, refused where they must be. */
import { beforeAll, describe, expect, it } from 'vitest';
import { correctionCalls } from '../../worker/contracts/corrections';
import { qualityCalls } from '../../worker/contracts/quality';
import { telemetryCalls } from '../../worker/contracts/telemetry';
import { standardGravity } from '../../worker/station/corrections/stack';
import { call, get } from '../support/api';
import { series } from '../support/alarms';
import { callSpec } from '../support/client';
import { watch } from '../support/live';
import { make, type TestStation, type TestSubject } from '../support/make';
import { ingest, runCron } from '../support/telemetry';
import { Dashboard } from '../../worker/contracts/telemetry';

const day = '2026-09-10';
const start = '2026-09-10T08:00:00Z';
const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
// Ten-minute levels from 08:00 UTC: 2.00, 2.01, … 2.35.
const levels = Array.from({ length: 36 }, (_, i) => 2 + i / 100);

let admin: TestSubject;
let viewer: TestSubject;
let station: TestStation & { token: string };

const add = (body: Record<string, unknown>, who = admin, id = station.id) =>
  call('POST', '/rest/corrections', { token: who.token, query: { id }, body: { Correction: body } });
const remove = (correction: number, note = 'Not needed after all.', who = admin) =>
  callSpec(correctionCalls.remove, { query: { id: station.id }, body: { correction, note }, token: who.token });
const h1 = async (query: Record<string, string> = {}, id = station.uniqueId, code = 'H1') => {
  const res = await callSpec(telemetryCalls.chart, { query: { id, from: day, to: day, format: 'columns', ...query }, token: viewer.token });
  expect(res.status, res.text).toBe(200);
  const data = (res.data as { data: Record<string, { t: number[]; v: number[] }> }).data[code];
  return data;
};
const dashboardMax = async () =>
  (await get(`/rest/api?from=${day}&to=${day}`, { token: viewer.token, reply: Dashboard })).data.danes[station.uniqueId].max.H1;
const expect422 = (res: { status: number; json: unknown; text: string }, field: string) => {
  expect(res.status, res.text).toBe(422);
  expect(Object.keys((res.json as { errors: Record<string, string[]> }).errors)).toContain(field);
};

beforeAll(async () => {
  admin = await make.admin();
  viewer = await make.subject();
  station = await make.station({ viewers: [viewer], token: true });
  expect((await ingest('danes', station.token, { rows: series(start, 10, levels) })).status).toBe(200);
  await runCron();
});

describe('an offset', () => {
  it('moves the chart and, after the roll-up, the dashboard; raw stays; removal gives back the raw values exactly', async () => {
    const raw = await h1();
    expect(raw.v).toEqual(levels);
    expect(await dashboardMax()).toBe(2.35);

    const added = await add({ reading: 'H1', kind: 'offset', from: start, amount: 0.1, note: 'Logger re-hung 10 cm higher.' });
    expect(added.status, added.text).toBe(200);
    expect(added.json.data).toMatchObject({
      reading: 'H1',
      kind: 'offset',
      to: null,
      parameters: { amount: 0.1 },
      created_by: { id: admin.id, name: 'Test Admin' },
      removed_at: null,
    });
    expect((await h1()).v).toEqual(levels.map((v) => v + 0.1));
    expect((await h1({ raw: 'true' })).v).toEqual(levels);
    await runCron();
    expect(await dashboardMax()).toBe(2.35 + 0.1);

    const removed = await remove(added.json.data.id);
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data.removed_by).toEqual({ id: admin.id, name: 'Test Admin' });
    const after = await h1();
    expect(after.v).toEqual(levels);
    await runCron();
    expect(await dashboardMax()).toBe(2.35);

    // Replayed as it stood while the offset was in force.
    expect((await h1({ at: removed.data.created_at })).v).toEqual(levels.map((v) => v + 0.1));
    const inForce = await callSpec(correctionCalls.list, { query: { id: station.id, at: removed.data.created_at }, token: viewer.token });
    expect(inForce.data.map((c) => c.id)).toEqual([removed.data.id]);

    const log = await callSpec(qualityCalls.log, { query: { id: station.id }, token: viewer.token });
    expect(log.data.slice(0, 2)).toMatchObject([
      { action: 'uncorrect', reading: 'H1', correction: removed.data.id, note: 'Not needed after all.' },
      { action: 'correct', reading: 'H1', correction: removed.data.id, note: 'Logger re-hung 10 cm higher.', to: null },
    ]);
  });

  it('refuses removing a removed correction (409) and an unknown one (404)', async () => {
    const added = await add({ reading: 'H1', kind: 'offset', from: start, to: start, amount: 1, note: 'Briefly.' });
    expect((await remove(added.json.data.id)).status).toBe(200);
    expect((await remove(added.json.data.id)).status).toBe(409);
    expect((await remove(999_999)).status).toBe(404);
  });
});

describe('a drift from manual measurements', () => {
  it('suggests the amount that meets the measurements, and the corrected line meets them', async () => {
    // Measured 2.00 at 08:00 (the logger agrees) and 2.50 at 13:50 (the logger says 2.35).
    const suggestion = await callSpec(correctionCalls.drift, {
      query: { id: station.id, reading: 'H1', from: at(0), to: at(350), start_value: 2, end_value: 2.5 },
      token: viewer.token,
    });
    expect(suggestion.status, suggestion.text).toBe(200);
    expect(suggestion.data.start_difference).toBe(0);
    expect(suggestion.data.amount).toBeCloseTo(0.15, 12);
    const drift = await add({
      reading: 'H1',
      kind: 'drift',
      from: at(0),
      to: at(350),
      amount: suggestion.data.amount,
      note: 'Field visit.',
    });
    expect(drift.status, drift.text).toBe(200);
    const line = await h1();
    expect(line.v[0]).toBe(2);
    expect(line.v[35]).toBeCloseTo(2.5, 12);
    expect(line.v[12]).toBeCloseTo(2.12 + (0.15 * 120) / 350, 12);
    expect((await remove(drift.json.data.id)).status).toBe(200);
    expect((await h1()).v).toEqual(levels);
  });
});

describe('a clock shift and a deleted range', () => {
  it('moves times and leaves deleted readings out, in processing order', async () => {
    const shift = await add({
      reading: 'H1',
      kind: 'clock_shift',
      from: at(0),
      to: at(50),
      seconds: -3600,
      note: 'Clock ran an hour fast.',
    });
    const cut = await add({ reading: 'H1', kind: 'delete_range', from: at(-60), to: at(-50), note: 'Pump test.' });
    expect([shift.status, cut.status]).toEqual([200, 200]);
    const line = await h1();
    expect(line.t.slice(0, 4)).toEqual([at(-40), at(-30), at(-20), at(-10)].map(Date.parse));
    expect(line.t.length).toBe(34);
    expect((await h1({ raw: 'true' })).t.length).toBe(36);
    for (const c of [shift, cut]) expect((await remove(c.json.data.id)).status).toBe(200);
    expect((await h1()).t).toEqual(levels.map((_, i) => Date.parse(at(i * 10))));
  });
});

describe('barometric compensation', () => {
  it("subtracts the station's own pressure as metres of water at the density stated", async () => {
    const uniwan = await make.station({ source: 'UNIWAN', viewers: [viewer], token: true });
    const rows = [0, 10, 20].flatMap((m, i) => [
      { value_id: 'hladina', value: 12, timestamp: at(m) },
      { value_id: 'pressure', value: 1000 + i * 5, timestamp: at(m) },
    ]);
    expect((await ingest('uniwan', uniwan.token, { rows })).status).toBe(200);
    const added = await add({ reading: 'hladina', kind: 'barometric', from: at(0), note: 'Absolute transducer.' }, admin, uniwan.id);
    expect(added.status, added.text).toBe(200);
    expect(added.json.data.parameters).toEqual({ density: 1000, reference_hpa: 0 });
    const line = await h1({}, uniwan.uniqueId, 'hladina');
    const perHpa = 100 / (1000 * standardGravity);
    expect(line.v).toEqual([12 - 1000 * perHpa, 12 - 1005 * perHpa, 12 - 1010 * perHpa]);
  });

  it("subtracts another station's pressure: copied when the correction is added, brought up to date as the well posts", async () => {
    const barometer = await make.station({ source: 'UNIWAN', viewers: [viewer], token: true });
    const well = await make.station({ viewers: [viewer], token: true });
    const pressure = (m: number, value: number) => ({ value_id: 'pressure', value, timestamp: at(m) });
    const post = async (source: 'danes' | 'uniwan', target: { token: string }, rows: Record<string, unknown>[]) => {
      const res = await ingest(source, target.token, { rows });
      expect(res.status, res.text).toBe(200);
    };
    await post('uniwan', barometer, [pressure(0, 1000), pressure(10, 1005), pressure(20, 1010)]);
    // A reading two days on, so the day under test is not the newest (whose mark a flush keeps) once rolled up.
    await post('danes', well, [...series(at(0), 10, [12, 12, 12, 12]), ...series(at(2 * 24 * 60), 10, [12])]);

    const added = await add(
      {
        reading: 'H1',
        kind: 'barometric',
        from: at(0),
        source: barometer.id,
        note: 'Absolute transducer; air pressure from the weather station.',
      },
      admin,
      well.id,
    );
    expect(added.status, added.text).toBe(200);
    expect(added.json.data.parameters).toEqual({ density: 1000, reference_hpa: 0, source: barometer.id });
    const perHpa = 100 / (1000 * standardGravity);
    const compensated = (hpa: number) => 12 - hpa * perHpa;
    // 08:30 has no pressure on either side yet: it cannot be compensated, so it is left out.
    let line = await h1({}, well.uniqueId);
    expect(line.t).toEqual([0, 10, 20].map((m) => Date.parse(at(m))));
    expect(line.v).toEqual([compensated(1000), compensated(1005), compensated(1010)]);

    const dayMax = async () =>
      (await get(`/rest/api?from=${day}&to=${day}`, { token: viewer.token, reply: Dashboard })).data.danes[well.uniqueId].max.H1;
    await runCron();
    expect(await dayMax()).toBe(compensated(1000));

    // The barometer's next readings reach the well's copy with the well's next batch (the next day): 08:30 is
    // compensated then, and its day, already rolled up, is rolled up again.
    await post('uniwan', barometer, [pressure(30, 990), pressure(40, 1030)]);
    await post('danes', well, series(at(24 * 60), 10, [12]));
    line = await h1({}, well.uniqueId);
    expect(line.v).toEqual([1000, 1005, 1010, 990].map(compensated));
    expect((await h1({ raw: 'true' }, well.uniqueId)).v).toEqual([12, 12, 12, 12]);
    await runCron();
    expect(await dayMax()).toBe(compensated(990));
  });
});

describe('bad input and rights', () => {
  it('names the field: a drift without an end, an unknown reading, a pressure source the station lacks', async () => {
    expect422(await add({ reading: 'H1', kind: 'drift', from: start, amount: 1, note: 'x' }), 'to');
    expect422(await add({ reading: 'nonsense', kind: 'offset', from: start, amount: 1, note: 'x' }), 'reading');
    expect422(await add({ reading: 'hladina', kind: 'offset', from: start, amount: 1, note: 'x' }), 'reading');
    expect422(await add({ reading: 'H1', kind: 'barometric', from: start, note: 'x' }), 'source');
    expect422(await add({ reading: 'H1', kind: 'barometric', from: start, source: 999_999, note: 'x' }), 'source');
    expect422(await add({ reading: 'H1', kind: 'barometric', from: start, source: station.id, note: 'x' }), 'source');
    // A quality controller of the well may not borrow the pressure of a station it cannot see.
    const controller = await make.subject();
    await make.qualityControl(controller, station);
    const unseen = await make.station({ source: 'UNIWAN' });
    const refused = await add({ reading: 'H1', kind: 'barometric', from: start, source: unseen.id, note: 'x' }, controller);
    expect422(refused, 'source');
    expect(refused.text).not.toContain(unseen.name);
    expect422(await add({ reading: 'H1', kind: 'offset', from: start, amount: 1 }), 'note');
    expect422(await add({ reading: 'H1', kind: 'offset', from: at(10), to: at(0), amount: 1, note: 'x' }), 'from');
    expect422(await add({ reading: 'H1', kind: 'spline', from: start, note: 'x' }), 'kind');
    const listed = await callSpec(correctionCalls.list, { query: { id: station.id }, token: viewer.token });
    expect(listed.data.every((c) => c.removed_at !== null)).toBe(true);
  });

  it('lets only those with the quality control right correct, and refuses approved data (409)', async () => {
    expect((await add({ reading: 'H1', kind: 'offset', from: start, amount: 1, note: 'x' }, viewer)).status).toBe(403);
    const other = await make.station({ viewers: [viewer], token: true });
    expect((await ingest('danes', other.token, { rows: series(start, 10, levels) })).status).toBe(200);
    const approved = await callSpec(qualityCalls.approve, {
      query: { id: other.id },
      body: { reading: 'H1', to: day },
      token: admin.token,
    });
    expect(approved.status, approved.text).toBe(200);
    const locked = await add({ reading: 'H1', kind: 'offset', from: start, amount: 1, note: 'x' }, admin, other.id);
    expect(locked.status).toBe(409);
    expect(Object.keys(locked.json.errors)).toEqual(['from']);
    expect((await callSpec(correctionCalls.list, { query: { id: other.id }, token: admin.token })).data).toEqual([]);
  });
});

describe('approval and the future', () => {
  it('refuses approving a day after today (422 naming to), and approves today only up to the newest reading, so late readings still arrive', async () => {
    const live = await make.station({ viewers: [viewer], token: true, timezone: 'UTC' });
    const approve = (to: string) =>
      callSpec(qualityCalls.approve, { query: { id: live.id }, body: { reading: 'H1', to }, token: admin.token });
    const future = await approve('2030-01-01');
    expect(future.status, future.text).toBe(422);
    expect(Object.keys((future.json as { errors: object }).errors)).toEqual(['to']);
    const today = new Date().toISOString().slice(0, 10);
    const nothing = await approve(today);
    expect(nothing.status, 'nothing stored to approve').toBe(422);
    expect(Object.keys((nothing.json as { errors: object }).errors)).toEqual(['to']);

    // A logger that sends its readings an hour late: the newest one stored is from two hours ago.
    const newest = Math.max(Date.parse(`${today}T00:00:00Z`), Date.now() - 2 * 3_600_000);
    expect((await ingest('danes', live.token, { rows: series(new Date(newest).toISOString(), 10, [2]) })).status).toBe(200);
    const approved = await approve(today);
    expect(approved.status, approved.text).toBe(200);
    expect(Date.parse(approved.data.approvals.find((a) => a.reading === 'H1')!.approved_until!)).toBe(newest + 1);
    // main approved today up to now, and refused this reading (422) until someone withdrew the approval.
    const late = await ingest('danes', live.token, { rows: series(new Date(newest + 60_000).toISOString(), 10, [2.1]) });
    expect(late.status, late.text).toBe(200);
    const later = await ingest('danes', live.token, { rows: series(new Date(Date.now() + 1000).toISOString(), 10, [2]) });
    expect(later.status, later.text).toBe(200);
  });
});

describe('live', () => {
  it('carries new readings corrected by an open-ended correction at once', async () => {
    const live = await make.station({ viewers: [viewer], token: true });
    expect((await add({ reading: 'H1', kind: 'offset', from: start, amount: -0.25, note: 'Re-hung.' }, admin, live.id)).status).toBe(200);
    const watcher = await watch(viewer, [live.uniqueId]);
    await watcher.next('subscribed');
    expect((await ingest('danes', live.token, { rows: series(at(0), 10, [2, 2.5]) })).status).toBe(200);
    const message = await watcher.next('readings');
    expect(message.rows.map((r: { data_value: number }) => r.data_value)).toEqual([1.75, 2.25]);
    watcher.socket.close();
  });
});

describe('a rejected reading under a correction', () => {
  it('is still sent apart as rejected with its raw value, and left out of the corrected line', async () => {
    const own = await make.station({ viewers: [viewer], token: true });
    expect((await ingest('danes', own.token, { rows: series(start, 10, levels) })).status).toBe(200);
    const flagged = await callSpec(qualityCalls.flag, {
      query: { id: own.id },
      body: { reading: 'H1', from: at(60), to: at(80), flag: 'rejected', note: 'Pump test.' },
      token: admin.token,
    });
    expect(flagged.status, flagged.text).toBe(200);
    expect((await add({ reading: 'H1', kind: 'offset', from: start, amount: 0.1, note: 'Re-hung.' }, admin, own.id)).status).toBe(200);
    const res = await callSpec(telemetryCalls.chart, {
      query: { id: own.uniqueId, from: day, to: day, format: 'columns' },
      token: viewer.token,
    });
    expect(res.status, res.text).toBe(200);
    const reply = res.data as {
      data: Record<string, { t: number[]; v: number[] }>;
      flags: Record<string, { t: number[]; v: number[]; q: number[] }>;
    };
    const rejected = [6, 7, 8].map((i) => Date.parse(at(i * 10)));
    expect(reply.flags.H1).toEqual({ t: rejected, v: [2.06, 2.07, 2.08], q: [2, 2, 2] });
    expect(reply.data.H1.t).not.toContain(rejected[0]);
    expect(reply.data.H1.v[0]).toBeCloseTo(2.1, 10);
  });
});
