import { m } from '~/paraglide/messages';
import { alarmName, stateName } from './marker-look';

const legendStates = ['fresh', 'stale', 'low_voltage'] as const;

const legendAlarms = ['critical', 'warning'] as const;

/** What the marker colours and shapes mean; the alarm rings only while some alarm is open. */
export function MapLegend({ alarms = false }: { alarms?: boolean }) {
  return (
    <ul
      aria-label={m.map_legend()}
      className="pointer-events-none absolute bottom-2 left-2 flex max-w-[calc(100%-7.5rem)] flex-wrap gap-x-3 gap-y-1 rounded-md bg-card/90 px-2 py-1 text-xs text-card-foreground shadow-sm"
    >
      {legendStates.map((state) => (
        <li key={state} className="flex items-center gap-1.5">
          <span className="map-legend-dot" data-state={state} aria-hidden />
          {stateName(state)}
        </li>
      ))}
      {alarms &&
        legendAlarms.map((alarm) => (
          <li key={alarm} className="flex items-center gap-1.5">
            <span className="map-legend-ring" data-alarm={alarm} aria-hidden />
            {alarmName(alarm)}
          </li>
        ))}
    </ul>
  );
}

/** Said quietly when the base map could not be loaded: the markers still work on a plain background. */
export function BaseMapUnavailable() {
  return (
    <p
      role="status"
      data-testid="map-note"
      title={m.map_base_unavailable_hint()}
      className="pointer-events-none absolute top-2 left-2 rounded-md bg-card/90 px-2 py-1 text-xs text-muted-foreground shadow-sm"
    >
      {m.map_base_unavailable()}
    </p>
  );
}
