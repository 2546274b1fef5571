// Kept apart from the zod contracts so that screens showing alarms load without zod.

/**
 * What a rule watches. `above`/`below`: a reading's value against the threshold; `rise`/`fall`: its rate of change
 * per hour over a window; `no_data`: no reading from the station for `silence_minutes`; `low_voltage`: the ready
 * preset "supply voltage (POWER) below the threshold", evaluated like `below`; `forecast`: the reading's time-to-level
 * forecast expects warning level `threshold` within `window_minutes`, or the level is reached (decision 0043).
 */
export const ruleKinds = ['above', 'below', 'rise', 'fall', 'no_data', 'low_voltage', 'forecast'] as const;
export type RuleKind = (typeof ruleKinds)[number];
/**
 * What an alarm (and its rule's row) can be: a station rule's kind, or `k_of_n`, a rule across stations (decision
 * 0034) that D1 evaluates from the stations' current warning levels; its row's threshold is k.
 */
export const alarmKinds = [...ruleKinds, 'k_of_n'] as const;
export type AlarmKind = (typeof alarmKinds)[number];
export const severities = ['warning', 'critical'] as const;
export type Severity = (typeof severities)[number];
export const alarmStates = ['active', 'acknowledged', 'cleared'] as const;
export type AlarmState = (typeof alarmStates)[number];
/** Why an alarm was cleared: its condition ended, or its rule was deleted while it was open. */
export const clearReasons = ['condition', 'rule_deleted'] as const;

/** The reading the low-voltage preset watches, and the level it proposes. */
export const lowVoltageReading = 'POWER';
export const lowVoltageDefault = 11.5;

/**
 * Which values a value or rate rule evaluates: `corrected` (the default) the series as corrected, derived codes
 * included (docs/corrections.md); `raw` the logger's readings.
 */
export const ruleSeries = ['corrected', 'raw'] as const;

/** How far ahead a time-to-level forecast reaches, so the most a forecast rule can look ahead (decision 0035). */
export const forecastHorizonMinutes = 48 * 60;

export const isValueKind = (kind: AlarmKind) => kind === 'above' || kind === 'below' || kind === 'low_voltage';
export const isRateKind = (kind: AlarmKind) => kind === 'rise' || kind === 'fall';

/** The ranges the alarm statistics screen offers, in days ending now (the API takes any `days` up to a year). */
export const statisticsRanges = [7, 30, 90] as const;
