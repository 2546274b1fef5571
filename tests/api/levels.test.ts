/** A well's vertical references and manual measurements: periods, values through the reference then, the logger beside them, CSV import all or none. */
import { beforeAll, describe, expect, it } from 'vitest';
import { correctionCalls } from '../../worker/contracts/corrections';
import { levelCalls } from '../../worker/contracts/levels';
import { qualityCalls } from '../../worker/contracts/quality';
import { DashboardColumns, telemetryCalls } from '../../worker/contracts/telemetry';
import { call, get } from '../support/api';
import { series } from '../support/alarms';
import { callSpec } from '../support/client';
import { make, type TestStation, type TestSubject } from '../support/make';
import { watch } from '../support/live';
import { askShare, makeShareLink } from '../support/share';
import { ingest, runCron } from '../support/telemetry';

const start = '2026-09-10T08:00:00Z';
const at = (minutes: number) => new Date(Date.parse(start) + minutes * 60_000).toISOString();
// The logger reports the water column above its sensor: 2.00 m, 2.01 m, … every 10 minutes for 6 hours.
const levels = Array.from({ length: 36 }, (_, i) => 2 + i / 100);

let admin: TestSubject;
let viewer: TestSubject;
let station: TestStation & { token: string };

const reference = (body: Record<string, unknown>, id = station.id) =>
  call('POST', '/rest/levels/references', { token: admin.token, query: { id }, body: { LevelReference: body } });
const measure = (measurements: Record<string, unknown>[], who = admin) =>
  call('POST', '/rest/levels/measurements', { token: who.token, query: { id: station.id }, body: { Measurements: { measurements } } });
const importCsv = (csv: string) =>
  callSpec(levelCalls.import, { query: { id: station.id }, body: { reading: 'H1', csv }, token: admin.token });
const state = async () => (await callSpec(levelCalls.state, { query: { id: station.id, reading: 'H1' }, token: viewer.token })).data;
const expect422 = (res: { status: number; json: unknown; text: string }, fields: string[]) => {
  expect(res.status, res.text).toBe(422);
  expect(Object.keys((res.json as { errors: Record<string, string[]> }).errors)).toEqual(fields);
};

const base = { reading: 'H1', ground_elevation: 251.4, mp_elevation: 252.1, datum: 'Bpv', note: 'Surveyed.' };

beforeAll(async () => {
  admin = await make.admin();
  viewer = await make.subject();
  station = await make.station({ viewers: [viewer], token: true });
  expect((await ingest('danes', station.token, { rows: series(start, 10, levels) })).status).toBe(200);
});

describe('vertical references', () => {
  it('keeps effective-dated periods and refuses one that overlaps (422 naming from)', async () => {
    const first = await reference({ ...base, from: at(-600), to: at(180), mode: 'water_column', sensor_depth: 20 });
    expect(first.status, first.text).toBe(200);
    // The logger is re-hung 0.5 m deeper at 11:00.
    const second = await reference({ ...base, from: at(180), mode: 'water_column', sensor_depth: 20.5, note: 'Logger re-hung.' });
    expect(second.status, second.text).toBe(200);
    expect422(await reference({ ...base, from: at(100), to: at(200), mode: 'depth_below_mp' }), ['from']);
    expect422(await reference({ ...base, from: '2030-01-01T00:00:00Z', mode: 'water_column' }), ['sensor_depth']);
    expect422(await reference({ ...base, reading: 'KCM', from: '2030-01-01T00:00:00Z', mode: 'elevation' }), ['reading']);
    expect((await state()).references.map((r) => r.sensor_depth)).toEqual([20, 20.5]);
    const log = await callSpec(qualityCalls.log, { query: { id: station.id }, token: viewer.token });
    expect(log.data.filter((e) => e.action === 'reference')).toHaveLength(2);
  });

  it('turns a depth into the code through the reference in effect at its time, across the change', async () => {
    // At 09:00 the logger says 2.06 m of water above a sensor 20 m down: 17.94 m to water. Measured 17.90: 0.04 higher.
    // At 12:00 it says 2.24 above a sensor 20.5 m down: 18.26 m to water. Measured 18.26: no difference.
    const res = await measure([
      { reading: 'H1', at: at(60), depth: 17.9, measured_by: 'J. Novák', method: 'electric tape' },
      { reading: 'H1', at: at(240), depth: 18.26, measured_by: 'J. Novák', method: 'electric tape', note: 'After re-hanging.' },
    ]);
    expect(res.status, res.text).toBe(200);
    const [before, after] = res.json.data;
    expect(before.value).toBeCloseTo(2.1, 12);
    expect(before.logged).toBeCloseTo(2.06, 12);
    expect(before.difference).toBeCloseTo(0.04, 12);
    expect(after.value).toBeCloseTo(2.24, 12);
    expect(after.difference).toBeCloseTo(0, 12);
    expect((await state()).measurements).toHaveLength(2);
  });

  it('suggests the drift from the measurements nearest both ends when no values are given', async () => {
    const res = await callSpec(correctionCalls.drift, {
      query: { id: station.id, reading: 'H1', from: at(60), to: at(240) },
      token: viewer.token,
    });
    expect(res.status, res.text).toBe(200);
    expect(res.data.start_difference).toBeCloseTo(0.04, 12);
    expect(res.data.end_difference).toBeCloseTo(0, 12);
    expect(res.data.amount).toBeCloseTo(-0.04, 12);
  });
});

