import { useSuspenseQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { SirenIcon } from 'lucide-react';
import { useMemo } from 'react';
import type { ItemRow } from '../../../worker/contracts/items';
import { stationDateTime } from '~/lib/format';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { conditionText, ruleTitle, valueText } from './alarm-text';
import { alarmQueries } from './queries';
import { SeverityBadge } from './severity-badge';
import { thresholdsByReading } from './thresholds';
import { useOpenAlarms } from './use-open-alarms';

/** The threshold lines of a station's charts, per reading code. */
export function useThresholds(uniqueId: string) {
  const { data: rules } = useSuspenseQuery(alarmQueries.rules(uniqueId));
  return useMemo(() => thresholdsByReading(rules), [rules]);
}

/** A station's open alarms above its charts, kept current by the live channel; nothing while none is open. */
export function StationAlarms({ item }: { item: Pick<ItemRow, 'id' | 'unique_id' | 'timezone'> }) {
  const alarms = useOpenAlarms().byStation.get(item.unique_id);
  if (!alarms) return null;
  const critical = alarms.some((a) => a.severity === 'critical' && a.state === 'active');
  return (
    <section
      aria-labelledby="station-alarms-heading"
      data-testid="station-alarms"
      className={cn(
        'grid gap-2 rounded-lg border px-4 py-3 text-sm',
        critical ? 'border-red-600/40 bg-red-600/5' : 'border-amber-500/40 bg-amber-500/5',
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="station-alarms-heading" className="flex items-center gap-2 font-semibold">
          <SirenIcon
            className={cn('size-4', critical ? 'text-red-600 dark:text-red-400' : 'text-amber-600 dark:text-amber-300')}
            aria-hidden
          />
          {m.alarms_station_open({ count: alarms.length })}
        </h2>
        <Link to="/alarms" search={{ station: item.id }} className="text-primary underline-offset-4 hover:underline">
          {m.alarms_station_all()}
        </Link>
      </div>
      <ul className="grid gap-1.5">
        {alarms.map((alarm) => (
          <li key={alarm.id} data-alarm={alarm.id} data-state={alarm.state} className="flex flex-wrap items-center gap-x-2 gap-y-1">
            <SeverityBadge severity={alarm.severity} />
            <span className="font-medium">{ruleTitle(alarm.rule_name, alarm)}</span>
            {alarm.rule_name && <span className="text-muted-foreground">{conditionText(alarm)}</span>}
            <span className="text-muted-foreground tabular-nums">
              {[m.alarms_fired_since({ time: stationDateTime(alarm.fired_at, item.timezone) }), valueText(alarm.value, alarm)]
                .filter(Boolean)
                .join(' · ')}
            </span>
            {alarm.state === 'acknowledged' && alarm.acknowledged_by && (
              <span className="text-muted-foreground">{m.alarms_acknowledged_by_short({ name: alarm.acknowledged_by.name })}</span>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
