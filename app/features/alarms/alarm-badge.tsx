import { Link } from '@tanstack/react-router';
import { SirenIcon } from 'lucide-react';
import type { Alarm } from '../../../worker/contracts/alarms';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { ruleTitle, severityName } from './alarm-text';
import { severityLook } from './severity-badge';

/**
 * A station's open alarms as one badge: the most pressing one's rule in its severity's colour, "+n" for the
 * others; outlined once every one of them is acknowledged. It leads to the station's alarms.
 */
export function AlarmBadge({ alarms }: { alarms: Alarm[] | undefined }) {
  if (!alarms?.length) return null;
  const [first] = alarms;
  const rule = ruleTitle(first.rule_name, first);
  const severity = severityName(first.severity);
  const more = alarms.length - 1;
  const attended = alarms.every((a) => a.state === 'acknowledged');
  const label = more ? m.alarms_badge_label_more({ severity, rule, count: more }) : m.alarms_badge_label({ severity, rule });
  return (
    <Link
      to="/alarms"
      search={{ station: first.item_id, view: attended ? 'acknowledged' : undefined }}
      data-testid="alarm-badge"
      data-severity={first.severity}
      data-state={attended ? 'acknowledged' : 'active'}
      aria-label={label}
      title={label}
      className={cn(
        'inline-flex h-5 max-w-full min-w-0 items-center gap-1 rounded-full px-2 text-xs font-semibold outline-none focus-visible:ring-2 focus-visible:ring-ring/60',
        attended ? 'border border-current bg-transparent' : severityLook[first.severity],
        attended && (first.severity === 'critical' ? 'text-red-600 dark:text-red-400' : 'text-amber-700 dark:text-amber-300'),
      )}
    >
      <SirenIcon className="size-3 shrink-0" aria-hidden />
      <span className="truncate">{rule}</span>
      {more > 0 && <span className="shrink-0">+{more}</span>}
    </Link>
  );
}
