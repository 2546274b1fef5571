import type { LevelDirection } from '../contracts/warning';
import { forecastHorizonMinutes } from '../contracts/alarm-kinds';

/** How a time-to-level forecast is made (decision 0035); the defaults are the object's. */
export interface ForecastMethod {
  /** The fit looks at the readings of this long before the newest one. */
  windowMs: number;
  /** Fewer readings in the window give no forecast. */
  minReadings: number;
  /** A crossing further ahead than this gives no forecast. */
  horizonMs: number;
}

const hourMs = 3_600_000;

export const defaultForecastMethod: ForecastMethod = { windowMs: 3 * hourMs, minReadings: 3, horizonMs: forecastHorizonMinutes * 60_000 };

/** The next level a reading is expected to reach and when (ms), made from readings up to `issuedAt`. */
export interface LevelForecast {
  level: number;
  issuedAt: number;
  expectedAt: number;
}

/**
 * When the scale's next level beyond `current` is reached if the recent trend goes on: a least-squares straight line
 * through the good readings of the last `windowMs` before the newest, extended until it meets that level's threshold.
 * No forecast when the scale has no next level, the window holds fewer than `minReadings` readings, the line is flat
 * or goes away from the level (falling on a rising scale, rising on a falling one), or the meeting is beyond
 * `horizonMs`. A line already past the threshold while the level is not reached (the newest reading is still short of
 * it) forecasts the level at the newest reading. `points` must be in time order.
 */
export function forecastLevel(
  scale: { direction: LevelDirection; levels: readonly { threshold: number }[] },
  current: number,
  points: readonly { ts: number; value: number }[],
  method: ForecastMethod = defaultForecastMethod,
): LevelForecast | null {
  const next = scale.levels[current];
  if (!next || !points.length) return null;
  const issuedAt = points[points.length - 1].ts;
  const recent = points.filter((p) => p.ts >= issuedAt - method.windowMs);
  if (recent.length < method.minReadings) return null;
  // Time in hours from the window's mean, so the sums stay small and exact for readings on a line.
  const meanTs = recent.reduce((s, p) => s + p.ts, 0) / recent.length;
  const meanValue = recent.reduce((s, p) => s + p.value, 0) / recent.length;
  let sxx = 0;
  let sxy = 0;
  for (const p of recent) {
    const x = (p.ts - meanTs) / hourMs;
    sxx += x * x;
    sxy += x * (p.value - meanValue);
  }
  if (sxx === 0) return null;
  const slope = sxy / sxx;
  const towards = scale.direction === 'rising' ? slope > 0 : slope < 0;
  if (!towards) return null;
  const crossing = meanTs + ((next.threshold - meanValue) / slope) * hourMs;
  const expectedAt = Math.max(issuedAt, Math.round(crossing));
  if (expectedAt - issuedAt > method.horizonMs) return null;
  return { level: current + 1, issuedAt, expectedAt };
}

const minuteMs = 60_000;

/**
 * Whether a new forecast says something else than the one people see (null: none): another level, one appearing
 * or gone, or an expected time moved by more than 10 minutes or a tenth of the time left. A forecast that only
 * drifts a little is not written again.
 */
export function forecastMoved(before: LevelForecast | null, after: LevelForecast | null): boolean {
  if (!before || !after) return before !== after;
  if (before.level !== after.level) return true;
  const left = Math.max(0, after.expectedAt - after.issuedAt);
  return Math.abs(after.expectedAt - before.expectedAt) > Math.max(10 * minuteMs, left / 10);
}
