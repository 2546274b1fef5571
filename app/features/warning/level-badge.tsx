import { WavesIcon } from 'lucide-react';
import type { LevelStanding } from '../../../worker/contracts/warning';
import { readingByCode } from '~/features/stations/readings';
import { m } from '~/paraglide/messages';
import { highestLevel, levelName, textOn } from './level-text';

/**
 * The warning level a station stands at, in the level's colour: its reading at the highest level (the others are
 * on the charts). Nothing while every reading is below its levels.
 */
export function LevelBadge({ standings }: { standings: readonly LevelStanding[] | undefined }) {
  const highest = highestLevel(standings);
  if (!highest) return null;
  const { reading, level } = highest;
  const name = levelName(level);
  const label = m.warning_badge_label({ level: name, rank: level.rank, reading: readingByCode(reading)?.name ?? reading });
  return (
    <span
      data-testid="level-badge"
      data-level={level.rank}
      data-reading={reading}
      title={label}
      className="inline-flex h-5 max-w-full min-w-0 items-center gap-1 rounded-full px-2 text-xs font-semibold"
      style={{ backgroundColor: level.color, color: textOn(level.color) }}
    >
      <WavesIcon className="size-3 shrink-0" aria-hidden />
      <span className="truncate" aria-hidden>
        {name}
      </span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
