/** Replies' rows as the browser code receives them, for unit tests of screen logic that need no server. */
import type { Alarm, AlarmRule } from '../../worker/contracts/alarms';
import type { ItemRow } from '../../worker/contracts/items';

export const itemRow = (over: Partial<ItemRow> = {}): ItemRow => ({
  id: 1,
  name: 'Brno well',
  serial_nr: null,
  unique_id: 'DANES-1',
  location_x: null,
  location_y: null,
  location_name: null,
  location_group: null,
  last_update: null,
  name_for_api: 'DANES',
  timezone: 'Europe/Prague',
  report_minutes: 10,
  datum: null,
  ...over,
});

/** A level rule on H1: above 2.5 m, clearing below 2.45 m. */
export const alarmRule = (over: Partial<AlarmRule> = {}): AlarmRule => ({
  id: 1,
  item_id: 1,
  unique_id: 'DANES-1',
  name: null,
  kind: 'above',
  reading: 'H1',
  threshold: 2.5,
  deadband: 0.05,
  window_minutes: null,
  silence_minutes: null,
  hold_minutes: 0,
  severity: 'warning',
  on_suspect: true,
  series: 'corrected',
  clear_level: 2.45,
  created_at: '2026-11-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  ...over,
});

/** An active alarm of a level rule on H1, fired at 2.6 m. */
export const alarmRow = (id: number, over: Partial<Alarm> = {}): Alarm => ({
  id,
  rule_id: id,
  item_id: 1,
  unique_id: 'DANES-1',
  station_name: 'Brno well',
  rule_name: 'Flood level',
  kind: 'above',
  reading: 'H1',
  severity: 'warning',
  threshold: 2.5,
  state: 'active',
  started_at: '2026-11-21T09:00:00.000Z',
  fired_at: '2026-11-21T09:00:00.000Z',
  value: 2.6,
  acknowledged_at: null,
  acknowledged_by: null,
  note: null,
  cleared_at: null,
  clear_value: null,
  cleared_reason: null,
  ...over,
});