describe('derived series', () => {
  it('charts elevation above datum and depth below ground from the level and the reference in effect, across the change', async () => {
    const res = await callSpec(telemetryCalls.chart, {
      query: { id: station.uniqueId, from: '2026-09-10', to: '2026-09-10', format: 'columns' },
      token: viewer.token,
    });
    expect(res.status, res.text).toBe(200);
    const { data } = res.data as { data: Record<string, { t: number[]; v: number[] }> };
    const elevation = data.H1_elevation.v;
    const depth = data.H1_depth_below_ground.v;
    expect(elevation).toHaveLength(36);
    // Before 11:00 the sensor hangs 20 m below the measuring point (252.1), after it 20.5 m.
    // Exactly the decimals a surveyor would write (the subtractions alone leave 234.26999999999998 and 17.620000000000005).
    expect(elevation[0]).toBe(234.1);
    expect(elevation[17]).toBe(234.27);
    expect(elevation[18]).toBe(233.78);
    expect(depth[18]).toBe(17.62);
    const raw = await callSpec(telemetryCalls.chart, {
      query: { id: station.uniqueId, from: '2026-09-10', to: '2026-09-10', format: 'columns', raw: true },
      token: viewer.token,
    });
    expect(Object.keys((raw.data as { data: object }).data)).toEqual(['H1']);
  });

  it('rolls them up for the dashboard (counted once, as their level) with the datum in the station row', async () => {
    await runCron();
    const res = await get('/rest/api?from=2026-09-10&to=2026-09-10&format=columns', { token: viewer.token, reply: DashboardColumns });
    const i = res.data.stations.id.indexOf(station.id);
    const { min, max, count } = res.data.figures;
    expect(res.data.stations.datum[i]).toBe('Bpv');
    expect(count[i]).toBe(36);
    // The highest water just before the logger was re-hung 0.5 m deeper, the lowest just after.
    expect(max.H1_elevation[i]).toBeCloseTo(252.1 - (20 - 2.17), 12);
    expect(min.H1_elevation[i]).toBeCloseTo(252.1 - (20.5 - 2.18), 12);
    expect(max.H1_depth_below_ground[i]).toBeCloseTo(251.4 - (252.1 - (20.5 - 2.18)), 12);
  });

  it('exports them beside the raw readings when corrected values are asked for, and only then', async () => {
    const query = { id: station.uniqueId, from: '2026-09-10', to: '2026-09-10' };
    const plain = await callSpec(telemetryCalls.readings, { query, token: viewer.token });
    expect(plain.status, plain.text).toBe(200);
    expect(plain.data.corrected).toBeUndefined();
    expect(Object.keys(plain.data.data)).toEqual(['H1']);
    const res = await callSpec(telemetryCalls.readings, { query: { ...query, corrected: true }, token: viewer.token });
    expect(res.status, res.text).toBe(200);
    const corrected = res.data.corrected!;
    expect(Object.keys(corrected)).toEqual(['H1', 'H1_elevation', 'H1_depth_below_ground']);
    expect(corrected.H1.v).toEqual(levels);
    expect(corrected.H1_elevation.t).toEqual(res.data.data.H1.t);
    expect(corrected.H1_elevation.v[18]).toBeCloseTo(252.1 - (20.5 - 2.18), 12);
  });

  it('can be shared alone: the link charts and sums up the elevation and nothing else', async () => {
    const link = await makeShareLink(admin, {
      stations: [{ id: station.id, readings: ['H1_elevation'] }],
      window_from: '2026-09-01',
      window_to: '2026-09-30',
      window_days: null,
    });
    const chart = await askShare(link.secret, 'chart', { query: { station: station.uniqueId, from: '2026-09-10', to: '2026-09-10' } });
    expect(chart.status, chart.text).toBe(200);
    expect(Object.keys(chart.data.data)).toEqual(['H1_elevation']);
    // The datum goes with the station, so the page names it in the elevation's unit ("m Bpv").
    expect(chart.data.item.datum).toBe('Bpv');
    expect(chart.data.data.H1_elevation.v[0]).toBeCloseTo(252.1 - (20 - 2), 12);
    await runCron();
    const view = await askShare(link.secret, 'view');
    const summary = view.data.danes[station.uniqueId];
    expect(view.data.stations.map((s) => s.datum)).toEqual(['Bpv']);
    expect(Object.keys(summary.max)).toEqual(['H1_elevation']);
    expect(summary.pocetMereni).toBe(36);
    const refused = await call('POST', '/rest/share-links/edit', {
      token: admin.token,
      body: { ShareLinks: { title: 'x', window_days: 30, stations: [{ id: station.id, readings: ['hladina_elevation'] }] } },
    });
    expect(refused.status, refused.text).toBe(422);
  });

  it('refuses a derived code at ingest: it is computed, never sent', async () => {
    const res = await ingest('danes', station.token, { rows: series(at(400), 10, [240], 'H1_elevation') });
    expect(res.status, res.text).toBe(422);
  });
});

