import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Alarm } from '../../../worker/contracts/alarms';
import { Badge } from '~/components/ui/badge';
import { alarmQueries } from '~/features/alarms/queries';
import { severityLook } from '~/features/alarms/severity-badge';
import { subjectQueries } from '~/features/subjects/queries';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { navEntries } from './nav';

/** What the menu's alarm badge shows: how many alarms nobody has acknowledged yet, and whether one is critical. */
const unattended = (open: Alarm[]) => {
  const active = open.filter((alarm) => alarm.state === 'active');
  return { count: active.length, critical: active.some((alarm) => alarm.severity === 'critical') };
};

/**
 * The real navigation, shared by the sidebar, the horizontal bar and the phone menu.
 * `iconOnly` keeps the label for screen readers and as a tooltip.
 */
export function NavLinks({
  isAdmin,
  orientation,
  variant = 'default',
  onNavigate,
}: {
  isAdmin: boolean;
  orientation: 'vertical' | 'horizontal';
  variant?: 'default' | 'compact' | 'icon';
  onNavigate?: () => void;
}) {
  const pending = useQuery({ ...subjectQueries.pending(), enabled: isAdmin });
  const pendingCount = pending.data?.length ?? 0;
  // Worked out once per change of the open alarms, not on every render of the menu.
  const active = useQuery({ ...alarmQueries.open(), select: unattended }).data ?? { count: 0, critical: false };
  return (
    <nav aria-label={m.nav_label()}>
      <ul className={cn('flex gap-1', orientation === 'vertical' ? 'flex-col' : 'flex-row flex-wrap items-center')}>
        {navEntries
          .filter((entry) => isAdmin || !entry.adminOnly)
          .map((entry) => {
            const label = entry.label();
            const badge = entry.pendingBadge && pendingCount > 0 && (
              <Badge
                variant="destructive"
                aria-label={m.nav_pending_badge({ count: pendingCount })}
                className={cn(variant === 'icon' && 'absolute -top-1 -right-1')}
              >
                {pendingCount}
              </Badge>
            );
            const alarmBadge = entry.alarmBadge && active.count > 0 && (
              <Badge
                aria-label={m.nav_alarms_badge({ count: active.count })}
                data-testid="nav-alarm-count"
                className={cn(severityLook[active.critical ? 'critical' : 'warning'], variant === 'icon' && 'absolute -top-1 -right-1')}
              >
                {active.count}
              </Badge>
            );
            return (
              <li key={entry.to}>
                <Link
                  to={entry.to}
                  onClick={onNavigate}
                  title={variant === 'icon' ? label : undefined}
                  className={cn(
                    'relative flex items-center gap-3 rounded-md px-3 py-2 text-sm font-medium opacity-80 transition hover:bg-black/5 hover:opacity-100 dark:hover:bg-white/10',
                    variant === 'compact' && 'flex-col gap-1 px-2 text-center text-xs',
                    variant === 'icon' && 'justify-center px-2',
                    // One row at 1280 px for the administrator's eleven entries: the icons join in on wider screens.
                    orientation === 'horizontal' && 'gap-2 px-2.5',
                  )}
                  activeProps={{ className: 'bg-black/10 !opacity-100 dark:bg-white/15' }}
                >
                  <entry.icon className={cn('size-5 shrink-0', orientation === 'horizontal' && 'hidden 2xl:block')} aria-hidden />
                  <span className={cn(variant === 'icon' && 'sr-only')}>{label}</span>
                  {badge}
                  {alarmBadge}
                </Link>
              </li>
            );
          })}
      </ul>
    </nav>
  );
}
