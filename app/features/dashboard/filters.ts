import type { ItemRow } from '../../../worker/contracts/items';
import type { DayRange } from '../../../shared/station-time';
import type { Dashboard, StationSummary } from '../../../worker/contracts/telemetry';
import { stationReport, type StationReport, type StationState } from '~/features/stations/status';
import { fold } from '~/lib/fold';

/** One station as the dashboard lists it: its report, its groups and the text a search looks in. */
export interface StationEntry extends StationReport {
  groups: string[];
  /** Name, id and place, folded. */
  text: string;
}

const noReadings: StationSummary = { date: null, pocetMereni: 0, max: {}, min: {} };

export const summaryOf = (dashboard: Pick<Dashboard, 'danes' | 'uniwan'>, item: Pick<ItemRow, 'name_for_api' | 'unique_id'>) =>
  (item.name_for_api === 'DANES' ? dashboard.danes : dashboard.uniwan)[item.unique_id] ?? noReadings;

/** Every station of the dashboard with its state at `now` (each station's range starts at its own local midnight). */
export function stationEntries(dashboard: Dashboard, range: DayRange, now: number): StationEntry[] {
  const groupsOf = new Map<number, string[]>();
  for (const group of dashboard.groups) {
    for (const id of group.items) groupsOf.set(id, [...(groupsOf.get(id) ?? []), group.name]);
  }
  return dashboard.items.map((item) => ({
    ...stationReport(item, summaryOf(dashboard, item), range, now),
    groups: groupsOf.get(item.id) ?? [],
    text: fold([item.name, item.unique_id, item.location_name].filter(Boolean).join(' ')),
  }));
}

export interface StationFilter {
  q?: string;
  /** Item ids of the chosen group, or undefined for every group. */
  inGroup?: ReadonlySet<number>;
  state?: StationState;
}

/** The stations matching the search text (every word somewhere in name, id or place) and the group, before the state is applied. */
export function matchingSearch(entries: StationEntry[], { q, inGroup }: StationFilter): StationEntry[] {
  const words = fold(q ?? '')
    .split(/\s+/)
    .filter(Boolean);
  if (!words.length && !inGroup) return entries;
  return entries.filter((entry) => (!inGroup || inGroup.has(entry.item.id)) && words.every((word) => entry.text.includes(word)));
}

/** How many stations are in each state, so the state filter can say what each choice leaves. */
export function countStates(entries: StationEntry[]): Record<StationState, number> {
  const counts: Record<StationState, number> = { fresh: 0, stale: 0, low_voltage: 0 };
  for (const entry of entries) counts[entry.state]++;
  return counts;
}

export const inState = (entries: StationEntry[], state: StationState | undefined) =>
  state ? entries.filter((entry) => entry.state === state) : entries;
