import { describe, expect, test } from 'vitest';
import type { AlarmRule, RulePreview } from '../../worker/contracts/alarms';
import { previewChart } from '~/features/alarm-rules/rule-preview';
import { describeRule, kindFields, kindOptions, numberField, readRule, sourceReadings } from '~/features/alarm-rules/rule-fields';
import { alarmRule } from '../support/rows';

const form = (fields: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(fields)) data.set(name, value);
  return data;
};

const rule = (over: Partial<AlarmRule>) => alarmRule({ item_id: 7, unique_id: 'DANES-X', ...over });

const h1 = sourceReadings('DANES').find((r) => r.code === 'H1');
const power = sourceReadings('DANES').find((r) => r.code === 'POWER');

describe('the rule form', () => {
  test('shows the inputs each kind uses', () => {
    expect(kindFields('above')).toMatchObject({
      reading: 'choose',
      threshold: 'level',
      deadband: true,
      window: false,
      silence: false,
      hold: true,
    });
    expect(kindFields('rise')).toMatchObject({ threshold: 'rate', window: true });
    expect(kindFields('no_data')).toMatchObject({ reading: null, threshold: null, deadband: false, silence: true, hold: false });
    expect(kindFields('low_voltage')).toMatchObject({ reading: 'power', threshold: 'level' });
  });

  test('offers the low-voltage preset only where the source reports POWER', () => {
    expect(kindOptions('DANES')).toEqual(['above', 'below', 'rise', 'fall', 'no_data', 'low_voltage', 'forecast']);
    expect(kindOptions('UNIWAN')).not.toContain('low_voltage');
  });

  test('reads numbers as typed: empty is none, a decimal comma is a point, nonsense stays for the contract to refuse', () => {
    expect(numberField('')).toBeNull();
    expect(numberField('  ')).toBeNull();
    expect(numberField(null)).toBeNull();
    expect(numberField('2,5')).toBe(2.5);
    expect(numberField('-0.25')).toBe(-0.25);
    expect(numberField('abc')).toBeNaN();
  });

  test('sends the chosen kind, reading and severity with the typed fields; the preset always watches POWER', () => {
    const chosen = { item_id: 7, kind: 'above' as const, reading: 'H1', severity: 'critical' as const };
    expect(readRule(form({ name: 'Flood', threshold: '2.5', deadband: '0,05', hold_minutes: '' }), chosen)).toEqual({
      ...chosen,
      name: 'Flood',
      threshold: 2.5,
      deadband: 0.05,
      window_minutes: null,
      silence_minutes: null,
      hold_minutes: null,
    });
    expect(readRule(form({ threshold: '11.5' }), { ...chosen, kind: 'low_voltage' })).toMatchObject({ reading: 'POWER', threshold: 11.5 });
    expect(readRule(form({ silence_minutes: '90' }), { ...chosen, kind: 'no_data', id: 3 })).toMatchObject({
      id: 3,
      reading: null,
      silence_minutes: 90,
    });
  });
});

describe('a rule in words', () => {
  test('a level rule fires past its threshold and clears past its clear level, without float noise', () => {
    expect(describeRule(rule({}), h1)).toEqual({
      condition: 'above 2.5 m',
      clears: 'back below 2.45 m',
      deadband: 'deadband 0.05 m',
      timing: '',
    });
    expect(describeRule(rule({ threshold: 2.08, clear_level: 2.08 - 0.05 }), h1).clears).toBe('back below 2.03 m');
    expect(
      describeRule(
        rule({ kind: 'low_voltage', reading: 'POWER', threshold: 11.5, deadband: 0.2, clear_level: 11.7, hold_minutes: 30 }),
        power,
      ),
    ).toEqual({
      condition: 'below 11.5 V',
      clears: 'back above 11.7 V',
      deadband: 'deadband 0.2 V',
      timing: 'holds 30 min',
    });
  });

  test('a rate rule speaks per hour over its window, and a no-data rule of its silence', () => {
    expect(describeRule(rule({ kind: 'fall', threshold: 0.2, deadband: 0.05, window_minutes: 60, clear_level: null }), h1)).toEqual({
      condition: 'falls faster than 0.2 m/h',
      clears: 'slower than 0.15 m/h',
      deadband: 'deadband 0.05 m/h',
      timing: 'rate over 60 min',
    });
    expect(
      describeRule(
        rule({ kind: 'no_data', reading: null, threshold: null, deadband: 0, silence_minutes: 120, clear_level: null }),
        undefined,
      ),
    ).toEqual({
      condition: 'no data for 120 min',
      clears: 'data arrives',
      deadband: null,
      timing: '',
    });
  });

  test('a forecast rule asks for a warning level and a lead time, and speaks of them alone', () => {
    expect(kindFields('forecast')).toEqual({
      reading: 'choose',
      threshold: 'warning',
      deadband: false,
      window: false,
      lead: true,
      silence: false,
      hold: false,
      suspect: false,
    });
    expect(describeRule(rule({ kind: 'forecast', threshold: 2, deadband: 0, window_minutes: 180, clear_level: null }), h1)).toEqual({
      condition: 'level 2 reached or forecast within 180 min',
      clears: 'below the level and not forecast',
      deadband: null,
      timing: '',
    });
  });
});

describe('the preview chart', () => {
  const preview = (over: Partial<RulePreview>): RulePreview => ({
    item_id: 7,
    reading: 'H1',
    from: '2026-10-26T00:00:00.000Z',
    to: '2026-11-25T00:00:00.000Z',
    fired: 0,
    episodes: [],
    threshold: 2.5,
    clear_level: 2.45,
    series: { t: [Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-01T00:10:00Z')], v: [2.1, 2.6] },
    downsampled: false,
    ...over,
  });

  test('draws a value rule’s threshold and clear level as lines over its reading, in its severity’s colour', () => {
    expect(previewChart(preview({}), 'critical', 'UTC')).toEqual({
      drawing: {
        kind: 'line',
        points: [
          { time: Date.parse('2026-11-01T00:00:00Z') / 1000, value: 2.1 },
          { time: Date.parse('2026-11-01T00:10:00Z') / 1000, value: 2.6 },
        ],
        instants: [Date.parse('2026-11-01T00:00:00Z'), Date.parse('2026-11-01T00:10:00Z')],
      },
      thresholds: [
        { price: 2.5, title: 'Threshold', severity: 'critical', clears: false },
        { price: 2.45, title: 'Clears', severity: 'critical', clears: true },
      ],
    });
    expect(previewChart(preview({ clear_level: 2.5 }), 'warning', 'UTC')?.thresholds).toEqual([
      { price: 2.5, title: 'Threshold', severity: 'warning', clears: false },
    ]);
  });

  test('draws no level for a rate rule (its threshold is per hour) and no chart for a no-data rule', () => {
    expect(previewChart(preview({ threshold: 0.2, clear_level: null }), 'warning', 'UTC')?.thresholds).toEqual([]);
    expect(previewChart(preview({ reading: null, threshold: null, clear_level: null, series: null }), 'warning', 'UTC')).toBeNull();
  });
});
