import { describe, expect, test } from 'vitest';
import { dashboardFromColumns } from '../../worker/contracts/dashboard-columns';
import type { Dashboard, DashboardColumns, StationSummary } from '../../worker/contracts/telemetry';
import { mergeIntoDashboard, mergeIntoDashboardColumns } from '~/features/live/merge';
import type { ReadingsMessage } from '~/features/live/use-live-stations';

const base = Date.parse('2026-11-01T00:00:00.000Z');
const station = (id: number) => ({
  id,
  name: `Well ${id}`,
  serial_nr: null,
  unique_id: `DANES-${id}`,
  location_x: 49,
  location_y: 16,
  location_name: null,
  location_group: null,
  source: 0,
  zone: 0,
  last_update: 3_600_000 * id,
  report_minutes: 10,
  datum: null,
});

// Two DANES stations (one with rain) and one without readings in the range.
const columns: DashboardColumns = {
  base,
  zones: ['Europe/Prague'],
  sources: ['DANES', 'UNIWAN'],
  stations: Object.fromEntries(
    Object.keys(station(0)).map((key) => [key, [1, 2, 3].map((id) => station(id)[key as keyof ReturnType<typeof station>])]),
  ) as DashboardColumns['stations'],
  figures: {
    date: [3_600_000, 7_200_000, null],
    count: [2, 3, 0],
    min: { H1: [1, 2, null], SRA1H: [null, 0, null] },
    max: { H1: [4, 2, null], SRA1H: [null, 1.5, null] },
    sum: { SRA1H: [null, 2, null] },
    peak_day: { SRA1H: [null, '2026-11-01', null] },
    peak_sum: { SRA1H: [null, 2, null] },
  },
  groups: [],
};

/** The documented shape without what its live merge keeps for itself (the last rain counted per hour). */
const withoutLiveRain = (d: Dashboard): Dashboard => ({
  ...d,
  danes: Object.fromEntries(
    Object.entries(d.danes).map(([id, { live_rain: _, ...summary }]: [string, StationSummary & { live_rain?: unknown }]) => [id, summary]),
  ),
});

const message = (uniqueId: string, rows: { data_name: string; data_value: number; date: string }[]): ReadingsMessage => ({
  type: 'readings',
  unique_id: uniqueId,
  source: 'DANES',
  last_update: rows.at(-1)!.date,
  rows,
});

describe("live rows on the dashboard's columns", () => {
  test('change what the documented shape would show, station by station', () => {
    for (const m of [
      message('DANES-1', [
        { data_name: 'H1', data_value: 9, date: '2026-11-01T05:00:00.000Z' },
        { data_name: 'SRA1H', data_value: 0.5, date: '2026-11-01T05:00:00.000Z' },
      ]),
      message('DANES-2', [{ data_name: 'SRA1H', data_value: 1, date: '2026-11-01T00:30:00.000Z' }]),
      message('DANES-3', [{ data_name: 'KCM', data_value: 0.25, date: '2026-11-02T00:00:00.000Z' }]),
    ]) {
      expect(dashboardFromColumns(mergeIntoDashboardColumns(columns, m))).toEqual(
        withoutLiveRain(mergeIntoDashboard(dashboardFromColumns(columns), m)),
      );
    }
  });

  test('count rain once per clock hour across messages, as the documented shape does', () => {
    const messages = [
      message('DANES-2', [{ data_name: 'SRA1H', data_value: 1, date: '2026-11-01T00:30:00.000Z' }]),
      message('DANES-2', [{ data_name: 'SRA1H', data_value: 1.5, date: '2026-11-01T00:50:00.000Z' }]),
      message('DANES-2', [{ data_name: 'SRA1H', data_value: 0.25, date: '2026-11-01T01:10:00.000Z' }]),
    ];
    const merged = messages.reduce((c, m) => mergeIntoDashboardColumns(c, m), columns);
    // The hour's last reading (1.5) counts once, then the next hour's 0.25.
    expect(merged.figures.sum.SRA1H[1]).toBe(2 + 1.5 + 0.25);
    const documented = messages.reduce((d, m) => mergeIntoDashboard(d, m), dashboardFromColumns(columns));
    expect(dashboardFromColumns(merged)).toEqual(withoutLiveRain(documented));
  });

  test('leave the columns alone for a station the dashboard does not hold', () => {
    expect(
      mergeIntoDashboardColumns(columns, message('DANES-9', [{ data_name: 'H1', data_value: 1, date: '2026-11-01T05:00:00.000Z' }])),
    ).toBe(columns);
  });
});
