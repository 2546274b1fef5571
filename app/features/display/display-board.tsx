import { Link, useHydrated } from '@tanstack/react-router';
import { ArrowLeftIcon, ClockIcon, WifiOffIcon } from 'lucide-react';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import type { NavigateOptions } from '@tanstack/react-router';
import type { StationFace } from '../../../worker/contracts/items';
import type { DayRange } from '../../../shared/station-time';
import type { StationSummary } from '../../../worker/contracts/telemetry';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { FullscreenToggle } from '~/components/layout/fullscreen-toggle';
import { LanguageSwitcher } from '~/components/layout/language-switcher';
import { EmptyState } from '~/components/states';
import { Button } from '~/components/ui/button';
import { ToggleGroup, ToggleGroupItem } from '~/components/ui/toggle-group';
import { LiveIndicator } from '~/features/live/live-indicator';
import type { LiveState } from '~/features/live/use-live-stations';
import { ForThePublic } from '~/features/stations/presentation';
import { StationCard } from '~/features/stations/station-card';
import { useNow } from '~/lib/use-now';
import { LazyStationMap } from '~/features/stations/lazy-map';
import { stationReport, statesOf } from '~/features/stations/status';
import { timeOfDay } from '~/lib/format';
import { cn } from '~/lib/utils';
import { m } from '~/paraglide/messages';
import { defaultCycleSeconds, type DisplayMode, type DisplaySearch } from './search';

/** A display reads its figures again this often besides the live readings (the days roll on; a lost message heals). */
export const displayRefetchMs = 5 * 60_000;

/** Data older than this is shown as stale even while the line is up (nothing has arrived for a while). */
const staleAfterMs = 15 * 60_000;

/**
 * How old the screen's data is, from the last time it was read or a live reading arrived: plain while fresh, a
 * warning once the line is down or nothing came for a while (a wall screen must never pass old data off as new).
 */
export function DataAge({ updatedAt, live }: { updatedAt: number; live: LiveState }) {
  const hydrated = useHydrated();
  const now = useNow(updatedAt, 15_000);
  const minutes = Math.max(0, Math.floor((now - updatedAt) / 60_000));
  const stale = live !== 'live' || now - updatedAt > staleAfterMs;
  if (!hydrated) return null;
  return (
    <span
      role="status"
      data-testid="data-age"
      data-stale={stale || undefined}
      className={cn(
        'inline-flex items-center gap-1.5 rounded-md px-2 py-1 text-sm tabular-nums',
        stale ? 'bg-amber-500/15 text-amber-800 dark:text-amber-300' : 'text-muted-foreground',
      )}
    >
      {live === 'offline' ? <WifiOffIcon className="size-4" aria-hidden /> : <ClockIcon className="size-4" aria-hidden />}
      {m.display_data_age({ time: timeOfDay(updatedAt), minutes })}
    </span>
  );
}

/** The wall clock on the page language's clock, in the browser only (the server knows no viewer's zone). */
function WallClock() {
  const now = useNow(0, 1000);
  return now ? (
    <span className="text-2xl font-semibold tabular-nums" data-testid="wall-clock">
      {timeOfDay(now)}
    </span>
  ) : null;
}

export interface DisplayStation {
  item: StationFace;
  summary: StationSummary;
}

interface Props {
  title: string;
  stations: DisplayStation[];
  /** Each station's warning levels (by unique_id) and where each reading stands. */
  levels: ReadonlyMap<string, readonly LevelStanding[]>;
  range: DayRange;
  /** When the figures were read on the server (staleness of each station is judged by it). */
  readAt: number;
  /** When the page's data last changed: a load, a refetch or a live reading. */
  updatedAt: number;
  live: LiveState;
  search: DisplaySearch;
  onSearch: (search: DisplaySearch) => void;
  /** Where a station's popup on the map leads: its signed-in charts page unless given. */
  linkTo?: (item: StationFace) => NavigateOptions;
  /** The way out of the display: back to the link's page or the dashboard. */
  back: { label: string; link: { to: '/dashboard' } | { to: '/s/$secret'; params: { secret: string } } };
}

