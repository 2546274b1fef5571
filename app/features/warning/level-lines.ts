import type { LevelStanding } from '../../../worker/contracts/warning';
import type { Threshold } from '~/features/alarms/thresholds';
import { levelName } from './level-text';

/** A line per warning level on its reading's chart, at its threshold in its colour, per reading code. */
export function levelLinesByReading(standings: readonly LevelStanding[] | undefined): Map<string, Threshold[]> {
  return new Map(
    (standings ?? []).map(({ reading, levels }) => [
      reading,
      levels.map((level) => ({
        price: level.threshold,
        title: levelName(level),
        severity: level.rank > 1 ? 'critical' : 'warning',
        color: level.color,
        clears: false,
      })),
    ]),
  );
}

/** Lines of both kinds per reading code: alarm rules' and warning levels'. */
export function withLevelLines(rules: ReadonlyMap<string, Threshold[]> | undefined, levels: ReadonlyMap<string, Threshold[]>) {
  const lines = new Map(rules);
  for (const [code, own] of levels) lines.set(code, [...(lines.get(code) ?? []), ...own]);
  return lines;
}
