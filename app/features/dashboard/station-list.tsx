import { Link } from '@tanstack/react-router';
import { ChartLineIcon } from 'lucide-react';
import { memo, useEffect } from 'react';
import { Button } from '~/components/ui/button';
import { AlarmBadge } from '~/features/alarms/alarm-badge';
import { stateName } from '~/features/map/marker-look';
import { chartLink } from '~/features/stations/station-card';
import { LevelBadge } from '~/features/warning/level-badge';
import type { StationState } from '~/features/stations/status';
import { dayMonth } from '~/lib/format';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { stationItemProps, stationPointer, type StationItemProps, type StationViewProps } from './station-cards';
import { useWindowRows } from './use-window-rows';

/** Every row is this tall (h-14), so rows are never measured. */
const rowHeight = 56;
/** Rows the server's HTML carries. */
const initialRows = 20;

/** The map legend's marks: a dot (up to date), a ring (stale), a diamond (low voltage), for colour-blind eyes too. */
const marks: Record<StationState, string> = {
  fresh: 'rounded-full bg-emerald-600 dark:bg-emerald-400',
  stale: 'rounded-full ring-2 ring-amber-600 ring-inset dark:ring-amber-400',
  low_voltage: 'rotate-45 scale-90 rounded-[2px] bg-red-600 dark:bg-red-400',
};

function StateMark({ state }: { state: StationState }) {
  return (
    <span className="flex items-center gap-2" title={stateName(state) ?? undefined}>
      <span aria-hidden className={cn('size-3 shrink-0', marks[state])} />
      {/* On a phone the mark alone shows; the words stay for screen readers. */}
      <span className="sr-only sm:not-sr-only sm:truncate">{stateName(state)}</span>
    </span>
  );
}

interface RowProps extends StationItemProps {
  /** Its place among all rows (the header is 1), as only some are in the DOM. */
  rowIndex: number;
}

const StationRow = memo(function StationRow({ entry, alarms, levels, rowIndex, selected, hovered, onSelect, onHover }: RowProps) {
  const { item, summary, state, groups } = entry;
  return (
    <tr
      data-testid="station-row"
      aria-rowindex={rowIndex}
      data-station={item.unique_id}
      data-state={state}
      data-selected={selected || undefined}
      className={cn('h-14 border-t transition-colors', selected ? 'bg-primary/10' : hovered ? 'bg-muted' : 'hover:bg-muted/60')}
      {...stationPointer(item.unique_id, { onSelect, onHover })}
    >
      <td className="max-w-0 py-1 pr-2 pl-3">
        <button
          type="button"
          className="block max-w-full truncate rounded-sm text-left font-medium hover:underline focus-visible:ring-2 focus-visible:ring-ring/60 focus-visible:outline-none"
          aria-pressed={selected}
          title={m.dashboard_show_on_map()}
          onClick={() => onSelect(item.unique_id)}
        >
          {item.name}
        </button>
        <p className="truncate text-xs text-muted-foreground">
          {[item.unique_id, item.location_name, ...groups].filter(Boolean).join(' · ')}
        </p>
      </td>
      <td className="px-2">
        <div className="flex min-w-0 flex-col items-start gap-1">
          <StateMark state={state} />
          <div className="flex max-w-full min-w-0 gap-1">
            <AlarmBadge alarms={alarms} />
            <LevelBadge standings={levels} />
          </div>
        </div>
      </td>
      <td className="px-2 text-right tabular-nums" data-testid="last-update">
        {summary.date ? dayMonth(summary.date, item.timezone) : m.stations_never()}
      </td>
      <td className="hidden px-2 text-right tabular-nums md:table-cell">{summary.pocetMereni}</td>
      <td className="pr-2 pl-1 text-right">
        <Button asChild variant="ghost" size="icon" className="size-8">
          <Link {...chartLink(item)} aria-label={m.stations_open_charts({ name: item.name })} title={m.stations_view_detail()}>
            <ChartLineIcon />
          </Link>
        </Button>
      </td>
    </tr>
  );
});

/** The stations as a compact table, one line each, rendered only where the window shows them. */
export function StationList({ entries, reveal, ...view }: StationViewProps) {
  const { container, rows, before, after, virtualizer } = useWindowRows<HTMLTableSectionElement>({
    count: entries.length,
    estimateSize: rowHeight,
    gap: 0,
    initialRows,
  });
  useEffect(() => {
    const index = reveal ? entries.findIndex((entry) => entry.item.unique_id === reveal.id) : -1;
    if (index >= 0) virtualizer.scrollToIndex(index);
    // Only a new reveal scrolls; new readings must not pull the page back to it.
  }, [reveal]);
  return (
    <div className="overflow-hidden rounded-xl border bg-card">
      <table className="w-full table-fixed text-sm" aria-label={m.dashboard_list_label()} aria-rowcount={entries.length + 1}>
        <thead className="text-left text-xs text-muted-foreground">
          <tr className="h-10" aria-rowindex={1}>
            <th className="pr-2 pl-3 font-medium">{m.dashboard_list_station()}</th>
            <th className="w-12 px-2 font-medium sm:w-32">
              <span className="sr-only sm:not-sr-only">{m.dashboard_list_state()}</span>
            </th>
            <th className="w-16 px-2 text-right font-medium sm:w-24">{m.stations_last_update()}</th>
            <th className="hidden w-28 px-2 text-right font-medium md:table-cell">{m.stations_measurements()}</th>
            <th className="w-11 pr-2 pl-1">
              <span className="sr-only">{m.stations_view_detail()}</span>
            </th>
          </tr>
        </thead>
        <tbody ref={container}>
          {before > 0 && <tr aria-hidden style={{ height: before }} />}
          {rows.map((row) => {
            const entry = entries[row.index];
            return <StationRow key={entry.item.id} {...stationItemProps(entry, view)} rowIndex={row.index + 2} />;
          })}
          {after > 0 && <tr aria-hidden style={{ height: after }} />}
        </tbody>
      </table>
    </div>
  );
}
