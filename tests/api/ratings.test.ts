/** Rating curves of a stage code: versions in time, shifts, gaugings with their deviations, rate and reverse rate, 422s naming the field. */
import { beforeAll, describe, expect, it } from 'vitest';
import { qualityCalls } from '../../worker/contracts/quality';
import type { z } from 'zod';
import { ratingCalls, type RatingPoint } from '../../worker/contracts/ratings';
import { telemetryCalls } from '../../worker/contracts/telemetry';
import { series } from '../support/alarms';
import { callSpec } from '../support/client';
import { watch } from '../support/live';
import { make, type TestStation, type TestSubject } from '../support/make';
import { ingest } from '../support/telemetry';

let admin: TestSubject;
let viewer: TestSubject;
let station: TestStation;

const jan = '2026-01-01T00:00:00.000Z';
const jul = '2026-07-01T00:00:00.000Z';
const jun = '2026-06-01T00:00:00.000Z';
// Q = 10 · h between 0 and 4 m: easy to check by hand.
const table = [
  { stage: 0, discharge: 0 },
  { stage: 4, discharge: 40 },
];
const version = (body: Record<string, unknown>, token = admin.token) =>
  callSpec(ratingCalls.add, {
    query: { id: station.id },
    body: { reading: 'H1', from: jan, points: table, note: 'Rated.', ...body },
    token,
  });
const state = async () => (await callSpec(ratingCalls.state, { query: { id: station.id, reading: 'H1' }, token: viewer.token })).data;
const rate = (at: string, values: number[], reverse = false) =>
  callSpec(reverse ? ratingCalls.reverse : ratingCalls.rate, {
    query: { id: station.id },
    body: { reading: 'H1', at, values },
    token: viewer.token,
  });
const expect422 = (res: { status: number; json: unknown; text: string }, fields: string[]) => {
  expect(res.status, res.text).toBe(422);
  expect(Object.keys((res.json as { errors: Record<string, string[]> }).errors)).toEqual(fields);
};

beforeAll(async () => {
  admin = await make.admin();
  viewer = await make.subject();
  station = await make.station({ viewers: [viewer] });
});

