import type { Ctx } from '../../context';
import { selectMarkedStations } from '../../db/daily-stats';
import { stationOf } from '../../station/directory';
import type { FlushOutcome } from '../../station/rollup';
import { acrossRunners, inPool, type CronStation, type Run } from '../fan-out';

/**
 * The flushes' figures added up, with `stations` whose changed days reached daily_stats; `failed`: stations whose
 * flush failed (their mark stays for the next run); `left`: marked stations left for the next run (limits reached).
 */
export type RollupRun = Run<FlushOutcome & { stations: number }>;

export interface RollupLimits {
  /** Stations taken per run (one D1 query lists them). */
  maxStations?: number;
  /** Stations one runner object flushes: each runner call is an invocation with its own subrequest budget. */
  perRunner?: number;
  /** Flushes in flight at once in one runner. */
  concurrency?: number;
  /** Wall time after which a runner starts no further flush; the rest continue in the next run. */
  budgetMs?: number;
}

const noFlushes = { stations: 0, days: 0, d1RowsWritten: 0, objectRowsWritten: 0 };

/** Asks each station's object to write its changed days into daily_stats, a few at a time, within a time budget. */
export function flushStations({ env }: Ctx, { stations, limits = {} }: { stations: CronStation[]; limits?: RollupLimits }): Promise<RollupRun> {
  const { concurrency = 32, budgetMs = 20_000 } = limits;
  return inPool(stations, { concurrency, budgetMs, label: 'roll-up of station failed', counters: noFlushes }, async ({ id, timezone }) => ({
    stations: 1,
    ...(await stationOf(env, id).flush(id, timezone)),
  }));
}

/**
 * The cron's roll-up: every station whose object holds changed days (its D1 mark is set) writes those days into
 * daily_stats itself; one D1 query lists them, runner objects take slices of the list. A run's work grows with what
 * changed, not with the number of stations; what does not fit its limits stays marked for the next run, and a failed
 * flush heals there too.
 */
export async function rollUpChangedStations(ctx: Ctx, limits: RollupLimits = {}): Promise<RollupRun> {
  const { maxStations = 50_000, perRunner = 1000 } = limits;
  const marked = await selectMarkedStations(ctx.db, maxStations);
  const stations = marked.map(({ id, timezone }) => ({ id, timezone }));
  const run = await acrossRunners(ctx, { name: 'runner', stations, perRunner, counters: noFlushes }, (runner, slice) => runner.flush(slice, limits));
  run.left += (marked[0]?.total ?? 0) - marked.length;
  return run;
}
