import { type AlarmRule } from '../../../worker/contracts/alarms';
import { isValueKind, type Severity } from '../../../worker/contracts/alarm-kinds';
import { m } from '~/paraglide/messages';
import { ruleTitle } from './alarm-text';

/** A horizontal line on a reading's chart: where a rule fires, or (dashed) where it clears again. */
export interface Threshold {
  price: number;
  title: string;
  severity: Severity;
  clears: boolean;
}

/** The lines of a station's value rules (above, below, low voltage), per reading code. */
export function thresholdsByReading(rules: AlarmRule[]): Map<string, Threshold[]> {
  const lines = new Map<string, Threshold[]>();
  for (const rule of rules) {
    if (!isValueKind(rule.kind) || rule.reading === null || rule.threshold === null) continue;
    const title = ruleTitle(rule.name, rule);
    const own: Threshold[] = [{ price: rule.threshold, title, severity: rule.severity, clears: false }];
    if (rule.clear_level !== null && rule.clear_level !== rule.threshold) {
      own.push({ price: rule.clear_level, title: m.alarms_clear_line({ name: title }), severity: rule.severity, clears: true });
    }
    lines.set(rule.reading, [...(lines.get(rule.reading) ?? []), ...own]);
  }
  return lines;
}
