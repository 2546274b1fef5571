import type { ComponentProps } from 'react';
import type { Severity } from '../../../worker/contracts/alarm-kinds';
import { cn } from '~/lib/utils';
import { severityName } from './alarm-text';

/** Critical red, warning amber: the same colours on cards, lists, charts and the map. */
export const severityLook: Record<Severity, string> = {
  critical: 'bg-red-600 text-white dark:bg-red-500 dark:text-white',
  warning: 'bg-amber-400 text-amber-950 dark:bg-amber-400 dark:text-amber-950',
};

/** A pill naming an alarm's severity. */
export function SeverityBadge({ severity, className, ...props }: ComponentProps<'span'> & { severity: Severity }) {
  return (
    <span
      data-severity={severity}
      className={cn(
        'inline-flex h-5 items-center rounded-full px-2 text-xs font-semibold whitespace-nowrap',
        severityLook[severity],
        className,
      )}
      {...props}
    >
      {severityName(severity)}
    </span>
  );
}
