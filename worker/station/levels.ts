import type { LevelDirection } from '../contracts/warning';

/** What a station object keeps of a reading's warning levels (level 1 first). */
export interface ScaleSpec {
  reading: string;
  direction: LevelDirection;
  levels: { threshold: number; deadband: number }[];
}

/** A reading that moved its code's level, up or down; `key` makes its delivery to D1 idempotent. */
export interface LevelCrossing {
  key: string;
  reading: string;
  from: number;
  to: number;
  at: number;
  value: number;
}

/**
 * The level a value puts a scale at, from level `current` (0: below every level). A level is reached at or past its
 * threshold (at or above when rising, at or below when falling), so a value may jump several levels at once; it is
 * left only once the value is back past its threshold by its deadband, so a value wavering at a threshold does not
 * cross back and forth.
 */
export function levelAfter(scale: ScaleSpec, current: number, value: number): number {
  // Compared with the clear level as the API shows it (threshold ∓ deadband), so a value at it holds exactly there.
  const past = (threshold: number, margin: number) =>
    scale.direction === 'rising' ? value >= threshold - margin : value <= threshold + margin;
  let reached = 0;
  scale.levels.forEach((level, i) => {
    if (past(level.threshold, 0)) reached = i + 1;
  });
  if (reached >= current) return reached;
  let level = Math.min(current, scale.levels.length);
  // Kept while the value is within the deadband of the level's threshold.
  while (level > reached && !past(scale.levels[level - 1].threshold, scale.levels[level - 1].deadband)) level--;
  return level;
}
