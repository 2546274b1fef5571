import type { LevelStanding, WarningLevel } from '../../../worker/contracts/warning';
import { m } from '~/paraglide/messages';

const defaultNames = [m.warning_level_1, m.warning_level_2, m.warning_level_3];

/** A level's own name, else its rank's default (levels 1–3: the flood activity levels) in the reader's language. */
export const levelName = ({ rank, name }: Pick<WarningLevel, 'rank' | 'name'>) =>
  name ?? defaultNames[rank - 1]?.() ?? m.warning_level_n({ rank });

/** Where a station stands: its reading at the highest level (the first such reading on a tie), or null below every level. */
export function highestLevel(standings: readonly LevelStanding[] | undefined) {
  let best: { reading: string; level: WarningLevel } | null = null;
  for (const { reading, levels, current } of standings ?? []) {
    const rank = current?.level ?? 0;
    if (rank > 0 && rank > (best?.level.rank ?? 0)) best = { reading, level: levels[rank - 1] };
  }
  return best;
}

/** Dark or light text, whichever reads on the level's colour (#rrggbb). */
export function textOn(color: string) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16) / 255);
  return 0.2126 * r + 0.7152 * g + 0.0722 * b > 0.5 ? '#111827' : '#ffffff';
}
