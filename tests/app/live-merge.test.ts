import { describe, expect, test } from 'vitest';
import type { ChartColumns, Dashboard } from '../../worker/contracts/telemetry';
import type { WarningScale } from '../../worker/contracts/warning';
import { mergeIntoChart, mergeIntoDashboard } from '~/features/live/merge';
import { retryDelay, type ReadingsMessage } from '~/features/live/use-live-stations';
import { withLiveStandings } from '~/features/warning/live-standings';
import { itemRow } from '../support/rows';

const item = itemRow({ last_update: '2026-11-21T09:00:00.000Z' });

const row = (iso: string, value: number, code = 'H1') => ({ data_name: code, data_value: value, date: iso });
const message = (rows: ReturnType<typeof row>[]): ReadingsMessage => ({
  type: 'readings',
  unique_id: 'DANES-1',
  source: 'DANES',
  last_update: rows.at(-1)!.date,
  rows,
});

const chart: ChartColumns = {
  item,
  range: { from: '2026-11-01', to: '2026-11-21', start: '2026-10-31T23:00:00.000Z', end: '2026-11-21T23:00:00.000Z' },
  data: { H1: { t: [Date.parse('2026-11-21T09:00:00.000Z')], v: [2] } },
  totals: {
    SRA1H: { period: 'day', t: [Date.parse('2026-11-20T23:00:00.000Z')], v: [1], sum: 3, peak_day: { day: '2026-11-19', sum: 2 } },
  },
  min: { H1: 2, SRA1H: 0 },
  max: { H1: 2, SRA1H: 0.5 },
  downsampled: false,
  bucket_ms: null,
};

describe('live rows on an open chart', () => {
  test('are added once in time order, widening min and max', () => {
    const once = mergeIntoChart(chart, message([row('2026-11-21T09:10:00.000Z', 5), row('2026-11-21T08:50:00.000Z', 1)]));
    expect(once.data.H1).toEqual({
      t: ['2026-11-21T08:50:00.000Z', '2026-11-21T09:00:00.000Z', '2026-11-21T09:10:00.000Z'].map(Date.parse),
      v: [1, 2, 5],
    });
    expect(once.min.H1).toBe(1);
    expect(once.max.H1).toBe(5);
    const twice = mergeIntoChart(once, message([row('2026-11-21T09:10:00.000Z', 5)]));
    expect(twice).toBe(once);
  });

  test('replace the rain of a clock hour the chart counted already, and mark suspect readings apart', () => {
    const counted = { ...chart, totals: { SRA1H: { ...chart.totals.SRA1H, last: { t: Date.parse('2026-11-21T09:10:00.000Z'), v: 0.4 } } } };
    const merged = mergeIntoChart(
      counted,
      message([row('2026-11-21T09:30:00.000Z', 0.6, 'SRA1H'), { ...row('2026-11-21T09:40:00.000Z', 9), flag: 'suspect' } as never]),
    );
    expect(merged.totals.SRA1H).toMatchObject({
      v: [1.2],
      sum: expect.closeTo(3.2, 9),
      last: { t: Date.parse('2026-11-21T09:30:00.000Z'), v: 0.6 },
    });
    expect(merged.flags).toEqual({ H1: { t: [Date.parse('2026-11-21T09:40:00.000Z')], v: [9], q: [1] } });
  });

  test("add rain to its local day's total, which becomes the wettest day when it is", () => {
    const merged = mergeIntoChart(chart, message([row('2026-11-21T09:10:00.000Z', 1.5, 'SRA1H')]));
    expect(merged.totals.SRA1H).toMatchObject({
      t: [Date.parse('2026-11-20T23:00:00.000Z')],
      v: [2.5],
      sum: 4.5,
      peak_day: { day: '2026-11-21', sum: 2.5 },
    });
    expect(merged.data).toEqual(chart.data);
  });

  test('of a derived code join its line when the chart draws one, and never start one', () => {
    const derived = message([row('2026-11-21T09:10:00.000Z', 250.5, 'H1_elevation'), row('2026-11-21T09:10:00.000Z', 1.5)]);
    expect(Object.keys(mergeIntoChart(chart, derived).data)).toEqual(['H1']);
    const drawn = { ...chart, data: { ...chart.data, H1_elevation: { t: [Date.parse('2026-11-21T09:00:00.000Z')], v: [250] } } };
    expect(mergeIntoChart(drawn, derived).data.H1_elevation).toEqual({
      t: ['2026-11-21T09:00:00.000Z', '2026-11-21T09:10:00.000Z'].map(Date.parse),
      v: [250, 250.5],
    });
  });

  test('outside the station-local range or of another station are left out', () => {
    // 23:30 UTC on the 21st is already the 22nd in Prague.
    expect(mergeIntoChart(chart, message([row('2026-11-21T23:30:00.000Z', 9)]))).toBe(chart);
    expect(mergeIntoChart(chart, { ...message([row('2026-11-21T10:00:00.000Z', 9)]), unique_id: 'OTHER' })).toBe(chart);
  });
});

