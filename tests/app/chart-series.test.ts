import { describe, expect, test } from 'vitest';
import { inTimeOrder } from '../../worker/contracts/telemetry';
import { toCsv } from '~/features/charts/csv';
import { budgetFor, pointBudgets } from '~/features/charts/point-budget';
import { pointsOf, toBars, toLine } from '~/features/charts/series';

const utc = (minute: number) => Date.UTC(2026, 10, 21, 12, minute);
const line = (minutes: number[]) => toLine({ t: minutes.map(utc), v: minutes }, 'UTC');

describe('chart series', () => {
  test('live rows of both sources become (reading, time, value) points', () => {
    expect(pointsOf([{ data_name: 'H1', data_value: 2, date: '2026-11-21T12:10:00.000Z' }])).toEqual([
      { reading: 'H1', ts: utc(10), value: 2 },
    ]);
    expect(pointsOf([{ value_id: 'pressure', value: 1013, timestamp: '2026-11-21T12:00:00Z' }])).toEqual([
      { reading: 'pressure', ts: utc(0), value: 1013 },
    ]);
  });

  test('a gap longer than three sampling intervals is broken by a whitespace point', () => {
    const { points, instants } = line([0, 10, 20, 30, 70]);
    expect(points).toHaveLength(6);
    expect(points[4]).toEqual({ time: utc(40) / 1000 });
    expect(points[5]).toEqual({ time: utc(70) / 1000, value: 70 });
    expect(instants[4]).toBe(utc(40));
  });

  test('a gap of up to three intervals stays one line', () => {
    expect(line([0, 10, 20, 50]).points.every((p) => 'value' in p)).toBe(true);
  });

  test("times are the station's wall clock, and the hour the clocks go back stays in order with every point kept", () => {
    // Prague, 25 October 2026: 00:00–01:00 UTC is 02:00–03:00 CEST, 01:00–02:00 UTC is 02:00–03:00 CET again.
    const t = [0, 30, 60, 90, 120].map((minutes) => Date.parse('2026-10-25T00:00:00Z') + minutes * 60_000);
    const { points, instants } = toLine({ t, v: [1, 2, 3, 4, 5] }, 'Europe/Prague');
    const wall = (iso: string) => Date.parse(iso) / 1000;
    expect(points.map((p) => p.time)).toEqual([
      wall('2026-10-25T02:00:00Z'),
      wall('2026-10-25T02:30:00Z'),
      wall('2026-10-25T02:30:00Z') + 1,
      wall('2026-10-25T02:30:00Z') + 2,
      wall('2026-10-25T03:00:00Z'),
    ]);
    expect(instants).toEqual(t);
    expect(points.map((p) => ('value' in p ? p.value : null))).toEqual([1, 2, 3, 4, 5]);
  });

  test('daily totals become one bar per local day at its midnight, and a day without readings stays empty', () => {
    const midnight = (day: string) => Date.parse(`${day}T00:00:00+01:00`);
    const bars = toBars(
      {
        period: 'day',
        t: [midnight('2026-11-20'), midnight('2026-11-23')],
        v: [1.5, 0],
        sum: 1.5,
        peak_day: { day: '2026-11-20', sum: 1.5 },
      },
      'Europe/Prague',
    );
    expect(bars.kind).toBe('bars');
    expect(bars.points).toEqual([
      { time: Date.parse('2026-11-20T00:00:00Z') / 1000, value: 1.5 },
      { time: Date.parse('2026-11-21T00:00:00Z') / 1000 },
      { time: Date.parse('2026-11-22T00:00:00Z') / 1000 },
      { time: Date.parse('2026-11-23T00:00:00Z') / 1000, value: 0 },
    ]);
  });

  test('a plot asks for a budget of at least two points per pixel, from a few fixed ones', () => {
    expect(budgetFor(270)).toBe(600);
    expect(budgetFor(510)).toBe(1200);
    expect(budgetFor(900)).toBe(2400);
    expect(budgetFor(3000)).toBe(pointBudgets.at(-1));
  });

  test('the CSV has one line per reading in time order with the station offset and the unrounded value', () => {
    const points = inTimeOrder({
      KCM: { t: [Date.UTC(2026, 6, 1, 10)], v: [3] },
      H1: { t: [Date.UTC(2026, 6, 1, 10), Date.UTC(2026, 6, 1, 9)], v: [1.234567, 2] },
    });
    const csv = toCsv(points, 'Europe/Prague');
    expect(csv).toBe(
      'time,reading,value\r\n2026-07-01T11:00:00+02:00,H1,2\r\n2026-07-01T12:00:00+02:00,H1,1.234567\r\n2026-07-01T12:00:00+02:00,KCM,3\r\n',
    );
  });

  test('the CSV keeps the milliseconds of a reading that has them', () => {
    const csv = toCsv(inTimeOrder({ H1: { t: [Date.UTC(2026, 0, 5, 8, 0, 1, 161)], v: [1] } }), 'Europe/Prague');
    expect(csv).toBe('time,reading,value\r\n2026-01-05T09:00:01.161+01:00,H1,1\r\n');
  });
});