describe('rating versions', () => {
  it('refuses bad tables with a 422 naming the field, storing nothing', async () => {
    expect422(await version({ points: [{ stage: 1, discharge: 1 }] }), ['points']);
    expect422(
      await version({
        points: [
          { stage: 1, discharge: 5 },
          { stage: 2, discharge: 3 },
        ],
      }),
      ['points.1.discharge'],
    );
    expect422(
      await version({
        points: [
          { stage: 1, discharge: 1 },
          { stage: 1, discharge: 3 },
        ],
      }),
      ['points.1.stage'],
    );
    expect422(
      await version({
        points: [
          { stage: 1, discharge: 1, segment: 'log', offset: 1.2 },
          { stage: 2, discharge: 3 },
        ],
      }),
      ['points.0.segment.offset'],
    );
    expect422(
      await version({
        points: [
          { stage: 1, discharge: 1, segment: 'log' },
          { stage: 2, discharge: 3 },
        ],
      }),
      ['points.0.offset'],
    );
    expect422(await version({ reading: 'KCM' }), ['reading']);
    expect422(await version({ transition_from: '2025-12-01T00:00:00Z' }), ['transition_from']);
    expect((await state()).versions).toEqual([]);
  });

  it('takes a power-law point without a discharge at its law, and no other point without one', async () => {
    const river = await make.station({ viewers: [viewer] });
    const add = (points: z.input<typeof RatingPoint>[]) =>
      callSpec(ratingCalls.add, {
        query: { id: river.id },
        body: { reading: 'H1', from: jan, points, note: 'Rated.' },
        token: admin.token,
      });
    expect422(await add([{ stage: 0.5 }, { stage: 2, discharge: 20 }]), ['points.0.discharge']);
    // Q = 4 · (h − 0.2)^1.5 from 1.2 m: 4 m³/s at 1.2 m, 4 · 2.8^1.5 at 3 m.
    const added = await add([
      { stage: 1.2, segment: 'power', offset: 0.2, coefficient: 4, exponent: 1.5 },
      { stage: 3, discharge: 4 * 2.8 ** 1.5 },
    ]);
    expect(added.status, added.text).toBe(200);
    const kept = (await callSpec(ratingCalls.state, { query: { id: river.id, reading: 'H1' }, token: viewer.token })).data.versions[0];
    expect(kept.points[0]).toMatchObject({ stage: 1.2, discharge: 4, segment: 'power' });
    const rated = await callSpec(ratingCalls.rate, {
      query: { id: river.id },
      body: { reading: 'H1', at: jul, values: [2.2] },
      token: viewer.token,
    });
    expect(rated.data.values[0]).toBeCloseTo(4 * 2 ** 1.5, 12);
  });

  it('keeps versions, refuses overlapping ones without a transition, and logs each change', async () => {
    const first = await version({ to: jul });
    expect(first.status, first.text).toBe(200);
    expect422(await version({ from: '2026-03-01T00:00:00Z' }), ['from']);
    // The second version blends in over June: Q = 20 · h from July.
    const second = await version({
      from: jul,
      transition_from: jun,
      points: [
        { stage: 0, discharge: 0 },
        { stage: 4, discharge: 80 },
      ],
      note: 'Channel scoured.',
    });
    expect(second.status, second.text).toBe(200);
    expect((await state()).versions.map((v) => [v.from, v.to, v.transition_from])).toEqual([
      [jan, jul, null],
      [jul, null, jun],
    ]);
    const log = await callSpec(qualityCalls.log, { query: { id: station.id }, token: viewer.token });
    expect(log.data.filter((e) => e.action === 'rating')).toHaveLength(2);
  });

  it('answers the rating in effect at an instant, with the transition blend', async () => {
    const [first, second] = (await state()).versions;
    const at = async (instant: string) =>
      (await callSpec(ratingCalls.inEffect, { query: { id: station.id, reading: 'H1', at: instant }, token: viewer.token })).data;
    expect((await at('2026-03-01T00:00:00Z')).version?.id).toBe(first.id);
    expect(await at('2026-06-16T00:00:00Z')).toMatchObject({ version: { id: second.id }, previous: first.id, weight: 0.5 });
    expect((await at('2025-03-01T00:00:00Z')).version).toBeNull();
  });

  it('rates and reverse-rates a list of values at an instant', async () => {
    const march = await rate('2026-03-01T00:00:00Z', [0, 1, 2.5, 5]);
    expect(march.data).toEqual({
      version: (await state()).versions[0].id,
      values: [0, 10, 25, null],
      extrapolated: [false, false, false, false],
    });
    expect((await rate('2026-06-16T00:00:00Z', [2])).data.values).toEqual([30]);
    const back = (await rate('2026-08-01T00:00:00Z', [20, 60], true)).data.values;
    expect(back[0]).toBeCloseTo(1, 5);
    expect(back[1]).toBeCloseTo(3, 5);
  });

  it('rates 10,000 values in one call', async () => {
    const values = Array.from({ length: 10_000 }, (_, i) => (i / 10_000) * 4);
    const res = await rate('2026-03-01T00:00:00Z', values);
    expect(res.data.values).toHaveLength(10_000);
    expect(res.data.values[5000]).toBeCloseTo(20, 10);
  });

  it('leaves ratings to those with the quality control right', async () => {
    const res = await version({ from: '2027-01-01T00:00:00Z' }, viewer.token);
    expect(res.status).toBe(403);
  });
});

