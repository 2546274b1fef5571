import { MapPinIcon } from 'lucide-react';
import { memo, useEffect, useLayoutEffect, useState } from 'react';
import type { Alarm } from '../../../worker/contracts/alarms';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { Button } from '~/components/ui/button';
import { StationCard } from '~/features/stations/station-card';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import type { StationEntry } from './filters';
import { useWindowRows } from './use-window-rows';

/** A station to bring into view, chosen on the map; a new object each time, so choosing the same one again scrolls again. */
export interface Reveal {
  id: string;
}

/** What both views of the stations (cards and list) take. */
export interface StationViewProps {
  entries: StationEntry[];
  selected: string | null;
  hovered: string | null;
  reveal: Reveal | null;
  onSelect: (id: string) => void;
  onHover: (id: string | null) => void;
  /** Open alarms by station (unique_id), most pressing first. */
  alarms: ReadonlyMap<string, Alarm[]>;
  /** Warning levels by station (unique_id), with where each reading stands. */
  levels: ReadonlyMap<string, LevelStanding[]>;
}

/** Pointing at a station (pointer or keyboard focus) and clicking it anywhere but on a control, as the views share them. */
export function stationPointer(id: string, { onSelect, onHover }: Pick<StationViewProps, 'onSelect' | 'onHover'>) {
  return {
    onMouseEnter: () => onHover(id),
    onMouseLeave: () => onHover(null),
    onFocus: () => onHover(id),
    onBlur: () => onHover(null),
    onClick: (event: { target: EventTarget }) => {
      if (!(event.target as Element).closest('a, button, input')) onSelect(id);
    },
  };
}

/** What one station's card or row takes: its own slice of the view's props, so a memoised item renders again only when it changed. */
export interface StationItemProps extends Pick<StationViewProps, 'onSelect' | 'onHover'> {
  entry: StationEntry;
  alarms: Alarm[] | undefined;
  levels: LevelStanding[] | undefined;
  selected: boolean;
  hovered: boolean;
}

export function stationItemProps(entry: StationEntry, view: Omit<StationViewProps, 'entries' | 'reveal'>): StationItemProps {
  const id = entry.item.unique_id;
  return {
    entry,
    alarms: view.alarms.get(id),
    levels: view.levels.get(id),
    selected: id === view.selected,
    hovered: id === view.hovered,
    onSelect: view.onSelect,
    onHover: view.onHover,
  };
}

/** The same as the grid's `minmax(22rem, 1fr)` columns before hydration: a card is never narrower (a phone aside), so its figures fit in every language. */
const minCardWidth = 352;
const cardGap = 16;
const columnsIn = (width: number) => Math.max(1, Math.floor((width + cardGap) / (minCardWidth + cardGap)));
/** Cards the server's HTML carries: a first screen at any width. */
const initialCards = 12;

interface TileProps extends StationItemProps {
  /** The row a row's first card stands for: the grid stretches each card to its row's height, so it is measured. */
  row?: number;
  measure?: (element: HTMLElement | null) => void;
}

const StationTile = memo(function StationTile({ entry, alarms, levels, selected, hovered, row, measure, onSelect, onHover }: TileProps) {
  const id = entry.item.unique_id;
  return (
    <div
      ref={measure}
      data-index={row}
      className={cn('grid rounded-xl transition-shadow', selected ? 'ring-2 ring-primary' : hovered && 'ring-2 ring-primary/40')}
      data-selected={selected || undefined}
      {...stationPointer(id, { onSelect, onHover })}
    >
      <StationCard report={entry} alarms={alarms} levels={levels}>
        <Button
          variant="ghost"
          size="icon"
          className="ml-auto size-8"
          aria-pressed={selected}
          aria-label={m.dashboard_show_named_on_map({ name: entry.item.name })}
          title={m.dashboard_show_on_map()}
          onClick={() => onSelect(id)}
        >
          <MapPinIcon />
        </Button>
      </StationCard>
    </div>
  );
});

/**
 * The stations as cards in as many columns as fit, rendered only where the window shows them. Before hydration
 * (and in the server's HTML) the first cards fill the grid's own columns; once the columns are counted, the rows in
 * view. The cards keep one parent throughout, so none is mounted again when the layout switches: a click while the
 * page hydrates still lands on the card it was aimed at.
 */
export function StationCards({ entries, reveal, ...view }: StationViewProps) {
  const [columns, setColumns] = useState<number | null>(null);
  const perRow = columns ?? 1;
  const { container, rows, before, after, virtualizer } = useWindowRows<HTMLDivElement>({
    count: Math.ceil(entries.length / perRow),
    estimateSize: 340,
    gap: cardGap,
    initialRows: initialCards,
  });
  useLayoutEffect(() => {
    const element = container.current;
    if (!element) return;
    const fit = () => setColumns(columnsIn(element.clientWidth));
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [container]);
  useEffect(() => {
    const index = reveal ? entries.findIndex((entry) => entry.item.unique_id === reveal.id) : -1;
    if (index >= 0) virtualizer.scrollToIndex(Math.floor(index / perRow));
    // Only a new reveal scrolls; new readings or columns must not pull the page back to it.
  }, [reveal]);

  // Before the columns are counted there is a row per card (the first ones, as the server sent them), laid out by
  // the grid's own columns; none is measured then.
  return (
    <div
      ref={container}
      className={cn('grid gap-4', columns === null && 'grid-cols-[repeat(auto-fill,minmax(min(22rem,100%),1fr))]')}
      style={
        columns === null
          ? undefined
          : { gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, paddingTop: before, paddingBottom: after }
      }
    >
      {rows.flatMap((row) =>
        entries.slice(row.index * perRow, (row.index + 1) * perRow).map((entry, i) => {
          const measured = columns !== null && i === 0;
          return (
            <StationTile
              key={entry.item.id}
              {...stationItemProps(entry, view)}
              row={measured ? row.index : undefined}
              measure={measured ? virtualizer.measureElement : undefined}
            />
          );
        }),
      )}
    </div>
  );
}
