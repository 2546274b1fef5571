import { describe, expect, test } from 'vitest';
import { fromSettings, newOverrideMode, notOverridden, removeOverride, setOverride, toSettings } from '~/features/notifications/overrides';

describe('notification overrides on the profile', () => {
  test('setting a mode adds an override once and changes it in place', () => {
    const one = setOverride([], 4, 'none');
    expect(one).toEqual([{ id: 4, mode: 'none' }]);
    const two = setOverride(one, 9, 'critical');
    expect(setOverride(two, 4, 'all')).toEqual([
      { id: 4, mode: 'all' },
      { id: 9, mode: 'critical' },
    ]);
    expect(removeOverride(two, 4)).toEqual([{ id: 9, mode: 'critical' }]);
  });

  test('only stations or groups without an override are offered, and a new one starts away from the default', () => {
    const all = [
      { id: 1, name: 'Brno' },
      { id: 2, name: 'Jihlava' },
    ];
    expect(notOverridden(all, [{ id: 1, mode: 'none' }])).toEqual([{ id: 2, name: 'Jihlava' }]);
    expect(newOverrideMode('all')).toBe('none');
    expect(newOverrideMode('critical')).toBe('all');
    expect(newOverrideMode('none')).toBe('all');
  });

  test('the stored settings go back to the API in its own shape', () => {
    const stored = {
      mode: 'critical' as const,
      push: true,
      stations: [{ item_id: 3, mode: 'none' as const }],
      groups: [{ group_id: 5, mode: 'all' as const }],
      allStations: [{ id: 3, name: 'Olomouc' }],
      allGroups: [{ id: 5, name: 'South' }],
    };
    expect(toSettings(fromSettings(stored))).toEqual({
      mode: 'critical',
      push: true,
      stations: [{ item_id: 3, mode: 'none' }],
      groups: [{ group_id: 5, mode: 'all' }],
    });
  });
});