describe('shifts and gaugings', () => {
  it('shifts a version, refusing points out of order', async () => {
    const [, second] = (await state()).versions;
    const shift = (body: { at: string; points: { stage: number; shift: number }[]; version?: number }) =>
      callSpec(ratingCalls.shift, {
        query: { id: station.id },
        body: { version: second.id, note: 'Gravel bar.', ...body },
        token: admin.token,
      });
    expect422(
      await shift({
        at: '2026-08-01T00:00:00Z',
        points: [
          { stage: 2, shift: 0 },
          { stage: 1, shift: 0 },
        ],
      }),
      ['points.1.stage'],
    );
    expect422(await shift({ version: 999_999, at: '2026-08-01T00:00:00Z', points: [{ stage: 0, shift: 0.1 }] }), ['version']);
    expect((await shift({ at: '2026-08-01T00:00:00Z', points: [{ stage: 0, shift: 0.1 }] })).status).toBe(200);
    // Q = 20 · (h + 0.1) from August.
    expect((await rate('2026-09-01T00:00:00Z', [2])).data.values[0]).toBeCloseTo(42, 10);
  });

  it('records gaugings, each with its deviation from the rating and shift in effect then', async () => {
    const res = await callSpec(ratingCalls.gaugings, {
      query: { id: station.id },
      body: {
        gaugings: [
          {
            reading: 'H1',
            at: '2026-03-10T10:00:00Z',
            stage: 1.5,
            discharge: 16.5,
            method: 'ADCP',
            quality: 'good',
            measured_by: 'J. Novák',
          },
          { reading: 'H1', at: '2026-09-10T10:00:00Z', stage: 2, discharge: 40, method: 'current meter', measured_by: 'J. Novák' },
          { reading: 'H1', at: '2025-01-10T10:00:00Z', stage: 2, discharge: 40, method: 'current meter', measured_by: 'J. Novák' },
        ],
      },
      token: admin.token,
    });
    expect(res.status, res.text).toBe(200);
    // In time order, as kept.
    const [before, march, september] = res.data;
    expect(march.rated).toBeCloseTo(15, 10);
    expect(march.deviation).toBeCloseTo(10, 10);
    expect(september.rated).toBeCloseTo(42, 10);
    expect(september.deviation).toBeCloseTo(-4.761904, 5);
    expect(before).toMatchObject({ rated: null, deviation: null, version: null });
    expect((await state()).gaugings).toHaveLength(3);
  });

  it('refuses a gauging of a code that is not a stage, and a removal of what is not there', async () => {
    const bad = await callSpec(ratingCalls.gaugings, {
      query: { id: station.id },
      body: { gaugings: [{ reading: 'KCM', at: jan, stage: 1, discharge: 1, method: 'ADCP', measured_by: 'X' }] },
      token: admin.token,
    });
    expect422(bad, ['gaugings.0.reading']);
    const gone = await callSpec(ratingCalls.ungauge, { query: { id: station.id }, body: { id: 999_999, note: 'x' }, token: admin.token });
    expect(gone.status).toBe(404);
  });

  it('removes a version with its shifts, but not one another blends out of', async () => {
    const [first, second] = (await state()).versions;
    const remove = (id: number) =>
      callSpec(ratingCalls.remove, { query: { id: station.id }, body: { id, note: 'Wrong table.' }, token: admin.token });
    expect422(await remove(first.id), ['id']);
    expect((await remove(second.id)).status).toBe(200);
    expect((await state()).versions.map((v) => v.id)).toEqual([first.id]);
  });
});

