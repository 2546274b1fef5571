import type { AlarmRule, AlarmRulesInput } from '../../../worker/contracts/alarms';
import { isRateKind, lowVoltageReading, type RuleKind, type Severity } from '../../../worker/contracts/alarm-kinds';
import { derivedReadingsOf, isReadingOf, readingsOf, type Source } from '../../../shared/readings';
import { readingsPresent, type Reading } from '~/features/stations/readings';
import { m } from '~/paraglide/messages';

/**
 * The inputs each kind of rule has (the contract ignores the others): which reading, whether the threshold is a
 * level, a rate per hour or a warning level's number, which of deadband, window, lead (a forecast's window), silence
 * and hold apply, and whether it can ignore suspect readings.
 */
interface KindFields {
  reading: 'choose' | 'power' | null;
  threshold: 'level' | 'rate' | 'warning' | null;
  deadband: boolean;
  window: boolean;
  lead: boolean;
  silence: boolean;
  hold: boolean;
  suspect: boolean;
}

const none = { deadband: false, window: false, lead: false, silence: false, hold: false, suspect: false };
const level: KindFields = { ...none, reading: 'choose', threshold: 'level', deadband: true, hold: true, suspect: true };
const rate: KindFields = { ...level, threshold: 'rate', window: true };

// Keyed by every kind, so the list below cannot miss one.
const fields: Record<RuleKind, KindFields> = {
  above: level,
  below: level,
  rise: rate,
  fall: rate,
  no_data: { ...none, reading: null, threshold: null, silence: true },
  low_voltage: { ...level, reading: 'power' },
  forecast: { ...none, reading: 'choose', threshold: 'warning', lead: true },
};

export const kindFields = (kind: RuleKind) => fields[kind];

/** The kinds a station of this source can have: the low-voltage preset needs a source that reports POWER. */
export const kindOptions = (source: Source) =>
  (Object.keys(fields) as RuleKind[]).filter((k) => k !== 'low_voltage' || isReadingOf(source, lowVoltageReading));

export const kindLabels: Record<RuleKind, () => string> = {
  above: m.alarm_rules_kind_above,
  below: m.alarm_rules_kind_below,
  rise: m.alarm_rules_kind_rise,
  fall: m.alarm_rules_kind_fall,
  no_data: m.alarm_rules_kind_no_data,
  low_voltage: m.alarm_rules_kind_low_voltage,
  forecast: m.alarm_rules_kind_forecast,
};

/** Every reading of a source, then its derived codes (elevation above datum …), named in the current language. */
export const sourceReadings = (source: Source): Reading[] =>
  readingsPresent(
    source,
    [...readingsOf(source), ...derivedReadingsOf(source)].map((r) => r.code),
  );

/** A number input's value: empty is no value, a decimal comma is read as a point, anything else goes to the contract as typed. */
export function numberField(value: FormDataEntryValue | null): number | null {
  const text = typeof value === 'string' ? value.trim().replace(',', '.') : '';
  return text === '' ? null : Number(text);
}

/** What the rule form sends: the choices held in state, the typed fields from the form. */
export function readRule(
  form: FormData,
  chosen: { id?: number; item_id: number; kind: RuleKind; reading: string | null; severity: Severity; on_suspect?: boolean },
): AlarmRulesInput {
  const { reading } = kindFields(chosen.kind);
  return {
    ...chosen,
    reading: reading === 'power' ? lowVoltageReading : reading ? chosen.reading : null,
    name: typeof form.get('name') === 'string' ? String(form.get('name')) : null,
    threshold: numberField(form.get('threshold')),
    deadband: numberField(form.get('deadband')),
    window_minutes: numberField(form.get('window_minutes')),
    silence_minutes: numberField(form.get('silence_minutes')),
    hold_minutes: numberField(form.get('hold_minutes')),
  };
}

// Twelve significant digits hide the float noise of arithmetic on levels (2.08 − 0.05 is 2.0300000000000002).
const amount = (value: number, unit: string) => `${Number(value.toPrecision(12))} ${unit}`.trim();

/** A stored rule in words, cell by cell: its condition, where it clears (and the deadband that sets it), and its timing. */
export function describeRule(rule: AlarmRule, reading: Reading | undefined) {
  const unit = reading?.unit ?? '';
  const perHour = m.alarm_rules_per_hour({ unit });
  const value = amount(rule.threshold ?? 0, isRateKind(rule.kind) ? perHour : unit);
  const condition = {
    above: () => m.alarm_rules_cond_above({ value }),
    below: () => m.alarm_rules_cond_below({ value }),
    low_voltage: () => m.alarm_rules_cond_below({ value }),
    rise: () => m.alarm_rules_cond_rise({ value }),
    fall: () => m.alarm_rules_cond_fall({ value }),
    no_data: () => m.alarm_rules_cond_no_data({ minutes: rule.silence_minutes ?? 0 }),
    forecast: () => m.alarm_rules_cond_forecast({ level: rule.threshold ?? 0, minutes: rule.window_minutes ?? 0 }),
  }[rule.kind]();
  const clearRate = amount((rule.threshold ?? 0) - rule.deadband, perHour);
  const clearLevel = amount(rule.clear_level ?? 0, unit);
  const clears = {
    above: () => m.alarm_rules_clears_below({ value: clearLevel }),
    below: () => m.alarm_rules_clears_above({ value: clearLevel }),
    low_voltage: () => m.alarm_rules_clears_above({ value: clearLevel }),
    rise: () => m.alarm_rules_clears_slower({ value: clearRate }),
    fall: () => m.alarm_rules_clears_slower({ value: clearRate }),
    no_data: () => m.alarm_rules_clears_on_data(),
    forecast: () => m.alarm_rules_clears_forecast(),
  }[rule.kind]();
  const kind = kindFields(rule.kind);
  const timing: string[] = [];
  if (kind.window && rule.window_minutes !== null) timing.push(m.alarm_rules_window_of({ minutes: rule.window_minutes }));
  if (rule.hold_minutes > 0) timing.push(m.alarm_rules_hold_of({ minutes: rule.hold_minutes }));
  return {
    condition,
    clears,
    deadband: kind.deadband
      ? m.alarm_rules_deadband_of({ value: amount(rule.deadband, kind.threshold === 'rate' ? perHour : unit) })
      : null,
    timing: timing.join(' · '),
  };
}
