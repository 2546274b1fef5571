import type { Severity } from '../../../worker/contracts/alarm-kinds';
import { m } from '~/paraglide/messages';
import { markerStates, type MarkerLevel, type MarkerState, type StateCounts } from './station-features';

/** Each state's colour is a CSS variable (light and dark values in station-map.css), shared by markers and legend. */
export const stateColor = (state: MarkerState) => `var(--map-${state.replace('_', '-')})`;

/** The translated name of a state; unknown has none (the map then shows no states at all). */
export const stateName = (state: MarkerState): string | null =>
  ({ fresh: m.map_state_fresh(), stale: m.stations_stale(), low_voltage: m.stations_low_voltage(), unknown: null })[state];

/** A cluster's ring: one arc per state, as long as that state's share of the cluster's stations. */
export function clusterRing(counts: StateCounts): string {
  const total = markerStates.reduce((sum, state) => sum + counts[state], 0);
  let at = 0;
  const arcs: string[] = [];
  for (const state of markerStates) {
    if (!counts[state]) continue;
    const from = at;
    at += (counts[state] / total) * 100;
    arcs.push(`${stateColor(state)} ${round(from)}% ${round(at)}%`);
  }
  return `conic-gradient(${arcs.join(', ')})`;
}
const round = (percent: number) => Math.round(percent * 100) / 100;

/** "Critical alarm" or "Warning alarm": what a marker's ring or a cluster's dot means. */
export const alarmName = (alarm: Severity) => (alarm === 'critical' ? m.map_alarm_critical() : m.map_alarm_warning());

/** "Warning level 2: Alert": what a marker's level tag means. */
export const levelLabel = (level: MarkerLevel) => m.map_level({ rank: level.rank, level: level.name });

/**
 * What a screen reader hears for a station marker (a button that chooses the station): its name, then its state,
 * its worst open alarm and its warning level.
 */
export const stationLabel = (name: string, state: MarkerState, alarm?: Severity, level?: MarkerLevel) => {
  const named = [stateName(state), alarm && alarmName(alarm), level && levelLabel(level)].filter(Boolean).join(', ');
  return named ? `${name} (${named})` : name;
};

const clusterParts = { fresh: m.map_cluster_fresh, stale: m.map_cluster_stale, low_voltage: m.map_cluster_low_voltage } as const;

/** What a screen reader hears for a cluster: how many stations, how many in each state it holds, its worst open alarm, and that it zooms in. */
export const clusterLabel = (counts: StateCounts, alarm?: Severity) => {
  const count = markerStates.reduce((sum, state) => sum + counts[state], 0);
  const parts = (['fresh', 'stale', 'low_voltage'] as const)
    .filter((state) => counts[state] > 0)
    .map((state) => clusterParts[state]({ count: counts[state] }));
  const stations = parts.length ? `${m.map_cluster({ count })} (${parts.join(', ')})` : m.map_cluster({ count });
  return [stations, alarm && m.map_cluster_alarm({ alarm: alarmName(alarm) }), m.map_cluster_expand()].filter(Boolean).join('. ');
};
