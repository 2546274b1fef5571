import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { Chart, ChartColumns, type DanesRow } from '../../worker/contracts/telemetry';
import { get } from '../support/api';
import { make, type TestStation, type TestSubject } from '../support/make';
import { ingest } from '../support/telemetry';

// Ten January days (UTC+1) every two minutes: 7,200 H1 points with a spike and a dip, and one POWER reading.
const start = Date.parse('2026-01-05T00:00:00+01:00');
const rows = (() => {
  let seed = 7;
  const out = Array.from({ length: 7200 }, (_, i) => {
    seed = (seed * 1103515245 + 12345) % 2147483648;
    const value = i === 3333 ? 500 : i === 4444 ? -500 : Math.round((seed / 2147483648) * 10_000) / 1000;
    return { data_name: 'H1', data_value: value, date: new Date(start + i * 120_000).toISOString() };
  });
  out.push({ data_name: 'POWER', data_value: 12.5, date: new Date(start + 60_000).toISOString() });
  return out;
})();
const h1 = rows.filter((r) => r.data_name === 'H1').map((r) => ({ ts: Date.parse(r.date), value: r.data_value }));

let station: TestStation;
let viewer: TestSubject;

beforeAll(async () => {
  viewer = await make.subject();
  station = await make.station({ viewers: [viewer] });
  const token = await make.importerToken();
  for (let i = 0; i < rows.length; i += 5000) {
    expect((await ingest('danes', token, { unique_id: station.uniqueId, rows: rows.slice(i, i + 5000) })).status).toBe(200);
  }
});

const chart = <T>(query: string, reply?: z.ZodType<T>) =>
  get(`/rest/api/item?id=${encodeURIComponent(station.uniqueId)}&from=2026-01-05&to=2026-01-14&${query}`, { token: viewer.token, reply });

/** Every bucket of the raw points keeps its minimum and maximum among the points sent. */
function expectExtremesKept(sent: { ts: number; value: number }[], width: number) {
  const bucket = (ts: number) => Math.floor((ts - start) / width);
  const kept = new Map<number, number[]>();
  for (const p of sent) kept.set(bucket(p.ts), [...(kept.get(bucket(p.ts)) ?? []), p.value]);
  const raw = new Map<number, number[]>();
  for (const p of h1) raw.set(bucket(p.ts), [...(raw.get(bucket(p.ts)) ?? []), p.value]);
  for (const [b, values] of raw) {
    expect(kept.get(b), `bucket ${b}`).toContain(Math.min(...values));
    expect(kept.get(b), `bucket ${b}`).toContain(Math.max(...values));
  }
}

describe('chart point budget', () => {
  it('sends at most the points asked per reading as columns, each bucket’s extremes kept, a small reading raw', async () => {
    const res = await chart('points=600&format=columns', ChartColumns);
    expect(res.status).toBe(200);
    const { data, totals, min, max, downsampled, bucket_ms } = res.data;
    expect(downsampled).toBe(true);
    expect(totals).toEqual({});
    expect(data.POWER).toEqual({ t: [start + 60_000], v: [12.5] });
    expect(data.H1.t.length).toBeLessThanOrEqual(600);
    expect(data.H1.t).toEqual([...data.H1.t].sort((a, b) => a - b));
    // Ten days in 300 buckets: 48 minutes each.
    expect(bucket_ms).toBe(48 * 60_000);
    expectExtremesKept(
      data.H1.t.map((ts, i) => ({ ts, value: data.H1.v[i] })),
      bucket_ms!,
    );
    expect(min).toEqual({ H1: -500, POWER: 12.5 });
    expect(max).toEqual({ H1: 500, POWER: 12.5 });
    // The first and last buckets are drawn: the reply spans the range from its first reading to its last.
    expect(data.H1.t[0] - h1[0].ts).toBeLessThan(bucket_ms!);
    expect(h1.at(-1)!.ts - data.H1.t.at(-1)!).toBeLessThan(bucket_ms!);
  });

  it('bounds the documented rows the same way, and keeps raw rows and their shape by default', async () => {
    const bounded = await chart('points=600', Chart);
    const sent = (bounded.data.data as DanesRow[]).filter((r) => r.data_name === 'H1');
    expect(sent.length).toBeLessThanOrEqual(600);
    expect(sent[0]).toEqual({ data_name: 'H1', data_value: expect.any(Number), date: expect.any(String) });
    expectExtremesKept(
      sent.map((r) => ({ ts: Date.parse(r.date), value: r.data_value })),
      48 * 60_000,
    );

    const byDefault = await chart('', Chart);
    expect((byDefault.data.data as DanesRow[]).filter((r) => r.data_name === 'H1').length).toBeGreaterThan(600);
    expect(byDefault.data).not.toHaveProperty('totals');
    const raw = await get(
      `/rest/api/item?id=${encodeURIComponent(station.uniqueId)}&from=2026-01-05&to=2026-01-05&points=10000&format=rows`,
      {
        token: viewer.token,
        reply: Chart,
      },
    );
    expect(raw.data.downsampled).toBe(false);
  });

  it('refuses a point budget or format it does not know with 400', async () => {
    for (const query of [
      'points=49',
      'points=10001',
      'points=0',
      'points=-5',
      'points=1.5',
      'points=many',
      'format=csv',
      'format=COLUMNS',
    ]) {
      const res = await chart(query);
      expect(res.status, query).toBe(400);
      expect(Object.keys(res.json.errors), query).toEqual([query.split('=')[0]]);
    }
  });
});
