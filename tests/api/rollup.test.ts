import { env, runDurableObjectAlarm } from 'cloudflare:test';
import { describe, expect, it } from 'vitest';
import { stationOf } from '../../worker/station/directory';
import { daysOf, expectSameStats, keySpan, markDirty, randomRows, recomputeFromRaw, statsOf } from '../support/rollup';
import { make } from '../support/make';
import { dirtyOf, ingest, pendingStations, rawAll, rollupStateOf, runCron, testingOf } from '../support/telemetry';

describe('roll-up', () => {
  const cases = [
    { name: 'Prague, spring DST day (23 h)', source: 'DANES', zone: 'Europe/Prague', around: '2026-03-29T12:00:00Z' },
    { name: 'Prague, autumn DST day (25 h)', source: 'UNIWAN', zone: 'Europe/Prague', around: '2026-10-25T12:00:00Z' },
    { name: 'New York, its own spring DST day', source: 'DANES', zone: 'America/New_York', around: '2026-03-08T12:00:00Z' },
    { name: 'Kolkata (UTC+05:30)', source: 'UNIWAN', zone: 'Asia/Kolkata', around: '2026-06-15T12:00:00Z' },
  ] as const;

  it('equals a recompute from raw readings for every station, local day and code', async () => {
    const token = await make.importerToken();
    const stations = [];
    for (const [i, c] of cases.entries()) {
      const station = await make.station({ source: c.source, timezone: c.zone });
      const res = await ingest(c.source === 'DANES' ? 'danes' : 'uniwan', token, {
        unique_id: station.uniqueId,
        rows: randomRows(c.source, c.around, i + 1),
      });
      expect(res.status, c.name).toBe(200);
      stations.push({ station, ...c });
    }
    await runCron();
    for (const { station, zone, name } of stations) {
      const expected = await recomputeFromRaw(station.id, zone);
      expect(expected.length, name).toBeGreaterThan(10);
      expectSameStats(await statsOf(station.id), expected);
      // Only the newest day keeps its mark, for the reports still to come.
      expect(await dirtyOf(station.id), name).toEqual([
        expected
          .map((s) => s.day)
          .sort()
          .at(-1),
      ]);
    }
    expect(await pendingStations()).toEqual([]);
  });

  it('keeps the newest day marked between runs, rolls it up again when it changes and lets an older day go', async () => {
    const station = await make.station({ token: true });
    const post = (date: string, value: number) => ingest('danes', station.token, { rows: [{ data_name: 'H1', data_value: value, date }] });
    await post('2026-05-10T08:00:00Z', 1);
    await runCron();
    expect(await dirtyOf(station.id)).toEqual(['2026-05-10']);

    // Within the roll-up period of the last flush: the object's alarm flushes it (coalescing what comes meanwhile).
    await post('2026-05-10T08:10:00Z', 5);
    expect(await pendingStations()).toEqual([station.id]);
    await runCron();
    expect((await statsOf(station.id)).map((s) => [s.day, s.count, s.max])).toEqual([['2026-05-10', 2, 5]]);

    await post('2026-05-11T08:00:00Z', 7);
    await post('2026-05-09T08:00:00Z', 3);
    await runCron();
    expectSameStats(await statsOf(station.id), await recomputeFromRaw(station.id, 'Europe/Prague'));
    expect(await dirtyOf(station.id)).toEqual(['2026-05-11']);
    expect(await pendingStations()).toEqual([]);
  });

  it('counts 23 and 25 hours of readings on the Prague DST days', async () => {
    const station = await make.station();
    const token = await make.importerToken();
    for (const [from, hours] of [
      ['2026-03-28T23:00:00Z', 23],
      ['2026-10-24T22:00:00Z', 25],
    ] as const) {
      const rows = Array.from({ length: hours * 6 }, (_, i) => ({
        data_name: 'H1',
        data_value: i,
        date: new Date(Date.parse(from) + i * 600_000).toISOString(),
      }));
      expect((await ingest('danes', token, { unique_id: station.uniqueId, rows })).status).toBe(200);
    }
    await runCron();
    const stats = await statsOf(station.id);
    expect(stats.map((s) => [s.day, s.count])).toEqual([
      ['2026-03-29', 138],
      ['2026-10-25', 150],
    ]);
  });

  it("retries a refused flush from the object's alarm, and writes nothing to D1 when nothing changed", async () => {
    const station = await make.station({ token: true });
    await ingest('danes', station.token, { rows: [{ data_name: 'H1', data_value: 1, date: '2026-05-10T08:00:00Z' }] });
    await runCron();
    const written = async () => (await rollupStateOf(station.id)).d1RowsWritten;
    const before = await written();
    // The newest day keeps its mark in the object, yet an alarm wake-up alone must not write to D1.
    await testingOf(station.id).ringAlarm();
    expect(await written()).toBe(before);
    expect(await pendingStations()).toEqual([]);
    // What a flush that fails leaves behind: a marked day it cannot roll up. It is recorded and retried by the alarm.
    await testingOf(station.id).mark(['2026-13-01']);
    await stationOf(env, station.id).rollup().touch(['2026-05-10']);
    await rollupStateOf(station.id);
    await runDurableObjectAlarm(stationOf(env, station.id));
    expect((await rollupStateOf(station.id)).failures).toBeGreaterThan(0);
    expect(await rawAll('SELECT item_id FROM rollup_failures WHERE item_id = ?', station.id)).toEqual([{ item_id: station.id }]);
    expect(await pendingStations()).toEqual([station.id]);
    // Repaired, the next alarm flushes and takes the station off the list, in the same batch.
    await testingOf(station.id).mark(['2026-13-01'], false);
    expect(await runDurableObjectAlarm(stationOf(env, station.id))).toBe(true);
    // `failures` is what the object's storage holds: its count of failed flushes is gone too.
    expect(await rollupStateOf(station.id)).toMatchObject({ failures: 0, dueAt: null });
    expect(await rawAll('SELECT item_id FROM rollup_failures WHERE item_id = ?', station.id)).toEqual([]);
  });

  it('gives identical rows when run twice, and heals a day a failed run left dirty', async () => {
    const station = await make.station();
    const token = await make.importerToken();
    await ingest('danes', token, { unique_id: station.uniqueId, rows: randomRows('DANES', '2026-05-10T12:00:00Z', 99) });
    await runCron();
    const first = await statsOf(station.id);

    const days = await daysOf(station.id);
    await markDirty(station.id, days);
    await runCron();
    expect(await statsOf(station.id)).toEqual(first);

    // What an interrupted run leaves behind: a stale aggregate and its day still marked dirty.
    const slots = Array.from({ length: 7 }, (_, i) => `n${i} = iif(n${i} IS NULL, NULL, 1), hi${i} = iif(hi${i} IS NULL, NULL, 1e9)`).join(
      ', ',
    );
    await rawAll(`UPDATE station_days SET ${slots} WHERE id = ?`, station.id * keySpan + Date.parse('2026-05-10') / 86_400_000);
    await markDirty(station.id, ['2026-05-10']);
    await runCron();
    expect(await statsOf(station.id)).toEqual(first);
  });
});
