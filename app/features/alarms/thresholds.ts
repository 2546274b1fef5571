import { type AlarmRule } from '../../../worker/contracts/alarms';
import { isValueKind, type Severity } from '../../../worker/contracts/alarm-kinds';
import { m } from '~/paraglide/messages';
import { ruleTitle } from './alarm-text';

/** A horizontal line on a reading's chart: where a rule fires or a warning level begins, or (dashed) where it clears again. */
export interface Threshold {
  price: number;
  title: string;
  severity: Severity;
  /** A colour of its own (#rrggbb: a warning level's) instead of the severity's. */
  color?: string;
  clears: boolean;
}

/** A value rule's line where it fires and, when a deadband sets them apart, its dashed line where it clears. */
export function levelLines(
  { threshold, clear_level, severity }: { threshold: number; clear_level: number | null; severity: Severity },
  titles: { fires: string; clears: string },
): Threshold[] {
  const lines: Threshold[] = [{ price: threshold, title: titles.fires, severity, clears: false }];
  if (clear_level !== null && clear_level !== threshold) lines.push({ price: clear_level, title: titles.clears, severity, clears: true });
  return lines;
}

/** The lines of a station's value rules (above, below, low voltage), per reading code. */
export function thresholdsByReading(rules: AlarmRule[]): Map<string, Threshold[]> {
  const lines = new Map<string, Threshold[]>();
  for (const rule of rules) {
    if (!isValueKind(rule.kind) || rule.reading === null || rule.threshold === null) continue;
    const title = ruleTitle(rule.name, rule);
    const own = levelLines({ ...rule, threshold: rule.threshold }, { fires: title, clears: m.alarms_clear_line({ name: title }) });
    lines.set(rule.reading, [...(lines.get(rule.reading) ?? []), ...own]);
  }
  return lines;
}
