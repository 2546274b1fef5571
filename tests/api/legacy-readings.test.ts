import { describe, expect, it } from 'vitest';
import { legacyCalls, type LegacyCopyStep } from '../../worker/contracts/legacy';
import { callSpec } from '../support/client';
import { make } from '../support/make';
import { monthStatsOf, statsOf } from '../support/rollup';
import { ingest, rawAll, runCron, storedOf } from '../support/telemetry';

/** Runs the copy to the end as `npm run migrate:readings` does, in small steps; returns each station's totals. */
async function copyAll(token: string, limit: number) {
  const totals = new Map<number, LegacyCopyStep['totals']>();
  let after: number | undefined;
  let copied = 0;
  for (let guard = 0; guard < 1000; guard++) {
    const res = await callSpec(legacyCalls.copy, { token, query: { limit, after } });
    expect(res.status).toBe(200);
    const step = res.data;
    if (!step.station) return { totals, copied };
    copied += step.copiedNow;
    if (step.totals) {
      totals.set(step.station.id, step.totals);
      after = step.station.id;
    }
  }
  throw new Error('the copy did not finish');
}

const legacyRow = (itemId: number, reading: string, ts: number, value: number) =>
  rawAll('INSERT INTO legacy_readings (item_id, reading, ts, value) VALUES (?, ?, ?, ?)', itemId, reading, ts, value);

describe('copying an older database’s D1 readings into the station objects', () => {
  it('loses nothing, counts what was already there, and can run twice', async () => {
    const admin = await make.admin();
    const first = await make.station();
    const second = await make.station({ source: 'UNIWAN', timezone: 'America/New_York' });
    const start = Date.parse('2025-03-01T00:00:00Z');
    const expected: { reading: string; ts: number; value: number }[] = [];
    // Several codes at one time, so slices of 5 cut through a report.
    for (let i = 0; i < 12; i++) {
      for (const [c, code] of ['H1', 'KCM', 'POWER'].entries()) {
        const row = { reading: code, ts: start + i * 600_000, value: i * 10 + c + 0.125 };
        await legacyRow(first.id, row.reading, row.ts, row.value);
        expected.push(row);
      }
    }
    for (let i = 0; i < 4; i++) await legacyRow(second.id, 'pressure', start + i * 3_600_000, 1000 + i);
    // One of the second station's readings was posted again after the move, before the copy ran.
    await ingest('uniwan', await make.importerToken(), {
      unique_id: second.uniqueId,
      rows: [{ value_id: 'pressure', value: 1000, timestamp: new Date(start).toISOString() }],
    });

    const run = await copyAll(admin.token, 5);
    expect(run.copied).toBe(40);
    expect(run.totals.get(first.id)).toEqual({ legacy: 36, copied: 36, accepted: 36, duplicates: 0, inObject: 36 });
    expect(run.totals.get(second.id)).toEqual({ legacy: 4, copied: 4, accepted: 3, duplicates: 1, inObject: 4 });
    expect(await storedOf(first.id)).toEqual(expected.sort((a, b) => a.ts - b.ts || (a.reading < b.reading ? -1 : 1)));

    const again = await copyAll(admin.token, 5);
    expect(again.copied).toBe(0);
    expect(again.totals).toEqual(run.totals);
    expect(await storedOf(first.id)).toHaveLength(36);

    // The copied days reach the dashboard's roll-up like any ingest.
    await runCron();
    // 2025-03 lies past the fold age (ROLLUP_FOLD_AFTER_DAYS): its one day with readings is rolled up as its month.
    const [day] = [...(await statsOf(first.id)), ...(await monthStatsOf(first.id))].filter(
      (s) => s.reading === 'H1' && ['2025-03-01', '2025-03'].includes(s.day),
    );
    expect(day.count).toBe(12);
  });

  it('is for administrators only', async () => {
    const user = await make.subject();
    expect((await callSpec(legacyCalls.copy, { query: {}, token: user.token })).status).toBe(403);
    expect((await callSpec(legacyCalls.copy, { query: {} })).status).toBe(401);
  });
});
