import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { reconcileAllStations, retryFailingStations } from '../../worker/rollup/cron';
import { stationOf } from '../../worker/station/directory';
import { ItemRow } from '../../worker/contracts/items';
import { post } from '../support/api';
import { make } from '../support/make';
import { daysOf, expectSameStats, markDirty, randomRows, recomputeFromRaw, statsOf } from '../support/rollup';
import { ingest, pendingStations, rawAll, runCron, workerCtx } from '../support/telemetry';

// Stations whose object holds what D1 lacks (ingest marks nothing in D1: the object knows).
const markedStations = pendingStations;
// Stations on D1's list of failing roll-ups, which the cron retries.
const failingStations = () =>
  rawAll<{ item_id: number }>('SELECT item_id FROM rollup_failures ORDER BY item_id').then((r) => r.map((x) => x.item_id));

async function stationsWithData(n: number, seed: number) {
  const token = await make.importerToken();
  const stations = [];
  for (let i = 0; i < n; i++) {
    const station = await make.station();
    await ingest('danes', token, { unique_id: station.uniqueId, rows: randomRows('DANES', '2026-06-10T12:00:00Z', seed + i) });
    stations.push(station);
  }
  return { stations, token };
}

describe('roll-up runs', () => {
  it('calls only the stations whose readings changed since the last run', async () => {
    const { stations, token } = await stationsWithData(3, 10);
    await runCron();
    expect(await markedStations()).toEqual([]);
    await ingest('danes', token, { unique_id: stations[1].uniqueId, rows: randomRows('DANES', '2026-06-20T12:00:00Z', 77) });
    expect(await markedStations()).toEqual([stations[1].id]);
    // The daily reconciliation asks every station; only the one that changed flushes.
    const run = await reconcileAllStations(workerCtx());
    expect(run).toMatchObject({ flushed: 1, failed: 0, left: 0 });
    expect(run.d1RowsWritten).toBeGreaterThan(0);
    expect(await reconcileAllStations(workerCtx())).toMatchObject({ flushed: 0, d1RowsWritten: 0 });
  });

  it('leaves what does not fit one run to the next, and the result equals a recompute', async () => {
    await runCron();
    const { stations } = await stationsWithData(5, 20);
    await runCron();
    // What five failed flushes leave behind: their days marked in the objects, the stations listed as failing.
    for (const station of stations) await markDirty(station.id, await daysOf(station.id));
    const now = Date.now();
    expect(await retryFailingStations(workerCtx(), { now, limits: { maxStations: 2 } })).toMatchObject({ stations: 2, left: 3 });
    expect((await failingStations()).length).toBe(3);
    // The rest in one run, spread over two runner objects.
    expect(await retryFailingStations(workerCtx(), { now, limits: { perRunner: 2 } })).toMatchObject({ stations: 3, left: 0 });
    expect(await failingStations()).toEqual([]);
    for (const station of stations) expectSameStats(await statsOf(station.id), await recomputeFromRaw(station.id, 'Europe/Prague'));
  });

  it('rolls up a batch stored while its station was writing a run to D1, on the next run', async () => {
    const { stations, token } = await stationsWithData(1, 30);
    const [station] = stations;
    for (let round = 0; round < 5; round++) {
      const rows = randomRows('DANES', `2026-07-${String(10 + round * 3).padStart(2, '0')}T12:00:00Z`, 40 + round);
      await Promise.all([
        stationOf(env, station.id).rollup().flush({ id: station.id, timezone: 'Europe/Prague', source: 'DANES' }),
        ingest('danes', token, { unique_id: station.uniqueId, rows }),
      ]);
      await runCron();
      expectSameStats(await statsOf(station.id), await recomputeFromRaw(station.id, 'Europe/Prague'));
      expect(await markedStations()).toEqual([]);
    }
  });

  it("reckons every day anew in a station's new time zone", async () => {
    const admin = await make.admin();
    const station = await make.station();
    const rows = [
      // 23:30 in Prague on the 1st is 17:30 in New York; 01:30 on the 2nd in Prague is still the 1st there.
      { data_name: 'H1', data_value: 1, date: '2026-05-01T21:30:00Z' },
      { data_name: 'H1', data_value: 2, date: '2026-05-01T23:30:00Z' },
      { data_name: 'H1', data_value: 3, date: '2026-05-02T12:00:00Z' },
    ];
    await ingest('danes', await make.importerToken(), { unique_id: station.uniqueId, rows });
    await runCron();
    expect((await statsOf(station.id)).map((s) => [s.day, s.count])).toEqual([
      ['2026-05-01', 1],
      ['2026-05-02', 2],
    ]);
    const edit = await post(
      '/rest/items/edit',
      { Items: { id: station.id, name: station.name, unique_id: station.uniqueId, name_for_api: 'DANES', timezone: 'America/New_York' } },
      { token: admin.token, reply: ItemRow },
    );
    expect(edit.status).toBe(200);
    expect(await markedStations()).toContain(station.id);
    await runCron();
    expect((await statsOf(station.id)).map((s) => [s.day, s.count])).toEqual([
      ['2026-05-01', 2],
      ['2026-05-02', 1],
    ]);
    expectSameStats(await statsOf(station.id), await recomputeFromRaw(station.id, 'America/New_York'));
  });
});
