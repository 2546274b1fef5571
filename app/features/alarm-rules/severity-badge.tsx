import type { Severity } from '../../../worker/contracts/alarm-kinds';
import { severityLabels } from './rule-fields';

// The colours the alarm screens use for severities (critical red, warning amber).
const looks: Record<Severity, string> = {
  critical: 'bg-red-600 text-white dark:bg-red-500 dark:text-white',
  warning: 'bg-amber-400 text-amber-950 dark:bg-amber-400 dark:text-amber-950',
};

export function SeverityBadge({ severity }: { severity: Severity }) {
  return (
    <span data-severity={severity} className={`inline-flex h-5 items-center rounded-full px-2 text-xs font-semibold whitespace-nowrap ${looks[severity]}`}>
      {severityLabels[severity]()}
    </span>
  );
}
