import { describe, expect, it } from 'vitest';
import { forecastLevel, forecastMoved } from '../../worker/station/time-to-level';

const minute = 60_000;
const hour = 60 * minute;
const t0 = Date.UTC(2026, 10, 28, 0, 0);
const rising = { direction: 'rising' as const, levels: [{ threshold: 150 }, { threshold: 200 }, { threshold: 260 }] };
const falling = { direction: 'falling' as const, levels: [{ threshold: 5 }, { threshold: 2 }] };

/** Readings every 10 minutes from t0 for `minutes`, the value given by `at(minutes since t0)`. */
const series = (minutes: number, at: (m: number) => number) =>
  Array.from({ length: minutes / 10 + 1 }, (_, i) => ({ ts: t0 + i * 10 * minute, value: at(i * 10) }));

describe('time-to-level forecast', () => {
  it('a linear rise meets the next level exactly where the line crosses its threshold', () => {
    // 120 cm at t0, rising 12 cm/h: level 1 (150) at 2 h 30 min, level 2 (200) at 6 h 40 min.
    const points = series(120, (m) => 120 + (12 * m) / 60);
    expect(forecastLevel(rising, 0, points)).toEqual({ level: 1, issuedAt: t0 + 2 * hour, expectedAt: t0 + 150 * minute });
    expect(forecastLevel(rising, 1, points)).toEqual({ level: 2, issuedAt: t0 + 2 * hour, expectedAt: t0 + 400 * minute });
  });

  it('fits only the last three hours: an older, slower rise does not bend the line', () => {
    const points = series(360, (m) => (m <= 180 ? 100 : 100 + (m - 180) / 6));
    // From 3 h on: 10 cm/h from 100 cm; the window [3 h, 6 h] holds only that line, so 150 is met at 8 h.
    expect(forecastLevel(rising, 0, points)?.expectedAt).toBe(t0 + 8 * hour);
  });

  it('noise around a line is averaged out by the least-squares fit', () => {
    const points = series(120, (m) => 120 + (12 * m) / 60 + (m % 20 === 0 ? 1 : -1));
    const forecast = forecastLevel(rising, 0, points)!;
    expect(Math.abs(forecast.expectedAt - (t0 + 150 * minute))).toBeLessThan(10 * minute);
  });

  it('a falling scale mirrors it: a falling well is forecast to reach the level below', () => {
    // 8 m falling 0.5 m/h: 5 m is reached at 6 h.
    const points = series(180, (m) => 8 - m / 120);
    expect(forecastLevel(falling, 0, points)).toEqual({ level: 1, issuedAt: t0 + 3 * hour, expectedAt: t0 + 6 * hour });
  });

  it('a falling or flat trend gives no forecast on a rising scale, and a rising one none on a falling scale', () => {
    expect(
      forecastLevel(
        rising,
        0,
        series(120, (m) => 140 - m / 60),
      ),
    ).toBeNull();
    expect(
      forecastLevel(
        rising,
        0,
        series(120, () => 140),
      ),
    ).toBeNull();
    expect(
      forecastLevel(
        falling,
        0,
        series(120, (m) => 8 + m / 60),
      ),
    ).toBeNull();
  });

  it('gives none beyond the horizon, with too few readings, or past the last level', () => {
    // 1 cm/h from 100 cm: 150 is met at 50 h, exactly the 48 h horizon after the newest reading (2 h); 260 and a
    // start at 50 cm are beyond it.
    expect(
      forecastLevel(
        rising,
        0,
        series(120, (m) => 100 + m / 60),
      )?.expectedAt,
    ).toBe(t0 + 50 * hour);
    expect(
      forecastLevel(
        rising,
        2,
        series(120, (m) => 100 + m / 60),
      ),
    ).toBeNull();
    expect(
      forecastLevel(
        rising,
        0,
        series(120, (m) => 50 + m / 60),
      ),
    ).toBeNull();
    expect(
      forecastLevel(
        rising,
        0,
        series(10, (m) => 120 + m),
      ),
    ).toBeNull();
    expect(
      forecastLevel(
        rising,
        3,
        series(120, (m) => 300 + m),
      ),
    ).toBeNull();
  });

  it('a line already past the threshold while the newest reading is short of it forecasts the level now', () => {
    const points = [...series(60, (m) => 140 + m / 6), { ts: t0 + 70 * minute, value: 149 }];
    const forecast = forecastLevel(rising, 0, points)!;
    expect(forecast).toEqual({ level: 1, issuedAt: t0 + 70 * minute, expectedAt: t0 + 70 * minute });
  });
});

describe('when a forecast is written again', () => {
  const at = (expectedMinutes: number, level = 1) => ({ level, issuedAt: t0, expectedAt: t0 + expectedMinutes * minute });
  it('on a new, gone or other level, or a move beyond 10 minutes or a tenth of the time left', () => {
    expect(forecastMoved(null, null)).toBe(false);
    expect(forecastMoved(null, at(60))).toBe(true);
    expect(forecastMoved(at(60), null)).toBe(true);
    expect(forecastMoved(at(60), at(60, 2))).toBe(true);
    expect(forecastMoved(at(60), at(70))).toBe(false);
    expect(forecastMoved(at(60), at(71))).toBe(true);
    // Eleven hours ahead: a move of up to a tenth of that (66 min) is the same forecast.
    expect(forecastMoved(at(600), at(660))).toBe(false);
    expect(forecastMoved(at(600), at(667))).toBe(true);
  });
});
