import { LayoutGridIcon, ListIcon, SearchIcon, XIcon } from 'lucide-react';
import type { DashboardGroup } from '../../../worker/contracts/telemetry';
import { Button } from '~/components/ui/button';
import { Input } from '~/components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '~/components/ui/select';
import { ToggleGroup, ToggleGroupItem } from '~/components/ui/toggle-group';
import { stateName } from '~/features/map/marker-look';
import type { StationState } from '~/features/stations/status';
import { m } from '~/paraglide/messages';
import { stationStates, type DashboardView } from './search';

const allGroups = 'all';
const groupOption = (group: DashboardGroup) => m.dashboard_group_option({ name: group.name, count: group.items.length });
const allStates = 'all';

interface Props {
  text: string;
  onText: (text: string) => void;
  groups: DashboardGroup[];
  group: number | undefined;
  onGroup: (group: number | undefined) => void;
  state: StationState | undefined;
  /** Stations in each state among those the text and group leave. */
  counts: Record<StationState, number>;
  onState: (state: StationState | undefined) => void;
  view: DashboardView;
  onView: (view: DashboardView) => void;
  shown: number;
  total: number;
  onClear: () => void;
}

/** Above the stations: search, group and state filters, the choice of cards or list, and how many stations are shown. */
export function StationFilters({
  text,
  onText,
  groups,
  group,
  onGroup,
  state,
  counts,
  onState,
  view,
  onView,
  shown,
  total,
  onClear,
}: Props) {
  const matching = stationStates.reduce((sum, s) => sum + counts[s], 0);
  const filtered = Boolean(text.trim() || group !== undefined || state);
  const chosen = groups.find((g) => g.id === group);
  return (
    <div className="grid gap-3" role="search" aria-label={m.dashboard_filters()}>
      <div className="flex flex-wrap items-center gap-2">
        <div className="relative min-w-0 flex-[1_1_14rem]">
          <SearchIcon className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            type="search"
            value={text}
            onChange={(event) => onText(event.target.value)}
            placeholder={m.dashboard_search_placeholder()}
            aria-label={m.dashboard_search()}
            className="pl-8"
            data-testid="station-search"
          />
        </div>
        {groups.length > 0 && (
          <Select
            value={chosen ? String(chosen.id) : allGroups}
            onValueChange={(value) => onGroup(value === allGroups ? undefined : Number(value))}
          >
            <SelectTrigger className="min-w-0 flex-[1_1_10rem] sm:max-w-64" aria-label={m.dashboard_group()} data-testid="group-filter">
              {/* Named here too, so the server's HTML shows the chosen group before the options exist. */}
              <SelectValue>{chosen ? groupOption(chosen) : m.dashboard_all_groups()}</SelectValue>
            </SelectTrigger>
            <SelectContent>
              <SelectItem value={allGroups}>{m.dashboard_all_groups()}</SelectItem>
              {groups.map((g) => (
                <SelectItem key={g.id} value={String(g.id)}>
                  {groupOption(g)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        )}
        <ToggleGroup
          type="single"
          value={view}
          onValueChange={(value) => value && onView(value as DashboardView)}
          aria-label={m.dashboard_view()}
        >
          <ToggleGroupItem value="cards" aria-label={m.dashboard_view_cards()} title={m.dashboard_view_cards()}>
            <LayoutGridIcon className="size-4" />
          </ToggleGroupItem>
          <ToggleGroupItem value="list" aria-label={m.dashboard_view_list()} title={m.dashboard_view_list()}>
            <ListIcon className="size-4" />
          </ToggleGroupItem>
        </ToggleGroup>
      </div>
      <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2">
        <ToggleGroup
          type="single"
          value={state ?? allStates}
          onValueChange={(value) => value && onState(value === allStates ? undefined : (value as StationState))}
          aria-label={m.dashboard_state()}
          className="max-w-full flex-wrap"
          data-testid="state-filter"
        >
          <ToggleGroupItem value={allStates} className="gap-1.5">
            {m.dashboard_all_states()}
            <span className="tabular-nums opacity-75">{matching}</span>
          </ToggleGroupItem>
          {stationStates.map((s) => (
            <ToggleGroupItem key={s} value={s} className="gap-1.5" data-state-filter={s}>
              {stateName(s)}
              <span className="tabular-nums opacity-75">{counts[s]}</span>
            </ToggleGroupItem>
          ))}
        </ToggleGroup>
        <div className="flex items-center gap-2 text-sm text-muted-foreground">
          <span aria-live="polite" data-testid="stations-shown">
            {m.dashboard_shown({ shown, total })}
          </span>
          {filtered && (
            <Button variant="ghost" size="sm" onClick={onClear}>
              <XIcon />
              {m.dashboard_clear_filters()}
            </Button>
          )}
        </div>
      </div>
    </div>
  );
}
