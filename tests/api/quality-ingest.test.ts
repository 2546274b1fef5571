/** Quality at ingest: physical limits and the future margin refuse, automatic checks flag, approved data are locked, a fast clock cannot silence the rules. */
import { describe, expect, it } from 'vitest';
import { alarmRuleCalls } from '../../worker/contracts/alarms';
import { qualityCalls } from '../../worker/contracts/quality';
import { sourceRow } from '../../worker/contracts/telemetry';
import { addRule, alarmsOf, floodStation, series, watchedStation } from '../support/alarms';
import { callSpec } from '../support/client';
import { make } from '../support/make';
import { dirtyOf, ingest, storedOf, testingOf } from '../support/telemetry';

const minute = 60_000;
const danes = (reading: string, value: unknown, date: string) => ({ data_name: reading, data_value: value, date });
/** A time `minutes` from now, to the second (stations send whole seconds). */
const fromNow = (minutes: number) => new Date(Math.floor((Date.now() + minutes * minute) / 1000) * 1000).toISOString();

const flagsOf = async (token: string, id: number, reading: string, from: string, to: string) =>
  (await callSpec(qualityCalls.flags, { token, query: { id, reading, from, to } })).data;

describe('physical limits and the future margin', () => {
  const cases: [string, unknown, RegExp][] = [
    ['a groundwater level of 1e308 m', danes('H1', 1e308, '2026-02-01T00:10:00Z'), /physical limits of H1/],
    ['an air temperature of -1.7e308', danes('_T', -1.7e308, '2026-02-01T00:10:00Z'), /physical limits of _T \(-90 to 60 °C\)/],
    ['a humidity of 250 %', danes('RV', 250, '2026-02-01T00:10:00Z'), /physical limits of RV/],
    ['a negative conductivity', danes('KCM', -3, '2026-02-01T00:10:00Z'), /physical limits of KCM/],
    ['a disconnected probe at -999 °C', danes('_TX', '-999', '2026-02-01T00:10:00Z'), /physical limits/],
    ['a reading 12 hours ahead', danes('H1', 2, fromNow(12 * 60)), /in the future: more than 10 minutes after the server's clock/],
    ['a reading 11 minutes ahead', danes('H1', 2, fromNow(11)), /in the future/],
  ];
  for (const [what, bad, message] of cases) {
    it(`refuses ${what} with a 422 naming the row, storing nothing`, async () => {
      const station = await make.station({ token: true });
      const good = danes('H1', 1, '2026-02-01T00:00:00Z');
      const res = await ingest('danes', station.token, { rows: [good, good, bad] });
      expect(res.status).toBe(422);
      expect(Object.keys(res.json.errors)).toEqual(['rows.2']);
      expect(res.json.errors['rows.2'][0]).toMatch(message);
      expect(await storedOf(station.id)).toEqual([]);
      expect(await dirtyOf(station.id)).toEqual([]);
    });
  }

  it('takes a clock a few minutes fast, and history from any time since EARLIEST_READING', async () => {
    const station = await make.station({ token: true });
    const res = await ingest('danes', station.token, {
      rows: [danes('H1', 1, fromNow(9)), danes('H1', 1, '1995-06-01T00:00:00Z'), danes('RV', 100, '2026-02-01T00:00:00Z')],
    });
    expect(res.status, res.text).toBe(200);
    expect(res.data.accepted).toBe(3);
  });
});

describe('a fast station clock cannot silence the alarm rules', () => {
  it('fires on a current flood reading right after a refused 12-hours-ahead one', async () => {
    const { station, post } = await floodStation();
    expect((await post([danes('H1', 2, fromNow(12 * 60))])).status).toBe(422);
    expect((await post([danes('H1', 3.5, fromNow(-1))])).status).toBe(200);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'active', value: 3.5 }]);
  });

  it('fires on a current flood reading when a far-future reading got stored anyway (an older release, a legacy copy)', async () => {
    const { station, post } = await floodStation();
    await testingOf(station.id).storeUnchecked([{ reading: 'H1', ts: Date.now() + 12 * 3_600_000, value: 2 }]);
    expect((await post([danes('H1', 2.5, fromNow(-2))])).status).toBe(200);
    expect((await post([danes('H1', 3.5, fromNow(-1))])).status).toBe(200);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'active', value: 3.5 }]);
  });

  it('fires on a current flood reading after one stamped within the margin ahead of it', async () => {
    const { station, post } = await floodStation();
    expect((await post([danes('H1', 2, fromNow(9))])).status).toBe(200);
    expect((await post([danes('H1', 3.5, fromNow(-1))])).status).toBe(200);
    expect(await alarmsOf(station.id)).toMatchObject([{ state: 'active', value: 3.5 }]);
  });

  it('fires a no-data rule for a silent station even when a reading is stamped ahead of the clock', async () => {
    const { admin, station, token } = await watchedStation();
    await addRule(admin, { item_id: station.id, kind: 'no_data', silence_minutes: 60 });
    await ingest('danes', token, { rows: [danes('H1', 2, fromNow(-180))] });
    await testingOf(station.id).storeUnchecked([{ reading: 'H1', ts: Date.now() + 12 * 3_600_000, value: 2 }]);
    const { runCron } = await import('../support/telemetry');
    await runCron();
    expect(await alarmsOf(station.id)).toMatchObject([{ kind: 'no_data', state: 'active' }]);
  });
});