describe('discharge as a derived series', () => {
  it('charts the corrected stage through the rating: extrapolated values suspect, rejected stages without a discharge', async () => {
    const river = await make.station({ viewers: [viewer], token: true });
    const start = '2026-09-10T08:00:00Z';
    expect((await ingest('danes', river.token, { rows: series(start, 10, [1.85, 1.9, 1.95, 2, 2.05, 2.1]) })).status).toBe(200);
    const added = await callSpec(ratingCalls.add, {
      query: { id: river.id },
      body: {
        reading: 'H1',
        from: jan,
        out_of_range: 'extrapolate',
        points: [
          { stage: 0, discharge: 0 },
          { stage: 2, discharge: 20 },
        ],
        note: 'Rated.',
      },
      token: admin.token,
    });
    expect(added.status, added.text).toBe(200);
    const flag = async (at: string, flag: 'rejected' | 'suspect') => {
      const res = await callSpec(qualityCalls.flag, {
        query: { id: river.id },
        body: { reading: 'H1', from: at, to: at, flag, note: 'Checked on site.' },
        token: admin.token,
      });
      expect(res.status, res.text).toBe(200);
    };
    await flag('2026-09-10T08:10:00Z', 'rejected');
    await flag('2026-09-10T08:20:00Z', 'suspect');
    const res = await callSpec(telemetryCalls.chart, {
      query: { id: river.uniqueId, from: '2026-09-10', to: '2026-09-10', format: 'columns' },
      token: viewer.token,
    });
    expect(res.status, res.text).toBe(200);
    const { data, flags } = res.data as {
      data: Record<string, { t: number[]; v: number[] }>;
      flags: Record<string, { t: number[]; q: number[] }>;
    };
    const at = (minutes: number) => Date.parse(start) + minutes * 60_000;
    expect(data.H1_discharge.t).toEqual([0, 20, 30, 40, 50].map(at));
    data.H1_discharge.v.forEach((v, i) => expect(v).toBeCloseTo([18.5, 19.5, 20, 20.5, 21][i], 10));
    // A suspect stage gives a suspect discharge; beyond the table's 2 m it is extrapolated, so suspect too.
    const suspect = flags.H1_discharge.t.filter((_, i) => flags.H1_discharge.q[i] === 1);
    expect(suspect).toEqual([20, 40, 50].map(at));
    // Nor does a reading without a rating give a discharge, or a well without a reference an elevation.
    expect(Object.keys(data).sort()).toEqual(['H1', 'H1_discharge']);
    // A new stage reaches open pages with its discharge, beyond the table suspect.
    const watcher = await watch(viewer, [river.uniqueId]);
    await watcher.next('subscribed');
    expect((await ingest('danes', river.token, { rows: series('2026-09-10T09:00:00Z', 10, [1.95, 2.15]) })).status).toBe(200);
    const message = await watcher.next('readings');
    const discharge = (message.rows as Record<string, string | number>[]).filter((r) => r.data_name === 'H1_discharge');
    expect(discharge.map(({ data_value, flag }) => [data_value, flag])).toEqual([
      [expect.closeTo(19.5, 9), undefined],
      [expect.closeTo(21.5, 9), 'suspect'],
    ]);
    watcher.socket.close();
  });
});

describe('traceability', () => {
  it('names for every exported discharge the version that rated it, the one blending into it, and the shift it applied', async () => {
    const river = await make.station({ viewers: [viewer], token: true, timezone: 'UTC' });
    const add = (from: string, points: { stage: number; discharge: number }[], transition_from?: string) =>
      callSpec(ratingCalls.add, {
        query: { id: river.id },
        body: { reading: 'H1', from, transition_from, points, note: 'Rated.' },
        token: admin.token,
      });
    const first = await add('2026-03-01T00:00:00Z', table);
    const later = await add(
      '2026-03-02T00:00:00Z',
      [
        { stage: 0, discharge: 0 },
        { stage: 4, discharge: 80 },
      ],
      '2026-03-01T12:00:00Z',
    );
    expect([first.status, later.status]).toEqual([200, 200]);
    const [v1, v2] = [first.data.id, later.data.id];
    const shifted = await callSpec(ratingCalls.shift, {
      query: { id: river.id },
      body: { version: v2, at: '2026-03-02T00:00:00Z', points: [{ stage: 0, shift: 0.1 }], note: 'Bar.' },
      token: admin.token,
    });
    expect(shifted.status, shifted.text).toBe(200);
    // 06:00 in the first version alone, 18:00 halfway through the blend, 06:00 the next day in the second with its shift.
    const times = ['2026-03-01T06:00:00Z', '2026-03-01T18:00:00Z', '2026-03-02T06:00:00Z'];
    for (const t of times) expect((await ingest('danes', river.token, { rows: series(t, 10, [2]) })).status).toBe(200);
    const exported = await callSpec(telemetryCalls.readings, {
      query: { id: river.uniqueId, from: '2026-03-01', to: '2026-03-02', corrected: true },
      token: viewer.token,
    });
    expect(exported.status, exported.text).toBe(200);
    expect(exported.data.corrected?.H1_discharge.t).toEqual(times.map(Date.parse));
    expect(exported.data.rating).toEqual({ H1_discharge: { version: [v1, v2, v2], previous: [null, v1, null], shift: [0, 0, 0.1] } });
    const plain = await callSpec(telemetryCalls.readings, {
      query: { id: river.uniqueId, from: '2026-03-01', to: '2026-03-02' },
      token: viewer.token,
    });
    expect(plain.data).not.toHaveProperty('rating');
  });
});

