/**
 * What the roll-up costs in D1 and how it behaves when reports come steadily, in bursts, with values that overflow,
 * and when one station's roll-up fails (docs/decisions/0015). Rows written are D1's own counters: the `rows_written`
 * of every statement, at ingest (through a counting binding) and in the station object's flushes (which add them up).
 */
import { runDurableObjectAlarm } from 'cloudflare:test';
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { Health } from '../../worker/contracts/rollup';
import { Dashboard } from '../../worker/contracts/telemetry';
import { createDb } from '../../worker/db/client';
import { selectRangeFigures } from '../../worker/db/daily-stats';
import { ingestRows } from '../../worker/domain/telemetry/ingest';
import { resolveIngestToken } from '../../worker/domain/telemetry/tokens';
import { stationOf } from '../../worker/station/directory';
import { get } from '../support/api';
import { make } from '../support/make';
import { expectSameStats, keySpan, recomputeFromRaw, statsOf } from '../support/rollup';
import {
  ingest,
  lastUpdateOf,
  pendingStations,
  rawAll,
  rollupStateOf,
  runCron,
  settleRollup,
  testingOf,
  workerCtx,
} from '../support/telemetry';

/** A D1 binding that adds up the rows each statement wrote, as D1 reports them (`meta.rows_written`). */
function countingD1(d1: D1Database, counter: { rows: number }): D1Database {
  const count = (result: D1Result) => {
    counter.rows += result.meta?.rows_written ?? 0;
    return result;
  };
  const statement = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, property) {
        if (property === 'bind') return (...values: unknown[]) => statement(target.bind(...values));
        if (property === 'run' || property === 'all') return async () => count(await target[property]());
        const value = Reflect.get(target, property);
        return typeof value === 'function' ? value.bind(target) : value;
      },
    });
  return new Proxy(d1, {
    get(target, property) {
      if (property === 'prepare') return (query: string) => statement(target.prepare(query));
      if (property === 'batch') return async (statements: D1PreparedStatement[]) => (await target.batch(statements)).map(count);
      const value = Reflect.get(target, property);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** Posts one report through the ingest verb on a counting D1, waiting for what it left for after the reply. */
async function postCounted(token: string, rows: unknown[], counter: { rows: number }) {
  const deferred: Promise<unknown>[] = [];
  const ctx = { ...workerCtx(), db: createDb(countingD1(env.DB, counter)), defer: (work: Promise<unknown>) => void deferred.push(work) };
  const caller = await resolveIngestToken(ctx, token);
  const result = await ingestRows({ ...ctx, caller }, { source: 'DANES', body: { rows } });
  await Promise.all(deferred);
  return result;
}

/** What ten minutes do to a station's object: its last flush is that much longer ago. */
const tenMinutesPass = (itemId: number) => testingOf(itemId).backdateFlush(600_000);

// Values 0 to 9.75, inside every code's physical limits (ingest refuses the rest).
const report = (ts: number, k: number) =>
  ['H1', 'KCM', 'RV', 'SRA1H', '_T', '_TX', 'POWER'].map((code, c) => ({
    data_name: code,
    data_value: ((k * 7 + c) % 40) / 4,
    date: new Date(ts).toISOString(),
  }));

describe('D1 rows per report', () => {
  it('are at most one in steady state, ingest and roll-up together, counted from D1 itself', async () => {
    const station = await make.station({ token: true });
    const start = Date.parse('2026-06-01T04:00:00Z');
    const atIngest = { rows: 0 };
    // The day's first report: the token's use of the day is written (once a day), the day's row too.
    await postCounted(station.token, report(start, 0), atIngest);
    await settleRollup(station.id);
    const before = await rollupStateOf(station.id);
    atIngest.rows = 0;
    // Then a report every 10 minutes, twice the roll-up period: each is flushed right after its reply, without the
    // object's alarm (no storage write beside the reading).
    const reports = 12;
    for (let k = 1; k <= reports; k++) {
      await tenMinutesPass(station.id);
      await postCounted(station.token, report(start + k * 600_000, k), atIngest);
      const state = await rollupStateOf(station.id);
      expect(state.dueAt).toBeNull();
      expect(state.flushes).toBe(before.flushes + k);
    }
    const after = await rollupStateOf(station.id);
    const rollupRows = after.d1RowsWritten - before.d1RowsWritten;
    expect(atIngest.rows).toBe(0);
    expect((atIngest.rows + rollupRows) / reports).toBeLessThanOrEqual(1);
    expect(rollupRows).toBe(reports);
    // Each report wrote its reading's row in the object and nothing else there (the day keeps its mark).
    expect(after.objectRowsWritten - before.objectRowsWritten).toBe(0);
    expect(await testingOf(station.id).alarmAt()).toBeNull();
    expectSameStats(await statsOf(station.id), await recomputeFromRaw(station.id, 'Europe/Prague'));
  });

  it('stay one when the local day turns: the finished day, written by its last flush, is not written again', async () => {
    const station = await make.station({ token: true });
    // Prague's day ends at 22:00 UTC in summer; the token's day (UTC) does not turn here.
    const lastOfDay = Date.parse('2026-06-02T21:50:00Z');
    const atIngest = { rows: 0 };
    await postCounted(station.token, report(lastOfDay - 600_000, 0), atIngest);
    await tenMinutesPass(station.id);
    await postCounted(station.token, report(lastOfDay, 1), atIngest);
    const before = await rollupStateOf(station.id);
    expect(before.marked).toEqual(['2026-06-02']);
    atIngest.rows = 0;
    await tenMinutesPass(station.id);
    await postCounted(station.token, report(lastOfDay + 600_000, 2), atIngest);
    const after = await rollupStateOf(station.id);
    expect(atIngest.rows).toBe(0);
    expect(after.flushes - before.flushes).toBe(1);
    expect(after.d1RowsWritten - before.d1RowsWritten).toBe(1);
    // The finished day's mark is cleared, the new day keeps its own.
    expect(after.marked).toEqual(['2026-06-03']);
    expectSameStats(await statsOf(station.id), await recomputeFromRaw(station.id, 'Europe/Prague'));
  });

  it('coalesces a burst: reports within one roll-up period cost one flush, one row per station-day', async () => {
    const station = await make.station({ token: true });
    const start = Date.parse('2026-06-10T00:00:00Z');
    await ingest('danes', station.token, { rows: report(start, 0) });
    await settleRollup(station.id);
    const before = await rollupStateOf(station.id);
    for (let k = 1; k <= 30; k++) await ingest('danes', station.token, { rows: report(start + k * 600_000, k) });
    // Within the period: one alarm set, nothing flushed yet.
    expect(await pendingStations()).toContain(station.id);
    expect((await rollupStateOf(station.id)).flushes).toBe(before.flushes);
    expect(await runDurableObjectAlarm(stationOf(env, station.id))).toBe(true);
    const after = await rollupStateOf(station.id);
    expect(after.flushes - before.flushes).toBe(1);
    expect(after.d1RowsWritten - before.d1RowsWritten).toBe(1);
  });
});

describe('last_update', () => {
  it('is the newest reading of a backlog posted in one burst, after one flush', async () => {
    const station = await make.station({ token: true });
    const start = Date.parse('2026-09-01T00:00:00Z');
    // A station that buffered three weeks posts them in one burst, a day per request.
    const days = 21;
    for (let d = 0; d < days; d++) {
      const rows = Array.from({ length: 144 }, (_, k) => report(start + d * 86_400_000 + k * 600_000, k)).flat();
      await ingest('danes', station.token, { rows });
    }
    const newest = start + (days - 1) * 86_400_000 + 143 * 600_000;
    // The first request's flush ran at once (taking what had arrived when it started); the rest waited for the period,
    // and one flush takes them all.
    expect(await lastUpdateOf(station.id)).toBe(newest);
    expect((await rollupStateOf(station.id)).flushes).toBeLessThanOrEqual(2);
    const item = await get('/rest/items', { token: (await make.admin()).token });
    expect(item.json.data.find((i: { id: number }) => i.id === station.id).last_update).toBe(new Date(newest).toISOString());
  });
});

describe('values at the edge of a double', () => {
  it('store a sum that overflows as what it is (±Inf round-trips), never leave the roll-up failing, and the next reading still rolls up', async () => {
    const station = await make.station({ token: true });
    const viewer = await make.admin();
    const day = '2026-07-01';
    const at = (hour: number) => Date.parse(`${day}T${String(hour).padStart(2, '0')}:00:00Z`);
    // Readings a physical-limit check at ingest might refuse are stored by the object as they are (here past every check,
    // through the testing facet), and the day is marked for re-roll as a flag edit would: whatever the object holds must roll up.
    const huge = 1.7e308;
    await ingest('danes', station.token, { rows: [{ data_name: 'H1', data_value: 1, date: new Date(at(1)).toISOString() }] });
    await settleRollup(station.id);
    const values = [
      [2, huge, -huge, 5e-324],
      [3, huge, -huge, -0],
      [4, 1, huge, Number.MIN_VALUE],
    ];
    await testingOf(station.id).storeUnchecked(
      values.flatMap(([hour, ...v]) => ['SRA1H', '_T', 'KCM'].map((reading, i) => ({ reading, ts: at(hour), value: v[i] }))),
    );
    await stationOf(env, station.id).rollup().touch([day]);
    await settleRollup(station.id);
    expect((await rollupStateOf(station.id)).failures).toBe(0);
    expect(await rawAll('SELECT item_id FROM rollup_failures WHERE item_id = ?', station.id)).toEqual([]);

    const key = station.id * keySpan + Date.parse(day) / 86_400_000;
    // SRA1H is slot 3, _T slot 4 of DANES: +Inf and a finite sum (−1.7e308 − 1.7e308 + 1.7e308) as SQLite holds them.
    const [row] = await rawAll<{ sm3: string; sm4: string; lo2: number; hi4: number }>(
      'SELECT quote(sm3) AS sm3, quote(sm4) AS sm4, lo2, hi4 FROM station_days WHERE id = ?',
      key,
    );
    expect(row.sm3).toBe('9.0e+999');
    expect(Number(row.sm4)).toBe(-huge - huge + huge);
    expect(row.hi4).toBe(huge);
    // Read back through the roll-up's own reader: ±Infinity, not null.
    const { byStation } = await selectRangeFigures(createDb(env.DB), {
      stations: [{ id: station.id, source: 'DANES' }],
      from: day,
      to: day,
    });
    expect(byStation.get(station.id)!.figures.SRA1H.sum).toBe(Infinity);
    // The documented reply has no ±Infinity: the overflowed total is null, the rest as it is.
    const dash = await get(`/rest/api?from=${day}&to=${day}`, { token: viewer.token, reply: Dashboard });
    const summary = dash.data.danes[station.uniqueId];
    expect(summary.sum).toEqual({ SRA1H: null });
    expect(summary.max).toMatchObject({ SRA1H: huge, _T: huge, H1: 1 });
    expect(summary.min._T).toBe(-huge);
    // SQLite keeps −0.0 as 0 (a REAL without a fraction is stored as an integer).
    expect(summary.min.KCM === 0).toBe(true);

    // The next reading still rolls up.
    await ingest('danes', station.token, { rows: [{ data_name: 'H1', data_value: 7, date: new Date(at(5)).toISOString() }] });
    await settleRollup(station.id);
    expect((await statsOf(station.id)).find((s) => s.reading === 'H1')).toMatchObject({ count: 2, max: 7 });
    expect(await lastUpdateOf(station.id)).toBe(at(5));
  });
});

describe('a station whose roll-up fails', () => {
  it('does not stop the others, is retried, and is counted in the health call', async () => {
    const admin = await make.admin();
    const [broken, fine] = [await make.station({ token: true }), await make.station({ token: true })];
    const start = Date.parse('2026-08-01T06:00:00Z');
    for (const station of [broken, fine]) await ingest('danes', station.token, { rows: report(start, 1) });
    await runCron();
    // What a flush that throws leaves behind: here a marked day no calendar has.
    await testingOf(broken.id).mark(['2026-02-30']);
    for (const station of [broken, fine]) await ingest('danes', station.token, { rows: report(start + 600_000, 2) });
    await runCron();

    expectSameStats(await statsOf(fine.id), await recomputeFromRaw(fine.id, 'Europe/Prague'));
    expect((await statsOf(fine.id))[0].count).toBe(2);
    const health = await get('/rest/health', { token: admin.token, reply: Health });
    expect(health.status).toBe(200);
    expect(health.data.rollup.failing).toBe(1);
    expect(health.data.rollup.stations).toMatchObject([{ id: broken.id, unique_id: broken.uniqueId }]);
    expect(health.data.rollup.stations[0].error).toContain('2026-02-30');
    expect(health.data.rollup.stations[0].attempts).toBeGreaterThanOrEqual(1);
    expect((await get('/rest/health', { token: (await make.subject()).token })).status).toBe(403);

    // Repaired, the object's own retry heals it and the health call counts nothing.
    await testingOf(broken.id).mark(['2026-02-30'], false);
    await runDurableObjectAlarm(stationOf(env, broken.id));
    await settleRollup(broken.id);
    expectSameStats(await statsOf(broken.id), await recomputeFromRaw(broken.id, 'Europe/Prague'));
    expect((await get('/rest/health', { token: admin.token, reply: Health })).data.rollup.failing).toBe(0);
  });
});
