import { describe, expect, it } from 'vitest';
import { episodesOf, idleState, RateWindow, runRule, silencesOf, type RuleSpec } from '../../worker/station/evaluate';

const minute = 60_000;
const rule = (overrides: Partial<RuleSpec>): RuleSpec => ({
  id: 1,
  kind: 'above',
  reading: 'H1',
  threshold: 3,
  deadband: 0,
  windowMinutes: null,
  silenceMinutes: null,
  holdMinutes: 0,
  createdAt: 0,
  ...overrides,
});
const points = (values: number[], step = 10) => values.map((value, i) => ({ ts: i * step * minute, value }));
const keys = () => {
  let n = 0;
  return () => `k${n++}`;
};

describe('alarm evaluation', () => {
  it('measures a rate from the newest point at least a window back, and none without one or across a gap', () => {
    const window = new RateWindow(points([1, 2, 3, 4]), 20 * minute);
    expect(window.at({ ts: 10 * minute, value: 2 })).toBeNull();
    expect(window.at({ ts: 30 * minute, value: 4 })).toBeCloseTo(6, 9);
    // 25 min: the newest point at least 20 min back is at 0 min, 25 min before.
    expect(window.at({ ts: 25 * minute, value: 3.5 })).toBeCloseTo(6, 9);
    expect(window.at({ ts: 120 * minute, value: 4 })).toBeNull();
  });

  it('pairs fired and cleared into episodes, the last one open', () => {
    const { transitions } = runRule(rule({ deadband: 1 }), idleState, points([1, 4, 2.5, 1.9, 5]), null, keys());
    expect(episodesOf(transitions)).toEqual([
      { startedAt: 10 * minute, firedAt: 10 * minute, clearedAt: 30 * minute, value: 4 },
      { startedAt: 40 * minute, firedAt: 40 * minute, clearedAt: null, value: 5 },
    ]);
  });

  it('returns the very state it was given when nothing changed, so the object writes nothing', () => {
    const state = { phase: 'firing' as const, since: 0, alarmKey: 'x' };
    expect(runRule(rule({}), state, points([3.5, 4]), null, keys()).state).toBe(state);
    expect(runRule(rule({}), idleState, points([1, 2]), null, keys()).state).toBe(idleState);
  });

  it('finds silences between reports and one still running at the end, each from its deadline', () => {
    const silent = rule({ kind: 'no_data', reading: null, threshold: null, silenceMinutes: 30 });
    expect(silencesOf(silent, 0, [20 * minute, 100 * minute], 200 * minute)).toEqual([
      { startedAt: 50 * minute, firedAt: 50 * minute, clearedAt: 100 * minute, value: null },
      { startedAt: 130 * minute, firedAt: 130 * minute, clearedAt: null, value: null },
    ]);
    expect(silencesOf(silent, null, [], 200 * minute)).toEqual([]);
  });
});
