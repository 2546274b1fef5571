import { beforeAll, describe, expect, it } from 'vitest';
import type { CallInput } from '../../worker/contracts/call';
import { Chart, telemetryCalls } from '../../worker/contracts/telemetry';
import { get } from '../support/api';
import { callSpec } from '../support/client';
import { make } from '../support/make';
import { ingest, stationsWithReadings } from '../support/telemetry';

let fixture: Awaited<ReturnType<typeof stationsWithReadings>>;

beforeAll(async () => {
  fixture = await stationsWithReadings();
});

const readings = (id: string, range: Omit<CallInput<typeof telemetryCalls.readings>['query'], 'id'>, token?: string) =>
  callSpec(telemetryCalls.readings, { query: { id, ...range }, token });

describe('raw export', () => {
  it('returns every reading of the local days asked per code, in time order, times in epoch ms', async () => {
    const res = await readings(fixture.danesStation.uniqueId, { from: '2026-04-01', to: '2026-04-03' }, fixture.viewer.token);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      item: { unique_id: fixture.danesStation.uniqueId },
      data: {
        H1: { t: [Date.parse('2026-04-01T08:00:00Z'), Date.parse('2026-04-02T08:00:00Z')], v: [1, 3] },
        _T: { t: [Date.parse('2026-04-02T21:30:00Z')], v: [-2] },
      },
    });
    const uniwan = await readings(fixture.uniwanStation.uniqueId, { from: '2026-04-01', to: '2026-04-03' }, fixture.viewer.token);
    expect(uniwan.data.data).toEqual({
      pressure: { t: [Date.parse('2026-04-01T13:00:00Z'), Date.parse('2026-04-04T03:00:00Z')], v: [1000, 1010] },
    });
  });

  it('sends every reading where the chart downsamples', async () => {
    const station = await make.station({ timezone: 'UTC', viewers: [fixture.viewer] });
    const start = Date.parse('2026-02-01T00:00:00Z');
    const rows = Array.from({ length: 4500 }, (_, i) => ({
      data_name: 'KCM',
      data_value: i % 13,
      date: new Date(start + i * 60_000).toISOString(),
    }));
    expect((await ingest('danes', fixture.token, { unique_id: station.uniqueId, rows })).status).toBe(200);
    const chart = await get(`/rest/api/item?id=${station.uniqueId}&from=2026-02-01&to=2026-02-04`, {
      token: fixture.viewer.token,
      reply: Chart,
    });
    expect(chart.data.downsampled).toBe(true);
    const res = await readings(station.uniqueId, { from: '2026-02-01', to: '2026-02-04' }, fixture.viewer.token);
    expect(res.data.data.KCM.t.length).toBe(4500);
    expect(res.data.data.KCM.v).toEqual(rows.map((r) => r.data_value));
  });

  it('is authorised like the chart: 401 without a session, 403 for a station not seen, 404 for an unknown one', async () => {
    expect((await readings(fixture.danesStation.uniqueId, { from: '2026-04-01', to: '2026-04-03' })).status).toBe(401);
    expect((await readings(fixture.danesStation.uniqueId, { from: '2026-04-01', to: '2026-04-03' }, fixture.outsider.token)).status).toBe(
      403,
    );
    expect((await readings('NO-SUCH-STATION', { from: '2026-04-01', to: '2026-04-03' }, fixture.viewer.token)).status).toBe(404);
  });

  it('refuses more than 366 days, an inverted range and bad days with 400', async () => {
    const id = fixture.danesStation.uniqueId;
    const tooLong = await readings(id, { from: '2025-01-01', to: '2026-01-02' }, fixture.viewer.token);
    expect(tooLong.status).toBe(400);
    expect(tooLong.json.errors).toEqual({ to: ['Export at most 366 days at a time.'] });
    expect((await readings(id, { from: '2025-01-01', to: '2026-01-01' }, fixture.viewer.token)).status).toBe(200);
    expect((await readings(id, { from: '2026-04-05', to: '2026-04-03' }, fixture.viewer.token)).status).toBe(400);
    expect((await readings(id, { from: '2026-02-30' }, fixture.viewer.token)).status).toBe(400);
    expect((await readings(id, { days: 367 }, fixture.viewer.token)).status).toBe(400);
    // `days` counts back from the end, so 366 of them span 367 days, with or without a given end.
    expect((await readings(id, { days: 366 }, fixture.viewer.token)).json.errors).toEqual({ to: ['Export at most 366 days at a time.'] });
    expect((await readings(id, { to: '2026-01-01', days: 366 }, fixture.viewer.token)).status).toBe(400);
    expect((await readings(id, { to: '2026-01-01', days: 365 }, fixture.viewer.token)).status).toBe(200);
    expect((await get('/rest/api/item/readings?from=2026-04-01', { token: fixture.viewer.token })).status).toBe(400);
  });
});
