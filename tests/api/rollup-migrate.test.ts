/**
 * A database of before migration 0007 keeps its roll-up in `daily_stats` (a row per station, code and day): `npm run
 * migrate:rollup` (`POST /rest/rollup/migrate`, a few stations per call) and the cron move it into the new rows
 * without losing a day, and what a station's object wrote since, from raw, wins.
 */
import { describe, expect, it } from 'vitest';
import { addDays, localDay } from '../../shared/station-time';
import { Health, RollupMigrateStep } from '../../worker/contracts/rollup';
import { Dashboard } from '../../worker/contracts/telemetry';
import { get, post } from '../support/api';
import { make } from '../support/make';
import { expectSameStats, monthStatsOf, recomputeFromRaw, statsOf, type Stat } from '../support/rollup';
import { ingest, rawAll, runCron } from '../support/telemetry';

const zone = 'Europe/Prague';
const today = localDay(Date.now(), zone);

/** The rows the old roll-up held of a station's days: one per code and day. */
async function legacyRows(itemId: number, stats: Stat[]) {
  for (const s of stats) {
    await rawAll(
      'INSERT INTO daily_stats (item_id, reading, day, count, min, max, sum, first_ts, last_ts, last_value) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)',
      itemId,
      s.reading,
      s.day,
      s.count,
      s.min,
      s.max,
      s.sum,
      s.first_ts,
      s.last_ts,
      s.last_value,
    );
  }
}

describe('moving the roll-up of before migration 0007', () => {
  it('loses no day, folds days past the fold age, and lets rows a station object wrote since win', async () => {
    const admin = await make.admin();
    const stations = [await make.station({ timezone: zone, token: true }), await make.station({ timezone: zone, token: true })];
    const days = [addDays(today, -500), addDays(today, -499), addDays(today, -40), addDays(today, -39), addDays(today, -3)];
    const expected = new Map<number, Stat[]>();
    for (const station of stations) {
      // The readings are in the station's object; the old roll-up held their days. Build both, then drop the new rows
      // as a database of before 0007 would not have them.
      const rows = days.flatMap((day, d) =>
        [0, 6, 12].flatMap((h) => [
          { data_name: 'H1', data_value: d + h / 4, date: `${day}T${String(h).padStart(2, '0')}:15:00` },
          { data_name: 'SRA1H', data_value: (h + d) / 4, date: `${day}T${String(h).padStart(2, '0')}:15:00` },
        ]),
      );
      await ingest('danes', station.token, { rows });
      await runCron();
      const stats = await recomputeFromRaw(station.id, zone);
      expected.set(station.id, stats);
      await legacyRows(station.id, stats);
    }
    const range = `from=${addDays(today, -510)}&to=${today}`;
    const dashboardNow = async () => (await get(`/rest/api?${range}`, { token: admin.token, reply: Dashboard })).data.danes;
    const before = await dashboardNow();
    await rawAll('DELETE FROM station_days');
    await rawAll('DELETE FROM station_months');
    // Since the deploy, the first station reported again on its newest day: its object's row (from raw) must win.
    const [first] = stations;
    await ingest('danes', first.token, { rows: [{ data_name: 'H1', data_value: 99, date: `${days[4]}T20:00:00` }] });
    await runCron();
    expect((await get('/rest/health', { token: admin.token, reply: Health })).data.rollup).toMatchObject({ legacy_stations: 0 });
    // runCron moved them already (the cron does it too); put the old rows back to drive the command's call.
    await rawAll('DELETE FROM station_days WHERE id / 100000 <> ?', first.id);
    await rawAll('DELETE FROM station_months');
    for (const station of stations) await legacyRows(station.id, expected.get(station.id)!);
    expect((await get('/rest/health', { token: admin.token, reply: Health })).data.rollup).toMatchObject({
      legacy_stations: 2,
      legacy_rows: 2 * expected.get(first.id)!.length,
    });

    const steps: RollupMigrateStep[] = [];
    for (let guard = 0; guard < 10; guard++) {
      const step = await post('/rest/rollup/migrate', undefined, { token: admin.token, reply: RollupMigrateStep });
      expect(step.status).toBe(200);
      steps.push(step.data);
      if (step.data.legacy_rows === 0) break;
    }
    expect(steps.at(-1)).toMatchObject({ legacy_rows: 0, legacy_stations: 0 });
    expect(steps.reduce((n, s) => n + s.stations, 0)).toBe(2);
    expect(await rawAll('SELECT count(*) AS n FROM daily_stats')).toEqual([{ n: 0 }]);

    // Old days past the fold age became their month's row; the rest are day rows equal to a recompute from raw.
    for (const station of stations) {
      const recent = (await recomputeFromRaw(station.id, zone)).filter((s) => s.day >= days[2]);
      expectSameStats(await statsOf(station.id), recent);
      expect((await monthStatsOf(station.id)).map((s) => s.day)).toContain(days[0].slice(0, 7));
    }
    // The newest day of the first station is its object's row (with the reading posted after the deploy).
    expect((await statsOf(first.id)).find((s) => s.day === days[4] && s.reading === 'H1')).toMatchObject({ count: 4, max: 99 });
    const after = await dashboardNow();
    expect(after[stations[1].uniqueId]).toEqual(before[stations[1].uniqueId]);
    expect(Date.parse(after[first.uniqueId].date!)).toBeGreaterThan(Date.parse(before[first.uniqueId].date!));
    expect(after[first.uniqueId]).toEqual({
      ...before[first.uniqueId],
      date: after[first.uniqueId].date,
      pocetMereni: before[first.uniqueId].pocetMereni + 1,
      max: { ...before[first.uniqueId].max, H1: 99 },
    });
  });
});