describe('rating files', () => {
  it('adds a version from an RDB file (feet become metres), refuses a file that is not one, and exports both ways', async () => {
    const gauge = await make.station({ viewers: [viewer] });
    const rdb = [
      '# //RATING EXPANSION="logarithmic"',
      '# //RATING OFFSET1=2.000000E+00',
      '# //RATING_INDEP ROUNDING="????" PARAMETER="Gage height (ft)"',
      'INDEP\tSHIFT\tDEP\tSTOR',
      '16N\t16N\t16N\t1S',
      '2.50\t0.00\t27.90\t*',
      '2.58\t0.00\t39.80\t',
    ].join('\n');
    const add = (format: 'rdb' | 'csv', text: string, from = jan) =>
      callSpec(ratingCalls.import, {
        query: { id: gauge.id },
        body: { reading: 'H1', from, format, text, note: 'From the USGS.' },
        token: admin.token,
      });
    expect422(await add('rdb', 'stage,discharge\n1,2\n'), ['text']);
    const imported = await add('rdb', rdb);
    expect(imported.status, imported.text).toBe(200);
    expect(imported.data.points[0].stage).toBeCloseTo(0.762, 10);
    expect(imported.data.points[0]).toMatchObject({ segment: 'log' });
    expect(imported.data.points[1].discharge).toBeCloseTo(39.8 * 0.028316846592, 10);
    const fromCsv = await add('csv', 'stage,discharge\n0,0\n2,20\n', jul);
    expect(fromCsv.status, fromCsv.text).toBe(200);
    const exported = async (format: 'csv' | 'rdb', version: number) =>
      (await callSpec(ratingCalls.export, { query: { id: gauge.id, version, format, step: 0.5 }, token: viewer.token })).data;
    const csv = await exported('csv', fromCsv.data.id);
    expect(csv.filename).toMatch(/\.csv$/);
    expect(csv.text).toBe('stage,discharge,segment,offset,coefficient,exponent\n0,0,linear,,,\n2,20,linear,,,\n');
    const expanded = (await exported('rdb', fromCsv.data.id)).text.split('\n');
    expect(expanded).toContain('INDEP\tSHIFT\tDEP\tSTOR');
    expect(expanded.filter((l) => /^\d+\./.test(l))).toEqual([
      '0.000\t0.000\t0.00000\t*',
      '0.500\t0.000\t5.00000\t',
      '1.000\t0.000\t10.0000\t',
      '1.500\t0.000\t15.0000\t',
      '2.000\t0.000\t20.0000\t*',
    ]);
    const missing = await callSpec(ratingCalls.export, { query: { id: gauge.id, version: 999_999, format: 'csv' }, token: viewer.token });
    expect(missing.status).toBe(404);
  });
});