describe('manual measurements', () => {
  it('takes a CSV file whole, station-local times included', async () => {
    const res = await importCsv(
      'time,depth,measured_by,method,note\n2026-09-10T12:30:00Z,18.2,P. Dvořák,steel tape,\n2026-09-10 14:40,18.21,,,"dry, windy"\n',
    );
    expect(res.status, res.text).toBe(200);
    expect(res.data.map((m) => [m.at, m.measured_by, m.method, m.note])).toEqual([
      ['2026-09-10T12:30:00.000Z', 'P. Dvořák', 'steel tape', ''],
      ['2026-09-10T12:40:00.000Z', 'Test Admin', 'manual', 'dry, windy'],
    ]);
  });

  it('refuses a file with a bad line whole, naming each bad line', async () => {
    const before = (await state()).measurements.length;
    const res = await importCsv('time,depth\n2026-09-10T13:00:00Z,18.1\nyesterday,18\n2026-09-10T13:20:00Z,\n');
    expect422(res, ['lines.3', 'lines.4']);
    expect((await state()).measurements).toHaveLength(before);
    expect422(await importCsv('when,level\n2026-09-10T13:00:00Z,18.1\n'), ['csv']);
  });

  it('refuses bad measurements and those without the right', async () => {
    expect422(await measure([{ reading: 'H1', at: at(0), measured_by: 'x', method: 'tape' }]), ['measurements']);
    expect((await measure([{ reading: 'H1', at: at(0), depth: 18, measured_by: 'x', method: 'tape' }], viewer)).status).toBe(403);
  });
});

