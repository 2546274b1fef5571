import { TrendingDownIcon, TrendingUpIcon } from 'lucide-react';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { readingByCode } from '~/features/stations/readings';
import { durationText, stationDateTime } from '~/lib/format';
import { useNow } from '~/lib/use-now';
import { m } from '~/paraglide/messages';
import { levelName } from './level-text';

const minuteMs = 60_000;

/** The soonest time-to-level forecast of a station's readings, or null when none has one. */
function soonestForecast(standings: readonly LevelStanding[] | undefined) {
  let soonest: { standing: LevelStanding; forecast: NonNullable<LevelStanding['forecast']> } | null = null;
  for (const standing of standings ?? []) {
    const { forecast } = standing;
    if (forecast && (!soonest || forecast.expected_at < soonest.forecast.expected_at)) soonest = { standing, forecast };
  }
  return soonest;
}

/**
 * When a station's reading is expected to reach its next warning level if the trend of the last hours goes on
 * (docs/alarms.md, time-to-level forecast): the soonest of its readings, "Level 2 in ~3 h 20 min", the expected
 * time in the station's zone on hover. Nothing without a forecast.
 */
export function LevelForecast({ standings, timeZone }: { standings: readonly LevelStanding[] | undefined; timeZone: string }) {
  const soonest = soonestForecast(standings);
  const expected = soonest ? Date.parse(soonest.forecast.expected_at) : 0;
  // The server and the hydrating page count from the forecast's issue; the browser then from now.
  const now = useNow(soonest ? Date.parse(soonest.forecast.issued_at) : 0, minuteMs);
  if (!soonest) return null;
  const { standing, forecast } = soonest;
  const level = standing.levels[forecast.level - 1];
  const left = expected - now;
  const Trend = standing.direction === 'rising' ? TrendingUpIcon : TrendingDownIcon;
  const text =
    left < minuteMs ? m.forecast_due({ rank: forecast.level }) : m.forecast_in({ rank: forecast.level, duration: durationText(left) });
  const hint = m.forecast_hint({
    level: levelName(level),
    rank: forecast.level,
    reading: readingByCode(standing.reading)?.name ?? standing.reading,
    time: stationDateTime(forecast.expected_at, timeZone),
  });
  return (
    <span
      data-testid="level-forecast"
      data-level={forecast.level}
      title={hint}
      className="inline-flex h-5 max-w-full min-w-0 items-center gap-1 rounded-full border px-2 text-xs font-medium"
      style={{ borderColor: level.color }}
    >
      <Trend className="size-3 shrink-0" aria-hidden style={{ color: level.color }} />
      <span className="truncate">{text}</span>
      <span className="sr-only">{hint}</span>
    </span>
  );
}