describe('automatic checks on arrival', () => {
  it('flag a spike, a value out of the soft limits and a flat line as suspect, storing every reading', async () => {
    const { viewer, station, token } = await watchedStation();
    const admin = await make.admin();
    // 10-minute levels around 2 m with a spike to 9 m at 00:30; humidity stuck at 100 % for 13 hours; one air temperature of 50 °C.
    const levels = [2, 2.01, 2.02, 9, 2.03, 2.02, 2.04];
    const rows = [
      ...series('2026-05-01T00:00:00Z', 10, levels),
      ...series(
        '2026-05-01T00:00:00Z',
        60,
        Array.from({ length: 14 }, () => 100),
        'RV',
      ),
      ...series('2026-05-01T12:00:00Z', 10, [21, 50, 21.5], '_T'),
    ];
    const res = await ingest('danes', token, { rows });
    expect(res.status, res.text).toBe(200);
    expect(res.data).toEqual({ accepted: rows.length, duplicates: 0 });
    expect(await storedOf(station.id)).toHaveLength(rows.length);

    const day = ['2026-05-01T00:00:00Z', '2026-05-01T23:59:59Z'] as const;
    expect(await flagsOf(viewer.token, station.id, 'H1', ...day)).toEqual([
      { t: Date.parse('2026-05-01T00:30:00Z'), flag: 'suspect', reason: 'step' },
    ]);
    // 12 hours of the same humidity make it a flat line from the 13th reading on (the first is where the run began).
    expect(await flagsOf(viewer.token, station.id, 'RV', ...day)).toEqual([
      { t: Date.parse('2026-05-01T12:00:00Z'), flag: 'suspect', reason: 'flat' },
      { t: Date.parse('2026-05-01T13:00:00Z'), flag: 'suspect', reason: 'flat' },
    ]);
    expect(await flagsOf(viewer.token, station.id, '_T', ...day)).toEqual([
      { t: Date.parse('2026-05-01T12:10:00Z'), flag: 'suspect', reason: 'range' },
    ]);

    // The audit log has one automatic entry per code that flagged something.
    const log = await callSpec(qualityCalls.log, { token: admin.token, query: { id: station.id } });
    expect(log.data.map((e) => [e.action, e.reading, e.count, e.by]).sort()).toEqual([
      ['auto', 'H1', 1, null],
      ['auto', 'RV', 2, null],
      ['auto', '_T', 1, null],
    ]);
  });

  it('measure a backfilled reading against the readings stored around it', async () => {
    const { viewer, station, token } = await watchedStation();
    await ingest('danes', token, { rows: series('2026-05-02T00:00:00Z', 10, [2, 2.01, 2.02, 2.03]) });
    // Into the gap at 00:15: a jump is flagged, a value in line is not.
    await ingest('danes', token, { rows: [sourceRow('DANES', { reading: 'H1', ts: Date.parse('2026-05-02T00:15:00Z'), value: 7 })] });
    await ingest('danes', token, { rows: [sourceRow('DANES', { reading: 'H1', ts: Date.parse('2026-05-02T00:05:00Z'), value: 2.005 })] });
    expect(await flagsOf(viewer.token, station.id, 'H1', '2026-05-02T00:00:00Z', '2026-05-02T01:00:00Z')).toEqual([
      { t: Date.parse('2026-05-02T00:15:00Z'), flag: 'suspect', reason: 'step' },
    ]);
  });

  it('measure a newer batch against the stored readings before it when the object has not kept where they end', async () => {
    const { viewer, station, token } = await watchedStation();
    const admin = await make.admin();
    const checkH1 = (max_step: number | null) =>
      callSpec(qualityCalls.checks, {
        query: { id: station.id },
        body: { checks: [{ reading: 'H1', soft_min: 0, soft_max: 10, max_step, max_rate: null, flat_minutes: null }] },
        token: admin.token,
      });
    // Limits alone need no history, so nothing of this series is kept in memory …
    expect((await checkH1(null)).status).toBe(200);
    await ingest('danes', token, { rows: series('2026-05-03T00:00:00Z', 10, [2, 2.01, 2.02, 2.03]) });
    // … and the step check, turned on, reads where it ends from storage: 9 m after 2.03 m is a jump.
    expect((await checkH1(1)).status).toBe(200);
    await ingest('danes', token, { rows: series('2026-05-03T00:40:00Z', 10, [9, 2.04]) });
    expect(await flagsOf(viewer.token, station.id, 'H1', '2026-05-03T00:00:00Z', '2026-05-03T01:00:00Z')).toEqual([
      { t: Date.parse('2026-05-03T00:40:00Z'), flag: 'suspect', reason: 'step' },
    ]);
  });

  it('cost no row of their own for a clean report, and one per suspect reading (plus its log entry)', async () => {
    const { station, token } = await watchedStation();
    const report = (at: string, h1: number) =>
      ['H1', 'KCM', 'RV', '_T', 'POWER'].map((code, i) => danes(code, code === 'H1' ? h1 : [0, 0.6, 60, 10, 12.8][i], at));
    const { env } = await import('cloudflare:workers');
    const { stationOf } = await import('../../worker/station/directory');
    const { batchOf } = await import('../../worker/station/batch');
    const ingestDirect = (rows: ReturnType<typeof report>) =>
      stationOf(env, station.id).ingest(
        { id: station.id, uniqueId: station.uniqueId, source: 'DANES', timezone: 'Europe/Prague' },
        batchOf(rows.map((r) => ({ reading: r.data_name, ts: Date.parse(r.date), value: r.data_value as number }))),
      );
    await ingest('danes', token, { rows: report('2026-05-03T00:00:00Z', 2) });
    const clean = await ingestDirect(report('2026-05-03T00:10:00Z', 2.01));
    expect(clean.rowsWritten).toBe(1);
    const spiked = await ingestDirect(report('2026-05-03T00:20:00Z', 8));
    expect(spiked.rowsWritten).toBe(3);
  });

  it('follow the station’s own settings once saved, and the catalogue’s for the codes it left alone', async () => {
    const { viewer, station, token } = await watchedStation();
    const admin = await make.admin();
    const saved = await callSpec(qualityCalls.checks, {
      query: { id: station.id },
      body: { checks: [{ reading: 'H1', soft_min: 0, soft_max: 3, max_step: null, max_rate: null, flat_minutes: null }] },
      token: admin.token,
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.data.checks.find((c) => c.reading === 'H1')).toEqual({
      reading: 'H1',
      soft_min: 0,
      soft_max: 3,
      max_step: null,
      max_rate: null,
      flat_minutes: null,
    });
    expect(saved.data.checks.find((c) => c.reading === 'RV')).toEqual(saved.data.defaults.find((c) => c.reading === 'RV'));
    await ingest('danes', token, { rows: series('2026-05-04T00:00:00Z', 10, [2, 3.5, 9]) });
    expect(await flagsOf(viewer.token, station.id, 'H1', '2026-05-04T00:00:00Z', '2026-05-04T01:00:00Z')).toEqual([
      { t: Date.parse('2026-05-04T00:10:00Z'), flag: 'suspect', reason: 'range' },
      { t: Date.parse('2026-05-04T00:20:00Z'), flag: 'suspect', reason: 'range' },
    ]);
  });
});

describe('alarm rules and flags', () => {
  it('fire on suspect readings by default, and not when the rule says so', async () => {
    const { admin, station, token } = await watchedStation();
    // A jump from 2 m to 3.5 m in 10 minutes is a suspect step (largest step 1 m).
    const takes = await addRule(admin, { item_id: station.id, kind: 'above', reading: 'H1', threshold: 3 });
    const skips = await callSpec(alarmRuleCalls.save, {
      body: { item_id: station.id, kind: 'above', reading: 'H1', threshold: 3, on_suspect: false },
      token: admin.token,
    });
    expect(skips.data.on_suspect).toBe(false);
    expect(takes.on_suspect).toBe(true);
    await ingest('danes', token, { rows: series('2026-05-05T00:00:00Z', 10, [2, 3.5]) });
    expect((await alarmsOf(station.id)).map((a) => a.rule_id)).toEqual([takes.id]);
    // The level stays up: after four readings off by a step it is taken as the new level, and the next one in line
    // with it is not suspect, so the careful rule fires too.
    await ingest('danes', token, { rows: series('2026-05-05T00:20:00Z', 10, [3.6, 3.7, 3.8]) });
    expect((await alarmsOf(station.id)).map((a) => a.rule_id)).toEqual([takes.id]);
    await ingest('danes', token, { rows: series('2026-05-05T00:50:00Z', 10, [3.9]) });
    expect((await alarmsOf(station.id)).map((a) => a.rule_id).sort()).toEqual([takes.id, skips.data.id].sort());
  });
});

describe('approved data are locked', () => {
  it('refuses new readings into an approved stretch with a 422 naming the row, but takes a repeated one', async () => {
    const { station, token } = await watchedStation();
    const admin = await make.admin();
    await ingest('danes', token, { rows: series('2026-05-06T08:00:00Z', 10, [2, 2.1]) });
    const approved = await callSpec(qualityCalls.approve, { query: { id: station.id }, body: { to: '2026-05-06' }, token: admin.token });
    expect(approved.status, approved.text).toBe(200);
    const again = await ingest('danes', token, { rows: series('2026-05-06T08:00:00Z', 10, [2]) });
    expect(again.data).toEqual({ accepted: 0, duplicates: 1 });
    // The approval reaches the newest stored reading (08:10), not the end of the day: a gap before it is locked.
    const late = await ingest('danes', token, {
      rows: [...series('2026-05-07T08:00:00Z', 10, [2]), ...series('2026-05-06T08:05:00Z', 10, [2.2])],
    });
    expect(late.status).toBe(422);
    expect(Object.keys(late.json.errors)).toEqual(['rows.1']);
    expect(late.json.errors['rows.1'][0]).toMatch(/approved up to 2026-05-06T08:10:00.001Z/);
    expect(await storedOf(station.id)).toHaveLength(2);
    expect((await ingest('danes', token, { rows: series('2026-05-06T09:00:00Z', 10, [2.2]) })).status).toBe(200);
  });
});
