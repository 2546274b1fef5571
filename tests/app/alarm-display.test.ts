import { describe, expect, test } from 'vitest';
import type { AlarmRule } from '../../worker/contracts/alarms';
import { conditionText, ruleTitle, valueText } from '~/features/alarms/alarm-text';
import { thresholdsByReading } from '~/features/alarms/thresholds';
import { clusterLabel, stationLabel } from '~/features/map/marker-look';
import { alarmOfRank, stationFeatures } from '~/features/map/station-features';
import { stationDateTime } from '~/lib/format';
import { alarmRule, itemRow } from '../support/rows';

const rule = (over: Partial<AlarmRule>) => alarmRule({ name: 'Flood level', severity: 'critical', ...over });

describe('threshold lines on a chart', () => {
  test('a value rule draws its threshold and, dashed, its clear level on its own reading', () => {
    const lines = thresholdsByReading([
      rule({}),
      rule({
        id: 2,
        name: null,
        kind: 'low_voltage',
        reading: 'POWER',
        threshold: 11.5,
        deadband: 0,
        clear_level: 11.5,
        severity: 'warning',
      }),
    ]);
    expect(lines.get('H1')).toEqual([
      { price: 2.5, title: 'Flood level', severity: 'critical', clears: false },
      { price: 2.45, title: 'Flood level · clears', severity: 'critical', clears: true },
    ]);
    // No deadband: the clear level is the threshold, one line says both; a nameless rule is named by its condition.
    expect(lines.get('POWER')).toEqual([{ price: 11.5, title: 'Supply voltage below 11.5 V', severity: 'warning', clears: false }]);
  });

  test('rate and no-data rules have no level to draw', () => {
    const lines = thresholdsByReading([
      rule({ kind: 'rise', threshold: 0.02, window_minutes: 60, clear_level: null }),
      rule({ kind: 'no_data', reading: null, threshold: null, silence_minutes: 60, clear_level: null }),
    ]);
    expect(lines.size).toBe(0);
  });
});

describe('alarm texts', () => {
  test('a condition names its level with the reading’s unit; rates are per hour', () => {
    expect(conditionText({ kind: 'below', reading: 'outer temperature', threshold: -2.5 })).toBe('Below -2.5 °C');
    expect(conditionText({ kind: 'rise', reading: 'hladina', threshold: 0.02 })).toBe('Rising faster than 0.02 m/h');
    expect(conditionText({ kind: 'no_data', reading: null, threshold: null })).toBe('No data received');
    expect(ruleTitle(null, { kind: 'above', reading: 'H1', threshold: 2.5 })).toBe('Above 2.5 m');
  });

  test('the value that fired an alarm has four decimals and its unit; no-data alarms have none', () => {
    expect(valueText(2.61, { kind: 'above', reading: 'H1', threshold: 2.5 })).toBe('2.6100 m');
    expect(valueText(0.031, { kind: 'rise', reading: 'H1', threshold: 0.02 })).toBe('0.0310 m/h');
    expect(valueText(null, { kind: 'no_data', reading: null, threshold: null })).toBeNull();
  });

  test('times show in the station’s zone, across a change of the clocks', () => {
    expect(stationDateTime('2026-03-29T00:30:00Z', 'Europe/Prague')).toBe('29.03.2026 01:30');
    expect(stationDateTime('2026-03-29T01:30:00Z', 'Europe/Prague')).toBe('29.03.2026 03:30');
    expect(stationDateTime('2026-03-29T01:30:00Z', 'America/New_York')).toBe('28.03.2026 21:30');
  });
});

const item = (uniqueId: string) => itemRow({ name: uniqueId, unique_id: uniqueId, location_x: 49.18, location_y: 16.59 });

describe('alarms on the map', () => {
  test('a station carries its worst open alarm; a station without one carries none', () => {
    const collection = stationFeatures([item('A'), item('B')], () => 'fresh', new Map([['A', 'critical']]));
    expect(collection.features.map((f) => f.properties.alarm)).toEqual(['critical', undefined]);
  });

  test('a cluster’s worst alarm comes back from its rank', () => {
    expect([0, 1, 2, undefined].map(alarmOfRank)).toEqual([undefined, 'warning', 'critical', undefined]);
  });

  test('markers and clusters say their alarm to screen readers', () => {
    expect(stationLabel('Brno well', 'fresh', 'critical')).toBe('Brno well (Up to date, Critical alarm)');
    expect(clusterLabel({ fresh: 2, stale: 0, low_voltage: 0, unknown: 0 }, 'warning')).toBe(
      '2 stations (2 up to date). Worst open alarm: Warning alarm. Zoom in on them',
    );
  });
});
