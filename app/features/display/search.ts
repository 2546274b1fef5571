/** How a control-room display shows its stations: all at once, or one after another. */
export const displayModes = ['all', 'cycle'] as const;
export type DisplayMode = (typeof displayModes)[number];

export interface DisplaySearch {
  mode?: DisplayMode;
  /** Seconds each station stays on screen while cycling. */
  every?: number;
}

export const defaultCycleSeconds = 15;

/** Reads the display's choices from its address (plain code: no validation library on a wall screen's first load). */
export function displaySearch(search: Record<string, unknown>): DisplaySearch {
  const mode = displayModes.find((m) => m === search.mode);
  const every = Number(search.every);
  return { mode, every: Number.isInteger(every) && every >= 5 && every <= 600 ? every : undefined };
}
