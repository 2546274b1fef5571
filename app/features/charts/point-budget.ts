import { readCookie } from '~/lib/cookie';

/**
 * Points per reading a chart asks the server for, from a few fixed budgets (decision 0011): about twice the
 * plot's width in pixels, rounded up to the next budget, so that the server's downsampling keeps every
 * bucket's extremes on screen without sending more than can be drawn.
 */
export const pointBudgets = [600, 1200, 2400] as const;
export type PointBudget = (typeof pointBudgets)[number];

/** Until a chart has measured its plot, the budget of a two-column desktop layout. */
export const defaultPointBudget: PointBudget = 1200;

const cookie = 'hladina_chart_points';

/** The smallest budget of at least two points per pixel of a plot `width` pixels wide (the largest for wider plots). */
export const budgetFor = (width: number): PointBudget => pointBudgets.find((b) => b >= 2 * width) ?? pointBudgets[pointBudgets.length - 1];

const parseBudget = (raw: string | undefined): PointBudget => pointBudgets.find((b) => String(b) === raw) ?? defaultPointBudget;

/** The budget the last chart measured, read alike during SSR and in the browser, so both ask for the same data. */
export const readPointBudget = () => parseBudget(readCookie(cookie));

const oneYear = 60 * 60 * 24 * 365;

/** Remembers the budget a drawn plot needs for the next chart this browser loads (the one on screen keeps its data). */
export function rememberPlotWidth(width: number) {
  const budget = budgetFor(width);
  if (width > 0 && budget !== readPointBudget()) document.cookie = `${cookie}=${budget}; path=/; max-age=${oneYear}; samesite=lax`;
}
