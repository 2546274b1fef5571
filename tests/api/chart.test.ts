import { beforeAll, describe, expect, it } from 'vitest';
import { Chart, type DanesRow } from '../../worker/contracts/telemetry';
import { bucketWidth } from '../../worker/station/series';
import { get } from '../support/api';
import { make } from '../support/make';
import { ingest, stationsWithReadings } from '../support/telemetry';

let fixture: Awaited<ReturnType<typeof stationsWithReadings>>;

beforeAll(async () => {
  fixture = await stationsWithReadings();
});

const chart = (id: string, query: string, subjectToken: string) =>
  get(`/rest/api/item?id=${encodeURIComponent(id)}&${query}`, { token: subjectToken, reply: Chart });

describe('chart', () => {
  it('returns DANES rows of the local days asked, in time order, with min and max', async () => {
    const res = await chart(fixture.danesStation.uniqueId, 'from=2026-04-01&to=2026-04-03', fixture.viewer.token);
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({
      item: { unique_id: fixture.danesStation.uniqueId, name_for_api: 'DANES' },
      data: [
        { data_name: 'H1', data_value: 1, date: '2026-04-01T08:00:00.000Z' },
        { data_name: 'H1', data_value: 3, date: '2026-04-02T08:00:00.000Z' },
        { data_name: '_T', data_value: -2, date: '2026-04-02T21:30:00.000Z' },
      ],
      min: { H1: 1, _T: -2 },
      max: { H1: 3, _T: -2 },
      downsampled: false,
    });
  });

  it('returns UNIWAN rows for a station seen through a group, in its own time zone, whatever itemType says', async () => {
    const res = await chart(fixture.uniwanStation.uniqueId, 'from=2026-04-01&to=2026-04-03&itemType=true', fixture.viewer.token);
    expect(res.status).toBe(200);
    expect(res.data.data).toEqual([
      { value_id: 'pressure', value: 1000, timestamp: '2026-04-01T13:00:00.000Z' },
      { value_id: 'pressure', value: 1010, timestamp: '2026-04-04T03:00:00.000Z' },
    ]);
    expect(res.data.min).toEqual({ pressure: 1000 });
  });

  it('refuses a subject who may not see the station (403), an unknown station (404) and bad dates (400)', async () => {
    expect((await chart(fixture.danesStation.uniqueId, 'from=2026-04-01&to=2026-04-03', fixture.outsider.token)).status).toBe(403);
    expect((await chart('NO-SUCH-STATION', 'from=2026-04-01&to=2026-04-03', fixture.viewer.token)).status).toBe(404);
    expect((await chart(fixture.danesStation.uniqueId, 'from=2026-13-01&to=2026-04-03', fixture.viewer.token)).status).toBe(400);
    expect((await chart(fixture.danesStation.uniqueId, 'from=2026-04-05&to=2026-04-03', fixture.viewer.token)).status).toBe(400);
  });

  it("downsamples a long range and keeps every bucket's minimum and maximum", async () => {
    const station = await make.station({ viewers: [fixture.viewer] });
    // Ten January days (UTC+1) every two minutes: 7,200 H1 points, with a spike and a dip.
    const start = Date.parse('2026-01-05T00:00:00+01:00');
    const end = Date.parse('2026-01-15T00:00:00+01:00');
    let seed = 7;
    const rows = Array.from({ length: 7200 }, (_, i) => {
      seed = (seed * 1103515245 + 12345) % 2147483648;
      const value = i === 3333 ? 500 : i === 4444 ? -500 : Math.round((seed / 2147483648) * 10_000) / 1000;
      return { data_name: 'H1', data_value: value, date: new Date(start + i * 120_000).toISOString() };
    });
    rows.push({ data_name: 'POWER', data_value: 12.5, date: new Date(start + 60_000).toISOString() });
    for (let i = 0; i < rows.length; i += 5000) {
      expect((await ingest('danes', fixture.token, { unique_id: station.uniqueId, rows: rows.slice(i, i + 5000) })).status).toBe(200);
    }

    const res = await chart(station.uniqueId, 'from=2026-01-05&to=2026-01-14', fixture.viewer.token);
    expect(res.status).toBe(200);
    const { data, min, max, downsampled } = res.data;
    expect(downsampled).toBe(true);
    const h1 = (data as DanesRow[]).filter((r) => r.data_name === 'H1').map((r) => ({ ts: Date.parse(r.date), value: r.data_value }));
    expect(h1.length).toBeLessThanOrEqual(4000);
    expect(h1.length).toBeLessThan(rows.length / 2);
    expect(h1.map((p) => p.ts)).toEqual([...h1.map((p) => p.ts)].sort((a, b) => a - b));
    expect(min).toEqual({ H1: -500, POWER: 12.5 });
    expect(max).toEqual({ H1: 500, POWER: 12.5 });

    const width = bucketWidth(start, end);
    const buckets = new Map<number, number[]>();
    for (const r of rows.filter((r) => r.data_name === 'H1')) {
      const b = Math.floor((Date.parse(r.date) - start) / width);
      buckets.set(b, [...(buckets.get(b) ?? []), r.data_value]);
    }
    for (const [b, values] of buckets) {
      const kept = h1.filter((p) => Math.floor((p.ts - start) / width) === b).map((p) => p.value);
      expect(kept, `bucket ${b}`).toContain(Math.min(...values));
      expect(kept, `bucket ${b}`).toContain(Math.max(...values));
    }
  });
});
