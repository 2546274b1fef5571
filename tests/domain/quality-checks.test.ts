import { describe, expect, it } from 'vitest';
import { readingInfo, type CheckSettings } from '../../shared/readings';
import { checkPoints, maxJumps } from '../../worker/station/checks';

const minute = 60_000;
const every10 = (values: number[], start = 0) => values.map((value, i) => ({ ts: start + i * 10 * minute, value }));
const off: CheckSettings = { softMin: null, softMax: null, maxStep: null, maxRate: null, flatMinutes: null };
const reasons = (settings: CheckSettings, values: number[]) =>
  checkPoints(settings, null, every10(values)).flagged.map((f) => [f.ts / (10 * minute), f.reason]);

describe('automatic checks', () => {
  it('flag values out of the soft limits', () => {
    expect(reasons({ ...off, softMin: 0, softMax: 100 }, [50, -1, 100, 101])).toEqual([
      [1, 'range'],
      [3, 'range'],
    ]);
  });

  it('flag a spike once, not the reading that comes back after it', () => {
    expect(reasons({ ...off, maxStep: 1 }, [2, 2.1, 9, 2.2, 2.3])).toEqual([[2, 'step']]);
    // A probe reading -999 once: the next good value is measured from before it.
    expect(reasons({ ...off, maxStep: 1 }, [2, -999, 2.1])).toEqual([[1, 'step']]);
  });

  it(`take a new level as real after ${maxJumps} more readings off by a step`, () => {
    expect(reasons({ ...off, maxStep: 1 }, [2, 5, 5, 5, 5, 5, 5])).toEqual([
      [1, 'step'],
      [2, 'step'],
      [3, 'step'],
      [4, 'step'],
    ]);
  });

  it('flag a rate of change per hour above the largest, measured over at least 10 minutes', () => {
    expect(reasons({ ...off, maxRate: 2 }, [2, 2.2, 2.6, 2.65])).toEqual([[2, 'rate']]);
    // Two readings a second apart: 0.1 m is 0.6 m/h over the 10-minute floor, not 360 m/h.
    const close = [
      { ts: 0, value: 2 },
      { ts: 1000, value: 2.1 },
    ];
    expect(checkPoints({ ...off, maxRate: 2 }, null, close).flagged).toEqual([]);
    // No rate across a gap of more than six hours.
    expect(
      checkPoints({ ...off, maxRate: 0.1 }, null, [
        { ts: 0, value: 2 },
        { ts: 7 * 60 * minute, value: 9 },
      ]).flagged,
    ).toEqual([]);
  });

  it('flag a flat line once it has lasted the duration, from where it began', () => {
    // Humidity stuck at 100 %: 12 hours is the default.
    const rv = readingInfo('RV')!.checks;
    const values = [97, ...Array.from({ length: 80 }, () => 100), 98];
    const flagged = checkPoints(rv, null, every10(values)).flagged;
    expect(flagged[0]).toEqual({ ts: (1 + 72) * 10 * minute, reason: 'flat' });
    expect(flagged.at(-1)).toEqual({ ts: 80 * 10 * minute, reason: 'flat' });
    expect(flagged).toHaveLength(8);
  });

  it('continue from what came before (the tail), and flag only readings that are new', () => {
    const first = checkPoints({ ...off, maxStep: 1 }, null, every10([2, 2.1]));
    const next = checkPoints({ ...off, maxStep: 1 }, first.tail, every10([9, 2.2], 20 * minute));
    expect(next.flagged).toEqual([{ ts: 20 * minute, reason: 'step' }]);
    const only = checkPoints({ ...off, maxStep: 1 }, null, every10([2, 9, 9.1]), (p) => p.ts !== 10 * minute);
    expect(only.flagged).toEqual([{ ts: 20 * minute, reason: 'step' }]);
  });

  it('have defaults in the catalogue for every code, with physical limits wider than the soft ones', () => {
    for (const code of [
      'H1',
      'KCM',
      'RV',
      'SRA1H',
      '_T',
      '_TX',
      'POWER',
      'humidity',
      'pressure',
      'inner temperature',
      'outer temperature',
      'inner 2nd temperature',
      'hladina',
    ]) {
      const { limits, checks } = readingInfo(code)!;
      expect(limits[0], code).toBeLessThan(limits[1]);
      if (checks.softMin !== null) expect(checks.softMin, code).toBeGreaterThanOrEqual(limits[0]);
      if (checks.softMax !== null) expect(checks.softMax, code).toBeLessThanOrEqual(limits[1]);
    }
    expect(readingInfo('SRA1H')!.checks.flatMinutes).toBeNull();
  });
});