/** The station on screen while cycling: the next one every `every` seconds. */
function useCycle(count: number, seconds: number, on: boolean) {
  const [index, setIndex] = useState(0);
  useEffect(() => {
    if (!on || count < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), seconds * 1000);
    return () => clearInterval(timer);
  }, [count, seconds, on]);
  return count ? index % count : 0;
}

/**
 * A control-room display: the stations full-screen, all at once or one after another, kept current by the live
 * channel, saying how old its data is, and asking for nothing (no sign-in while its link lives, no clicks).
 */
export function DisplayBoard({ title, stations, levels, range, readAt, updatedAt, live, search, onSearch, linkTo, back }: Props) {
  const mode: DisplayMode = search.mode ?? 'all';
  const every = search.every ?? defaultCycleSeconds;
  const index = useCycle(stations.length, every, mode === 'cycle');
  const reports = useMemo(
    () => stations.map(({ item, summary }) => stationReport(item, summary, range, readAt)),
    [stations, range, readAt],
  );
  const shown = mode === 'cycle' ? reports.slice(index, index + 1) : reports;
  const cards = shown.map((report) => (
    <StationCard key={report.item.unique_id} report={report} levels={levels.get(report.item.unique_id)} detail={null} />
  ));
  return (
    <ForThePublic>
      <div className="flex min-h-svh flex-col bg-background" data-testid="display-board" data-mode={mode}>
        <header className="flex flex-wrap items-center justify-between gap-x-6 gap-y-2 border-b px-4 py-2">
          <div className="flex min-w-0 flex-wrap items-baseline gap-x-4">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{title}</h1>
            <WallClock />
          </div>
          <div className="flex flex-wrap items-center gap-2">
            <DataAge updatedAt={updatedAt} live={live} />
            <LiveIndicator state={live} />
            <ToggleGroup
              type="single"
              aria-label={m.display_mode()}
              value={mode}
              onValueChange={(value) => value && onSearch({ ...search, mode: value as DisplayMode })}
            >
              <ToggleGroupItem value="all">{m.display_mode_all()}</ToggleGroupItem>
              <ToggleGroupItem value="cycle">{m.display_mode_cycle()}</ToggleGroupItem>
            </ToggleGroup>
            <LanguageSwitcher />
            <FullscreenToggle />
            <Button asChild variant="ghost" size="icon" aria-label={back.label} title={back.label}>
              <Link {...back.link}>
                <ArrowLeftIcon />
              </Link>
            </Button>
          </div>
        </header>
        <main className="flex-1 p-4">
          {!stations.length ? (
            <EmptyState title={m.stations_empty_title()} />
          ) : (
            <WithMap
              map={
                <LazyStationMap
                  items={stations.map((s) => s.item)}
                  states={statesOf(reports)}
                  levels={levels}
                  selected={mode === 'cycle' ? (shown[0]?.item.unique_id ?? null) : null}
                  linkTo={linkTo}
                  label={m.share_map_label()}
                />
              }
            >
              {mode === 'cycle' ? (
                <div className="grid gap-2 text-lg">
                  <p className="text-sm text-muted-foreground tabular-nums" data-testid="display-position">
                    {m.display_position({ index: index + 1, count: stations.length, seconds: every })}
                  </p>
                  {cards}
                </div>
              ) : (
                <div className="grid grid-cols-[repeat(auto-fill,minmax(min(22rem,100%),1fr))] gap-4">{cards}</div>
              )}
            </WithMap>
          )}
        </main>
      </div>
    </ForThePublic>
  );
}

/** The stations' map beside their cards on a wide screen (above them on a narrow one); while cycling it shows the station on screen. */
function WithMap({ map, children }: { map: ReactNode; children: ReactNode }) {
  return (
    <div className="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
      <section aria-label={m.stations_map_heading()}>{map}</section>
      <div className="min-w-0">{children}</div>
    </div>
  );
}
