import type { Severity } from '../../../worker/contracts/alarms';
import { Badge } from '~/components/ui/badge';
import { severityLabels } from './rule-fields';

/** Critical in the destructive colour, warning in amber (readable in both schemes). */
export function SeverityBadge({ severity }: { severity: Severity }) {
  return severity === 'critical' ? (
    <Badge variant="destructive">{severityLabels.critical()}</Badge>
  ) : (
    <Badge variant="secondary" className="bg-amber-100 text-amber-900 dark:bg-amber-500/20 dark:text-amber-200">
      {severityLabels.warning()}
    </Badge>
  );
}
