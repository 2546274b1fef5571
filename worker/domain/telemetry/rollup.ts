import type { RollupRunner } from '../../station/rollup-runner';
import { stationOf } from '../../station/directory';
import { inPool } from '../fan-out';

export interface RollupRun {
  /** Stations whose changed days reached daily_stats. */
  stations: number;
  days: number;
  /** Rows written to D1 by the stations' flushes. */
  d1RowsWritten: number;
  /** Rows the flushes wrote to the station objects' own storage. */
  objectRowsWritten: number;
  /** Stations whose flush failed; their mark stays for the next run. */
  failed: number;
  /** Marked stations left for the next run (the run's limits were reached). */
  left: number;
}

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

export interface MarkedStation {
  id: number;
  timezone: string;
}

const emptyRun = (): RollupRun => ({ stations: 0, days: 0, d1RowsWritten: 0, objectRowsWritten: 0, failed: 0, left: 0 });

/** Asks each station's object to write its changed days into daily_stats, a few at a time, within a time budget. */
export async function flushStations(env: Cloudflare.Env, queue: MarkedStation[], limits: RollupLimits = {}): Promise<RollupRun> {
  const { concurrency = 32, budgetMs = 20_000 } = limits;
  const run = emptyRun();
  const pool = await inPool(queue, { concurrency, budgetMs }, 'roll-up of station failed', async ({ id, timezone }) => {
    const flushed = await stationOf(env, id).flush(id, timezone);
    run.days += flushed.days;
    run.d1RowsWritten += flushed.d1RowsWritten;
    run.objectRowsWritten += flushed.objectRowsWritten;
  });
  return { ...run, stations: pool.done, failed: pool.failed, left: pool.left };
}

/** The cron's runner object for a slice of its work (`runner:<n>` for the roll-up). */
export const runnerOf = (env: Cloudflare.Env, name: string): DurableObjectStub<RollupRunner> => env.ROLLUP.get(env.ROLLUP.idFromName(name));

/**
 * The cron's roll-up: every station whose object holds changed days (its D1 mark is set) writes those days
 * into daily_stats itself. One D1 query lists them; runner objects take slices of the list, so the cron's own
 * calls stay few however many stations changed. A run's work grows with what changed, not with the number of
 * stations; what does not fit its limits stays marked for the next run, and a failed flush heals there too.
 */
export async function rollUpChangedStations(env: Cloudflare.Env, limits: RollupLimits = {}): Promise<RollupRun> {
  const { maxStations = 50_000, perRunner = 1000 } = limits;
  const { results: marked } = await env.DB.prepare(
    'SELECT id, timezone, count(*) OVER () AS total FROM items WHERE rollup_rev IS NOT NULL ORDER BY rollup_rev LIMIT ?',
  )
    .bind(maxStations)
    .all<MarkedStation & { total: number }>();
  const slices = Array.from({ length: Math.ceil(marked.length / perRunner) }, (_, i) =>
    marked.slice(i * perRunner, (i + 1) * perRunner).map(({ id, timezone }) => ({ id, timezone })),
  );
  const runs = await Promise.all(slices.map((slice, i) => runnerOf(env, `runner:${i}`).run(slice, limits)));
  const run = runs.reduce(
    (sum, r) => ({
      stations: sum.stations + r.stations,
      days: sum.days + r.days,
      d1RowsWritten: sum.d1RowsWritten + r.d1RowsWritten,
      objectRowsWritten: sum.objectRowsWritten + r.objectRowsWritten,
      failed: sum.failed + r.failed,
      left: sum.left + r.left,
    }),
    emptyRun(),
  );
  run.left += (marked[0]?.total ?? 0) - marked.length;
  return run;
}
