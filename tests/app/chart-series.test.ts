import { describe, expect, test } from 'vitest';
import { toCsv } from '~/features/charts/export';
import { byReading, pointsOf, toSeries, type Point } from '~/features/charts/series';

const at = (minute: number, value = minute): Point => ({ reading: 'H1', ts: Date.UTC(2026, 10, 21, 12, minute), value });

describe('chart series', () => {
  test('rows of both sources become points grouped by reading in time order', () => {
    const danes = pointsOf([
      { data_name: 'H1', data_value: 2, date: '2026-11-21T12:10:00.000Z' },
      { data_name: 'KCM', data_value: 5, date: '2026-11-21T12:00:00.000Z' },
      { data_name: 'H1', data_value: 1, date: '2026-11-21T12:00:00.000Z' },
    ]);
    expect(byReading(danes).get('H1')!.map((p) => p.value)).toEqual([1, 2]);
    expect(pointsOf([{ value_id: 'pressure', value: 1013, timestamp: '2026-11-21T12:00:00Z' }])).toEqual([{ reading: 'pressure', ts: Date.UTC(2026, 10, 21, 12), value: 1013 }]);
  });

  test('a gap longer than three sampling intervals is broken by a whitespace point', () => {
    const series = toSeries([at(0), at(10), at(20), at(30), at(70)]);
    expect(series).toHaveLength(6);
    expect(series[4]).toEqual({ time: at(40).ts / 1000 });
    expect(series[5]).toEqual({ time: at(70).ts / 1000, value: 70 });
  });

  test('a gap of up to three intervals stays one line', () => {
    expect(toSeries([at(0), at(10), at(20), at(50)]).every((p) => 'value' in p)).toBe(true);
  });

  test('the CSV has one line per row with the station offset and the unrounded value', () => {
    const csv = toCsv([{ reading: 'H1', ts: Date.UTC(2026, 6, 1, 10), value: 1.234567 }], 'Europe/Prague');
    expect(csv).toBe('time,reading,value\r\n2026-07-01T12:00:00+02:00,H1,1.234567\r\n');
  });
});
