import { describe, expect, test } from 'vitest';
import { chartSearch, rangeChoice } from '~/features/charts/range';
import { dayMonth, formatDay } from '~/lib/format';

describe('the chart range in the address', () => {
  test('a preset, a custom pair, or nothing (the default range)', () => {
    expect(rangeChoice(chartSearch({ days: '7' }))).toEqual({ days: 7 });
    expect(rangeChoice(chartSearch({ from: '2026-11-01', to: '2026-11-03', days: 7 }))).toEqual({ from: '2026-11-01', to: '2026-11-03' });
    expect(rangeChoice(chartSearch({}))).toEqual({});
  });

  test('anything unknown or malformed falls back instead of failing', () => {
    expect(rangeChoice(chartSearch({ days: '5' }))).toEqual({});
    expect(rangeChoice(chartSearch({ from: '2026-02-30', to: '2026-03-01' }))).toEqual({});
    // A reversed pair is not a range; the preset next to it still counts.
    expect(rangeChoice(chartSearch({ from: '2026-11-03', to: '2026-11-01', days: 3 }))).toEqual({ days: 3 });
  });
});

describe('dates on screen', () => {
  test('a day reads DD.MM.YYYY, an instant DD.MM on the station’s own calendar', () => {
    expect(formatDay('2026-11-02')).toBe('02.11.2026');
    // 23:30 UTC on 21 November is already the 22nd in Prague.
    expect(dayMonth('2026-11-21T23:30:00Z', 'Europe/Prague')).toBe('22.11');
    expect(dayMonth('2026-11-21T23:30:00Z', 'America/New_York')).toBe('21.11');
  });
});
