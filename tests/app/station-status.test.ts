import { describe, expect, test } from 'vitest';
import { defaultIntervalMs, isStale, lowVoltage, usualIntervalMs } from '~/features/stations/status';

const start = Date.UTC(2026, 10, 1);
const minutes = (n: number) => n * 60_000;
// Two codes reported every 10 minutes for one day: 144 reports each.
const summary = (over: Partial<{ date: string | null; pocetMereni: number; power: number }> = {}) => ({
  date: over.date === undefined ? new Date(start + 144 * minutes(10)).toISOString() : over.date,
  pocetMereni: over.pocetMereni ?? 288,
  max: { H1: 2, POWER: 13 },
  min: { H1: 1, POWER: over.power ?? 12.4 },
});

describe('station status', () => {
  test('the usual interval is the span to the last report divided by the reports per code', () => {
    expect(usualIntervalMs(summary(), start)).toBe(minutes(10));
  });

  test('a well’s elevation and depth beside its level are no reports of their own', () => {
    const well = summary();
    well.max = { ...well.max, H1_elevation: 300, H1_depth_below_ground: 2 } as typeof well.max;
    expect(usualIntervalMs(well, start)).toBe(minutes(10));
  });

  test('too few reports fall back to the default interval', () => {
    expect(usualIntervalMs(summary({ pocetMereni: 2 }), start)).toBe(defaultIntervalMs);
  });

  test('a station is stale only after twice its usual interval without a report', () => {
    const last = start + 144 * minutes(10);
    expect(isStale(summary(), start, last + minutes(19))).toBe(false);
    expect(isStale(summary(), start, last + minutes(21))).toBe(true);
    expect(isStale(summary({ date: null, pocetMereni: 0 }), start, last)).toBe(true);
  });

  test('the low-voltage badge comes from the lowest POWER under 11.5 V', () => {
    expect(lowVoltage(summary())).toBeNull();
    expect(lowVoltage(summary({ power: 11.2 }))).toBe(11.2);
  });
});
