import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { stationOf } from '../../worker/station/directory';
import { make } from '../support/make';
import { ingest, storedOf } from '../support/telemetry';

const report = (ts: number, values: number[]) =>
  ['H1', 'KCM', 'RV', 'SRA1H', '_T', '_TX', 'POWER'].map((code, i) => ({
    data_name: code,
    data_value: values[i] ?? i,
    date: new Date(ts).toISOString(),
  }));

describe("each station's readings in its own object", () => {
  it('keeps two stations apart even when they post the same times and codes', async () => {
    const token = await make.importerToken();
    const [a, b] = [await make.station(), await make.station()];
    const ts = Date.parse('2026-02-03T10:00:00Z');
    await ingest('danes', token, { unique_id: a.uniqueId, rows: report(ts, [1, 1, 1, 1, 1, 1, 1]) });
    await ingest('danes', token, { unique_id: b.uniqueId, rows: report(ts, [2, 2, 2, 2, 2, 2, 2]) });
    expect((await storedOf(a.id)).map((r) => r.value)).toEqual(Array(7).fill(1));
    expect((await storedOf(b.id)).map((r) => r.value)).toEqual(Array(7).fill(2));
  });

  it('stores a seven-code report as one row (Cloudflare bills rows written)', async () => {
    const station = await make.station();
    const start = Date.parse('2026-02-03T00:00:00Z');
    const rows = Array.from({ length: 6 }, (_, i) => report(start + i * 600_000, [])).flat();
    expect((await ingest('danes', await make.importerToken(), { unique_id: station.uniqueId, rows })).data).toEqual({
      accepted: 42,
      duplicates: 0,
    });
    expect((await stationOf(env, station.id).reads().figures()).reports).toBe(6);
  });

  it('stores each (code, time) once when overlapping batches arrive at the same moment', async () => {
    const station = await make.station();
    const token = await make.importerToken();
    const start = Date.parse('2026-02-04T00:00:00Z');
    // Eight batches of 30 reports each, every one overlapping its neighbours by 20 reports.
    const batches = Array.from({ length: 8 }, (_, b) =>
      Array.from({ length: 30 }, (_, i) => report(start + (b * 10 + i) * 600_000, Array(7).fill(b))).flat(),
    );
    const replies = await Promise.all(batches.map((rows) => ingest('danes', token, { unique_id: station.uniqueId, rows })));
    const distinctReports = 7 * 10 + 30;
    const accepted = replies.reduce((n, r) => n + r.data.accepted, 0);
    const duplicates = replies.reduce((n, r) => n + r.data.duplicates, 0);
    expect(accepted).toBe(distinctReports * 7);
    expect(accepted + duplicates).toBe(8 * 30 * 7);
    const stored = await storedOf(station.id);
    expect(stored).toHaveLength(distinctReports * 7);
    expect(new Set(stored.map((r) => `${r.ts}|${r.reading}`)).size).toBe(stored.length);
    // A report time is whole: all seven codes came from the same batch, whichever stored it first.
    const valuesAt = new Map<number, Set<number>>();
    for (const r of stored) valuesAt.set(r.ts, (valuesAt.get(r.ts) ?? new Set()).add(r.value));
    for (const values of valuesAt.values()) expect(values.size).toBe(1);
  });

  it('fills in the codes a report lacked when they arrive later, counting the rest as duplicates', async () => {
    const station = await make.station();
    const token = await make.importerToken();
    const ts = Date.parse('2026-02-05T00:00:00Z');
    const [h1, kcm, power] = [report(ts, [5])[0], report(ts, [0, 6])[1], report(ts, [0, 0, 0, 0, 0, 0, 12.5])[6]];
    expect((await ingest('danes', token, { unique_id: station.uniqueId, rows: [h1] })).data).toEqual({ accepted: 1, duplicates: 0 });
    expect((await ingest('danes', token, { unique_id: station.uniqueId, rows: [{ ...h1, data_value: 99 }, kcm, power] })).data).toEqual({
      accepted: 2,
      duplicates: 1,
    });
    expect(await storedOf(station.id)).toEqual([
      { reading: 'H1', ts, value: 5 },
      { reading: 'KCM', ts, value: 6 },
      { reading: 'POWER', ts, value: 12.5 },
    ]);
  });
});