describe('the live channel', () => {
  it("carries a new level's elevation and depth, suspect where the level is", async () => {
    const well = await make.station({ viewers: [viewer], token: true });
    expect((await reference({ ...base, from: at(-600), mode: 'water_column', sensor_depth: 20 }, well.id)).status).toBe(200);
    const watcher = await watch(viewer, [well.uniqueId]);
    await watcher.next('subscribed');
    // 9 m in a step of 7 m after 2 m: the station's automatic step check marks it suspect.
    expect((await ingest('danes', well.token, { rows: series(at(600), 10, [2, 9]) })).status).toBe(200);
    const message = await watcher.next('readings');
    const rows = (message.rows as Record<string, string | number>[]).map(({ data_name, data_value, date, flag }) => [
      data_name,
      date,
      data_value,
      flag,
    ]);
    expect(rows).toEqual([
      ['H1', at(600), 2, undefined],
      ['H1', at(610), 9, 'suspect'],
      ['H1_elevation', at(600), expect.closeTo(252.1 - 18, 9), undefined],
      ['H1_depth_below_ground', at(600), expect.closeTo(251.4 - (252.1 - 18), 9), undefined],
      ['H1_elevation', at(610), expect.closeTo(252.1 - 11, 9), 'suspect'],
      ['H1_depth_below_ground', at(610), expect.closeTo(251.4 - (252.1 - 11), 9), 'suspect'],
    ]);
    watcher.socket.close();
  });
});

