/**
 * Discharge in the roll-up (docs/ratings.md): its own day rows written by the station object's flush, read by the
 * dashboard as mean, min, max and the volume that flowed; and a change of rating, shift, correction or flag rolls up
 * again only the days it affects.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ratingCalls } from '../../worker/contracts/ratings';
import { dashboardFromColumns } from '../../worker/contracts/dashboard-columns';
import { telemetryCalls, type Dashboard, type DashboardColumns } from '../../worker/contracts/telemetry';
import { series } from '../support/alarms';
import { callSpec } from '../support/client';
import { make, type TestStation, type TestSubject } from '../support/make';
import { keySpan } from '../support/rollup';
import { ingest, rawAll, settleRollup } from '../support/telemetry';

let admin: TestSubject;
let viewer: TestSubject;

// Q = 10 · h between 0 and 4 m.
const table = [
  { stage: 0, discharge: 0 },
  { stage: 4, discharge: 40 },
];

beforeAll(async () => {
  admin = await make.admin();
  viewer = await make.subject();
});

type DischargeRow = { id: number; n: number; q: number; lo: number; hi: number; sm: number; vol: number };
const dayOf = (key: number) => new Date((key % keySpan) * 86_400_000).toISOString().slice(0, 10);
const rowsOf = async (station: TestStation) =>
  Object.fromEntries(
    (
      await rawAll<DischargeRow>(
        'SELECT id, n, q, lo, hi, sm, vol FROM station_discharge_days WHERE id BETWEEN ? AND ? ORDER BY id',
        station.id * keySpan,
        station.id * keySpan + keySpan - 1,
      )
    ).map((r) => [dayOf(r.id), r]),
  );

async function ratedStation(body: Record<string, unknown> = {}) {
  const station = await make.station({ viewers: [viewer], token: true });
  const added = await callSpec(ratingCalls.add, {
    query: { id: station.id },
    body: { reading: 'H1', from: '2026-01-01T00:00:00Z', points: table, note: 'Rated.', ...body },
    token: admin.token,
  });
  expect(added.status, added.text).toBe(200);
  return { station, version: added.data };
}

async function post(station: TestStation & { token: string }, rows: ReturnType<typeof series>) {
  const res = await ingest('danes', station.token, { rows });
  expect(res.status, res.text).toBe(200);
  await settleRollup(station.id);
}

describe('discharge in the roll-up', () => {
  it('keeps a day row of discharge with its volume, and the dashboard shows mean, extremes and volume over the range', async () => {
    const { station } = await ratedStation();
    // Prague, 10 September (24 h): stages 1, 1.125, 1.25 m → 10, 11.25, 12.5 m³/s, mean 11.25.
    await post(station, series('2026-09-10T08:00:00Z', 10, [1, 1.125, 1.25]));
    // 25 October has 25 hours in Prague (summer time ends): 1 m → 10 m³/s all day long.
    await post(station, series('2026-10-25T12:00:00Z', 10, [1]));
    const rows = await rowsOf(station);
    expect(Object.keys(rows)).toEqual(['2026-09-10', '2026-10-25']);
    expect(rows['2026-09-10']).toMatchObject({ n: 3, q: 0, lo: 10, hi: 12.5, sm: 33.75, vol: 11.25 * 86_400 });
    expect(rows['2026-10-25']).toMatchObject({ n: 1, lo: 10, hi: 10, vol: 10 * 90_000 });

    const query = { from: '2026-09-01', to: '2026-10-31' };
    const reply = await callSpec(telemetryCalls.dashboard, { query, token: viewer.token });
    expect(reply.status, reply.text).toBe(200);
    const summary = (reply.data as Dashboard).danes[station.uniqueId];
    expect(summary.min.H1_discharge).toBe(10);
    expect(summary.max.H1_discharge).toBe(12.5);
    // The range's mean is over its readings (43.75 / 4); the volume adds each day's.
    expect(summary.mean).toEqual({ H1_discharge: 10.9375 });
    expect(summary.volume).toEqual({ H1_discharge: 11.25 * 86_400 + 10 * 90_000 });
    expect(summary.max.H1).toBe(1.25);
    const columns = await callSpec(telemetryCalls.dashboard, { query: { ...query, format: 'columns' }, token: viewer.token });
    const { stations, figures } = columns.data as DashboardColumns;
    const i = stations.id.indexOf(station.id);
    expect(figures.mean?.H1_discharge[i]).toBe(10.9375);
    expect(figures.volume?.H1_discharge[i]).toBe(11.25 * 86_400 + 10 * 90_000);
    expect(dashboardFromColumns(columns.data as DashboardColumns).danes[station.uniqueId]).toEqual(summary);
  });

  it('writes no discharge for a station without a rating', async () => {
    const station = await make.station({ viewers: [viewer], token: true });
    await post(station, series('2026-09-10T08:00:00Z', 10, [1, 2]));
    expect(await rowsOf(station)).toEqual({});
    const res = await callSpec(telemetryCalls.dashboard, { query: { from: '2026-09-10', to: '2026-09-10' }, token: viewer.token });
    const summary = (res.data as Dashboard).danes[station.uniqueId];
    expect(summary.volume).toBeUndefined();
    expect(summary.max).toEqual({ H1: 2 });
  });

  it('rolls up again only the days a shift affects', async () => {
    const { station, version } = await ratedStation();
    await post(station, series('2026-09-10T08:00:00Z', 10, [1]));
    await post(station, series('2026-09-12T08:00:00Z', 10, [1]));
    await post(station, series('2026-09-14T08:00:00Z', 10, [1]));
    // A mark on every row: a day rolled up again loses it.
    await rawAll(
      'UPDATE station_discharge_days SET vol = -1 WHERE id BETWEEN ? AND ?',
      station.id * keySpan,
      station.id * keySpan + keySpan - 1,
    );
    const shifted = await callSpec(ratingCalls.shift, {
      query: { id: station.id },
      body: { version: version.id, at: '2026-09-12T00:00:00Z', points: [{ stage: 1, shift: 0.5 }], note: 'Gravel bar.' },
      token: admin.token,
    });
    expect(shifted.status, shifted.text).toBe(200);
    await settleRollup(station.id);
    const rows = await rowsOf(station);
    expect(rows['2026-09-10'].vol).toBe(-1);
    expect(rows['2026-09-12'].vol).toBe(15 * 86_400);
    expect(rows['2026-09-14'].vol).toBe(15 * 86_400);
  });
});
