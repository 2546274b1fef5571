import { isRateKind, type AlarmKind, type Severity } from '../../../worker/contracts/alarm-kinds';
import { formatValue, readingByCode } from '~/features/stations/readings';
import { m } from '~/paraglide/messages';

interface RuleShape {
  kind: AlarmKind;
  reading: string | null;
  threshold: number | null;
}

export const severityName = (severity: Severity) => (severity === 'critical' ? m.alarms_severity_critical() : m.alarms_severity_warning());

const unitOf = (reading: string | null) => (reading ? readingByCode(reading)?.unit : undefined);
const withUnit = (value: string, unit: string | undefined) => (unit ? `${value} ${unit}` : value);

/** What a rule watches, in words: "Above 2.5 m", "Rising faster than 0.02 m/h", "No data received". */
export function conditionText({ kind, reading, threshold }: RuleShape): string {
  const level = withUnit(String(threshold ?? ''), unitOf(reading));
  const texts: Record<AlarmKind, () => string> = {
    above: () => m.alarms_kind_above({ level }),
    below: () => m.alarms_kind_below({ level }),
    rise: () => m.alarms_kind_rise({ level }),
    fall: () => m.alarms_kind_fall({ level }),
    low_voltage: () => m.alarms_kind_low_voltage({ level }),
    no_data: () => m.alarms_kind_no_data(),
    forecast: () => m.alarms_kind_forecast({ level: String(threshold ?? '') }),
    k_of_n: () => m.alarms_kind_k_of_n({ k: String(threshold ?? '') }),
  };
  return texts[kind]();
}

/** A rule's name, or what it watches when it has none. */
export const ruleTitle = (name: string | null, rule: RuleShape) => name ?? conditionText(rule);

/** The value (or rate per hour) that fired an alarm, with its unit; null for no-data alarms. */
export function valueText(value: number | null, { kind, reading }: RuleShape): string | null {
  if (value === null) return null;
  if (kind === 'k_of_n') return m.alarms_k_of_n_value({ count: String(value) });
  const unit = unitOf(reading);
  return isRateKind(kind) ? `${withUnit(formatValue(value), unit)}/h` : withUnit(formatValue(value), unit);
}

/** The reading's name in the visitor's language (its code when the catalogue lacks it). */
export const readingName = (reading: string | null) => (reading ? (readingByCode(reading)?.name ?? reading) : null);