describe('live rows on the dashboard', () => {
  const dashboard: Dashboard = {
    items: [item],
    danes: { 'DANES-1': { date: '2026-11-21T09:00:00.000Z', pocetMereni: 10, min: { H1: 2 }, max: { H1: 3 } } },
    uniwan: {},
    groups: [],
  };

  test('advance the last update and the count and widen the extremes', () => {
    const merged = mergeIntoDashboard(
      dashboard,
      message([row('2026-11-21T09:10:00.000Z', 4), row('2026-11-21T09:10:00.000Z', 12, 'POWER')]),
    );
    expect(merged.danes['DANES-1']).toEqual({
      date: '2026-11-21T09:10:00.000Z',
      pocetMereni: 12,
      min: { H1: 2, POWER: 12 },
      max: { H1: 4, POWER: 12 },
    });
  });

  test('widen a derived code but count only measurements', () => {
    const merged = mergeIntoDashboard(
      dashboard,
      message([row('2026-11-21T09:10:00.000Z', 4), row('2026-11-21T09:10:00.000Z', 250.5, 'H1_elevation')]),
    );
    expect(merged.danes['DANES-1']).toMatchObject({ pocetMereni: 11, max: { H1: 4, H1_elevation: 250.5 } });
  });

  test('add rain to the total of the range', () => {
    // Two clock hours' precipitation (SRA1H is the hour before its time): both count.
    const merged = mergeIntoDashboard(
      dashboard,
      message([row('2026-11-21T09:10:00.000Z', 0.5, 'SRA1H'), row('2026-11-21T10:20:00.000Z', 0.25, 'SRA1H')]),
    );
    expect(merged.danes['DANES-1'].sum).toEqual({ SRA1H: 0.75 });
  });

  test('count the rolling hour once per clock hour: a later report of the same hour replaces the one before', () => {
    const once = mergeIntoDashboard(dashboard, message([row('2026-11-21T09:10:00.000Z', 0.5, 'SRA1H')]));
    const twice = mergeIntoDashboard(once, message([row('2026-11-21T09:20:00.000Z', 0.75, 'SRA1H')]));
    expect(twice.danes['DANES-1'].sum).toEqual({ SRA1H: 0.75 });
    const next = mergeIntoDashboard(twice, message([row('2026-11-21T10:00:00.000Z', 0.25, 'SRA1H')]));
    expect(next.danes['DANES-1'].sum).toEqual({ SRA1H: 1 });
  });

  test('start a summary for a station that had no readings in the range', () => {
    const merged = mergeIntoDashboard<Dashboard>({ ...dashboard, danes: {} }, message([row('2026-11-21T09:10:00.000Z', 4)]));
    expect(merged.danes['DANES-1'].pocetMereni).toBe(1);
  });
});

test('a live message moves where its station’s readings stand and their forecasts, and only those', () => {
  const scale = (unique_id: string, reading: string): WarningScale => ({
    item_id: 1,
    unique_id,
    reading,
    direction: 'rising',
    levels: [],
    current: { level: 0, since: '2026-11-21T08:00:00.000Z', value: 1 },
    forecast: null,
    updated_at: '2026-11-21T08:00:00.000Z',
  });
  const scales = [scale('DANES-1', 'H1'), scale('DANES-1', '_T'), scale('OTHER', 'H1')];
  const moved = {
    ...message([row('2026-11-21T09:10:00.000Z', 4)]),
    levels: [{ reading: 'H1', level: 2, since: '2026-11-21T09:10:00.000Z', value: 4 }],
  };
  expect(withLiveStandings(scales, moved).map((s) => s.current)).toEqual([
    { level: 2, since: '2026-11-21T09:10:00.000Z', value: 4 },
    scales[1].current,
    scales[2].current,
  ]);
  expect(withLiveStandings(scales, message([row('2026-11-21T09:10:00.000Z', 4)]))).toBe(scales);
  const expected = { level: 3, expected_at: '2026-11-21T12:00:00.000Z', issued_at: '2026-11-21T09:10:00.000Z' };
  const forecast = { ...message([row('2026-11-21T09:10:00.000Z', 4)]), forecasts: [{ reading: '_T', forecast: expected }] };
  expect(withLiveStandings(scales, forecast).map((s) => s.forecast)).toEqual([null, expected, null]);
});

test('reconnect delays grow from about 1 s to at most about 30 s', () => {
  expect(retryDelay(0)).toBeGreaterThanOrEqual(750);
  expect(retryDelay(0)).toBeLessThanOrEqual(1250);
  expect(retryDelay(3)).toBeGreaterThanOrEqual(6000);
  expect(retryDelay(20)).toBeLessThanOrEqual(37_500);
});
