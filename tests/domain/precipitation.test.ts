import { describe, expect, it } from 'vitest';
import { hourlyIncrement, hourlyTotal, HourlyAmounts } from '../../shared/precipitation';
import { dayBounds } from '../../shared/station-time';

const prague = 'Europe/Prague';
const minute = 60_000;
const hour = 60 * minute;
const at = (iso: string) => Date.parse(iso);

describe('the hourly rule for precipitation (one reading per clock hour, the last stamped in it)', () => {
  it('counts an hourly station as it reports', () => {
    const readings = [0.2, 0, 1.4, 0.6].map((value, i) => ({ ts: at('2026-06-01T08:00:00Z') + i * hour, value }));
    expect(hourlyTotal(readings, prague)).toEqual({ sum: expect.closeTo(2.2, 9), counted: 4 });
  });

  it('counts the rolling hour reported every 10 minutes once an hour, at its last report', () => {
    // 0.1 mm falls every 10 minutes for two hours; each report is the rolling hour up to it.
    const fell = Array.from({ length: 12 }, (_, i) => ({ ts: at('2026-06-01T08:00:00Z') + i * 10 * minute, mm: 0.1 }));
    const readings = fell.map((f, i) => ({ ts: f.ts, value: fell.slice(Math.max(0, i - 5), i + 1).reduce((n, x) => n + x.mm, 0) }));
    const { sum, counted } = hourlyTotal(readings, prague);
    expect(counted).toBe(2);
    expect(sum).toBeCloseTo(1.2, 9);
  });

  it('takes the last of an irregular hour, whatever came before it in that hour', () => {
    const readings = [
      { ts: at('2026-06-01T08:05:00Z'), value: 3 },
      { ts: at('2026-06-01T08:47:13Z'), value: 1 },
      { ts: at('2026-06-01T09:59:59Z'), value: 2 },
      { ts: at('2026-06-01T11:00:00Z'), value: 0.5 },
    ];
    expect(hourlyTotal(readings, prague)).toEqual({ sum: 3.5, counted: 3 });
  });

  it('keeps the two 02:00 hours of the night the clocks go back apart, and 23 hours on the spring day', () => {
    for (const [day, hours] of [
      ['2026-10-25', 25],
      ['2026-03-29', 23],
    ] as const) {
      const { start, end } = dayBounds(day, prague);
      const readings = [];
      for (let ts = start; ts < end; ts += 10 * minute) readings.push({ ts, value: 1 });
      expect(hourlyTotal(readings, prague), day).toEqual({ sum: hours, counted: hours });
    }
  });

  it('follows the station-local clock hour where the zone is off the whole hour', () => {
    // Kolkata is UTC+05:30: its clock hours start at :30 UTC.
    const counted: number[] = [];
    const hours = new HourlyAmounts('Asia/Kolkata', (ts) => counted.push(ts));
    for (const iso of ['2026-06-01T08:20:00Z', '2026-06-01T08:29:00Z', '2026-06-01T08:31:00Z', '2026-06-01T09:20:00Z'])
      hours.add(at(iso), 1);
    hours.finish();
    expect(counted.map((ts) => new Date(ts).toISOString())).toEqual(['2026-06-01T08:29:00.000Z', '2026-06-01T09:20:00.000Z']);
  });

  it('tells a live update what a new reading adds: the difference within its hour, all of it in a new hour', () => {
    const last = { t: at('2026-06-01T08:40:00Z'), v: 1.2 };
    expect(hourlyIncrement(last, { ts: at('2026-06-01T08:50:00Z'), value: 1.5 }, prague)).toBeCloseTo(0.3, 9);
    expect(hourlyIncrement(last, { ts: at('2026-06-01T09:00:00Z'), value: 0.4 }, prague)).toBe(0.4);
    expect(hourlyIncrement(last, { ts: at('2026-06-01T08:30:00Z'), value: 9 }, prague)).toBe(0);
    expect(hourlyIncrement(null, { ts: at('2026-06-01T08:30:00Z'), value: 9 }, prague)).toBe(9);
  });
});