describe('changing and removing references and measurements', () => {
  let well: TestStation & { token: string };
  const as = { token: '' };
  const day = { from: '2026-09-10', to: '2026-09-10' };
  const elevations = async () => {
    const res = await callSpec(telemetryCalls.chart, { query: { id: well.uniqueId, ...day, format: 'columns' }, token: viewer.token });
    return (res.data as { data: Record<string, { v: number[] }> }).data.H1_elevation?.v ?? [];
  };
  const wellState = async () => (await callSpec(levelCalls.state, { query: { id: well.id, reading: 'H1' }, token: viewer.token })).data;
  const period = { ...base, mode: 'water_column' as const, sensor_depth: 20 };
  const editReference = (body: Record<string, unknown>) =>
    call('POST', '/rest/levels/references/edit', { token: as.token, query: { id: well.id }, body: { LevelReferenceEdit: body } });

  beforeAll(async () => {
    as.token = admin.token;
    well = await make.station({ viewers: [viewer], token: true });
    expect((await ingest('danes', well.token, { rows: series(start, 10, levels) })).status).toBe(200);
  });

  it('changes a period (a mistyped survey): the chart and, after the flush, the dashboard follow; the log keeps both', async () => {
    const first = await callSpec(levelCalls.reference, {
      query: { id: well.id },
      body: { ...period, from: at(-600), to: at(180) },
      token: admin.token,
    });
    const second = await callSpec(levelCalls.reference, { query: { id: well.id }, body: { ...period, from: at(180) }, token: admin.token });
    expect([first.status, second.status]).toEqual([200, 200]);
    await runCron();
    const edited = await editReference({
      reference: second.data.id,
      ...period,
      from: at(180),
      mp_elevation: 252.5,
      datum: 'Bpv',
      note: 'Top of casing was 252.5.',
    });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.data).toMatchObject({ id: second.data.id, mp_elevation: 252.5, note: 'Top of casing was 252.5.' });
    const elevation = await elevations();
    expect(elevation[17]).toBeCloseTo(252.1 - (20 - 2.17), 12);
    expect(elevation[18]).toBeCloseTo(252.5 - (20 - 2.18), 12);
    await runCron();
    const dashboard = await get('/rest/api?from=2026-09-10&to=2026-09-10&format=columns', { token: viewer.token, reply: DashboardColumns });
    const i = dashboard.data.stations.id.indexOf(well.id);
    expect(dashboard.data.figures.max.H1_elevation[i]).toBeCloseTo(252.5 - (20 - 2.35), 12);
    const log = await callSpec(qualityCalls.log, { query: { id: well.id }, token: viewer.token });
    expect(log.data.filter((e) => e.action === 'reference').map((e) => e.note)).toEqual([
      'Top of casing was 252.5.',
      'Surveyed.',
      'Surveyed.',
    ]);
  });

  it('refuses a change that overlaps another period (422 naming from), one of an unknown period (404) and bad fields, changing nothing', async () => {
    const [first, second] = (await wellState()).references;
    expect422(await editReference({ reference: first.id, ...period, from: at(-600), to: at(240), note: 'Longer.' }), ['from']);
    expect422(
      await editReference({ reference: first.id, ...period, from: at(-600), mode: 'water_column', sensor_depth: null, note: 'x' }),
      ['sensor_depth'],
    );
    const missing = await editReference({ reference: 999_999, ...period, from: at(-600), note: 'x' });
    expect(missing.status, missing.text).toBe(404);
    expect(Object.keys(missing.json.errors)).toEqual(['reference']);
    expect((await wellState()).references).toEqual([first, second]);
  });

  it('removes a period: its days lose their derived figures; the datum goes with the last one', async () => {
    const [first, second] = (await wellState()).references;
    const removed = await callSpec(levelCalls.removeReference, {
      query: { id: well.id },
      body: { reference: second.id, note: 'Entered twice.' },
      token: admin.token,
    });
    expect(removed.status, removed.text).toBe(200);
    expect(removed.data.id).toBe(second.id);
    expect(await elevations()).toHaveLength(18);
    await callSpec(levelCalls.removeReference, {
      query: { id: well.id },
      body: { reference: first.id, note: 'Wrong well.' },
      token: admin.token,
    });
    expect((await wellState()).references).toEqual([]);
    expect(await elevations()).toEqual([]);
    await runCron();
    const dashboard = await get('/rest/api?from=2026-09-10&to=2026-09-10&format=columns', { token: viewer.token, reply: DashboardColumns });
    const i = dashboard.data.stations.id.indexOf(well.id);
    expect(dashboard.data.stations.datum[i]).toBeNull();
    expect(dashboard.data.figures.max.H1_elevation?.[i] ?? null).toBeNull();
  });

  it('changes a measurement with a reason and removes one; the reason is required and an unknown one is 404', async () => {
    await callSpec(levelCalls.reference, { query: { id: well.id }, body: { ...period, from: at(-600) }, token: admin.token });
    const added = await callSpec(levelCalls.measurements, {
      query: { id: well.id },
      body: {
        measurements: [
          { reading: 'H1', at: at(60), depth: 17.9, measured_by: 'J. Novák', method: 'electric tape' },
          { reading: 'H1', at: at(120), depth: 17.8, measured_by: 'J. Novák', method: 'electric tape' },
        ],
      },
      token: admin.token,
    });
    const [kept, dropped] = added.data;
    const change = { measurement: kept.id, reading: 'H1', at: at(60), depth: 17.94, measured_by: 'J. Novák', method: 'electric tape' };
    const edit = (body: Record<string, unknown>) =>
      call('POST', '/rest/levels/measurements/edit', { token: admin.token, query: { id: well.id }, body: { MeasurementEdit: body } });
    expect422(await edit(change), ['reason']);
    const edited = await edit({ ...change, reason: 'Read 17.94, typed 17.9.' });
    expect(edited.status, edited.text).toBe(200);
    // 20 m sensor depth less 17.94 m to water: 2.06 m, what the logger says then.
    expect(edited.json.data.value).toBeCloseTo(2.06, 12);
    expect(edited.json.data.difference).toBeCloseTo(0, 12);
    const removed = await callSpec(levelCalls.removeMeasurement, {
      query: { id: well.id },
      body: { measurement: dropped.id, note: 'Another well.' },
      token: admin.token,
    });
    expect(removed.status, removed.text).toBe(200);
    expect((await wellState()).measurements.map((m) => [m.id, m.depth])).toEqual([[kept.id, 17.94]]);
    const missing = await callSpec(levelCalls.removeMeasurement, {
      query: { id: well.id },
      body: { measurement: dropped.id, note: 'Again.' },
      token: admin.token,
    });
    expect(missing.status, missing.text).toBe(404);
    const log = await callSpec(qualityCalls.log, { query: { id: well.id }, token: viewer.token });
    expect(log.data.filter((e) => e.action === 'measure').map((e) => e.note)).toEqual([
      'Another well.',
      'Read 17.94, typed 17.9.',
      '2 manual measurement(s)',
    ]);
  });
});
