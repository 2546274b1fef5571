/**
 * The roll-up's part in the cron (docs/decisions/0015). Station objects flush themselves; the cron only
 * - retries stations whose roll-up failed and whose own alarm has not brought it back (or that migration 0007 listed),
 * - folds station-days older than the fold age into one row per station-month, a few stations per batch,
 * - moves the roll-up of before migration 0007 into the new rows, a few stations per batch.
 * Each part works within a time budget; what is left waits for the next run.
 */
import { rollupSettings } from '../config';
import type { Ctx } from '../context';
import {
  selectDaysToFold,
  selectStationsToReconcile,
  selectLegacyStations,
  selectLegacyStats,
  selectStationsToFold,
  selectStationsToRetry,
  writeFold,
  writeLegacyMove,
} from '../db/daily-stats';
import { acrossRunners, inPool, type Run } from '../domain/fan-out';
import { stationOf } from '../station/directory';
import {
  dayKey,
  dayOfKey,
  figuresOfRow,
  firstMonthOfDays,
  firstUnfoldedMonth,
  mergeFigures,
  monthKey,
  monthOf,
  withPeaks,
  type Figures,
  type RollupRow,
} from '../db/rollup-layout';
import type { FlushOutcome, RollupRef } from '../station/rollup';

/** `flushed`: stations whose retried flush succeeded (with the days and D1 rows it wrote); `failed`: still failing. */
export type RetryRun = Run<{ stations: number; days: number; d1RowsWritten: number }>;

export interface RollupLimits {
  /** Failing stations retried per run (one D1 query lists them). */
  maxStations?: number;
  /** Stations one runner object flushes: each runner call is an invocation with its own subrequest budget. */
  perRunner?: number;
  /** Wall time after which a part starts nothing new. */
  budgetMs?: number;
}

/** A failing station's own alarm gets this long to retry it before the cron does. */
const ownRetryMs = 10 * 60_000;
const noFlushes = { stations: 0, days: 0, d1RowsWritten: 0 };

/** Asks each station's object to flush now (a runner's slice of the retries). */
export function flushStations(
  { env }: Ctx,
  { stations, budgetMs = 20_000 }: { stations: RollupRef[]; budgetMs?: number },
): Promise<RetryRun> {
  return inPool(stations, { concurrency: 32, budgetMs, label: 'roll-up retry of station failed', counters: noFlushes }, async (station) => {
    const outcome: FlushOutcome | null = await stationOf(env, station.id).rollup().flush(station);
    if (!outcome) throw new Error('flush failed (recorded by the station)');
    return { stations: 1, days: outcome.days + outcome.months, d1RowsWritten: outcome.d1RowsWritten };
  });
}

/** The cron's retry of failing stations, fanned out over runner objects. */
export async function retryFailingStations(ctx: Ctx, { now, limits = {} }: { now: number; limits?: RollupLimits }): Promise<RetryRun> {
  const { maxStations = 5000, perRunner = 1000 } = limits;
  const listed = await selectStationsToRetry(ctx.db, { before: now - ownRetryMs, limit: maxStations });
  const stations = listed.map((s) => ({ id: s.id, timezone: s.timezone, source: s.source }));
  const run = await acrossRunners(ctx, { name: 'rollup', stations, perRunner, counters: noFlushes }, (runner, slice) =>
    runner.flushStations(slice, limits.budgetMs),
  );
  run.left += (listed[0]?.total ?? 0) - listed.length;
  return run;
}

/** A station with D1's newest day row of it, as the reconciliation hands it to its object. */
export interface ReconcileStation extends RollupRef {
  day: string | null;
  count: number;
}

/** `flushed`: stations whose object found D1 behind and flushed. */
export type ReconcileRun = Run<{ stations: number; flushed: number; d1RowsWritten: number }>;

/** Asks each station's object whether D1 lacks anything it holds, and to flush if so (a runner's slice). */
export function reconcileStations(
  { env }: Ctx,
  { stations, budgetMs = 25_000 }: { stations: ReconcileStation[]; budgetMs?: number },
): Promise<ReconcileRun> {
  return inPool(
    stations,
    {
      concurrency: 32,
      budgetMs,
      label: 'roll-up reconciliation of station failed',
      counters: { stations: 0, flushed: 0, d1RowsWritten: 0 },
    },
    async ({ day, count, ...ref }) => {
      const outcome = await stationOf(env, ref.id).rollup().reconcile(ref, { day, count });
      return { stations: 1, flushed: outcome ? 1 : 0, d1RowsWritten: outcome?.d1RowsWritten ?? 0 };
    },
  );
}

/**
 * The daily reconciliation (its own cron schedule): every station's object is told what D1 holds of its newest
 * day and flushes if D1 is behind: a flush lost to a restart between a store and its flush, or waiting for its
 * period. Stations are listed a page at a time; runner objects fan each page out.
 */
export async function reconcileAllStations(
  ctx: Ctx,
  { pageSize = 5000, perRunner = 1000 }: { pageSize?: number; perRunner?: number } = {},
): Promise<ReconcileRun> {
  const total: ReconcileRun = { done: 0, failed: 0, left: 0, stations: 0, flushed: 0, d1RowsWritten: 0 };
  for (let afterId = 0; ;) {
    const page = await selectStationsToReconcile(ctx.db, { afterId, limit: pageSize });
    if (!page.length) return total;
    const stations = page.map((s) => ({
      id: s.id,
      timezone: s.timezone,
      source: s.source,
      day: s.dayKey === null ? null : dayOfKey(s.dayKey),
      count: s.count ?? 0,
    }));
    const run = await acrossRunners(
      ctx,
      { name: `reconcile:${afterId}`, stations, perRunner, counters: { stations: 0, flushed: 0, d1RowsWritten: 0 } },
      (runner, slice) => runner.reconcileStations(slice),
    );
    for (const key of Object.keys(total) as (keyof ReconcileRun)[]) total[key] += run[key];
    afterId = page.at(-1)!.id;
  }
}

export interface FoldRun {
  stations: number;
  months: number;
  d1RowsWritten: number;
  /** Stations with days still to fold when the budget ran out. */
  left: boolean;
}

/** Day rows read per station and batch: a month is folded only when all its days were read. */
const foldRowsPerStation = 400;
const foldStationsPerBatch = 25;

/**
 * Folds station-days of months older than the fold age into month rows: per batch up to 25 stations, each month
 * inserted (a month row a station object already wrote from raw wins) and its days deleted in the same batch.
 */
export async function foldOldDays(ctx: Ctx, { now, budgetMs = 10_000 }: { now: number; budgetMs?: number }): Promise<FoldRun> {
  const started = Date.now();
  const beforeMonth = firstUnfoldedMonth(now, rollupSettings(ctx.config).foldAfterDays);
  const run: FoldRun = { stations: 0, months: 0, d1RowsWritten: 0, left: false };
  for (;;) {
    const stations = await selectStationsToFold(ctx.db, { beforeMonth, limit: foldStationsPerBatch });
    if (!stations.length) return run;
    if (Date.now() - started > budgetMs) return { ...run, left: true };
    const folds = [];
    for (const station of stations) {
      const rows = await selectDaysToFold(ctx.db, { itemId: station.id, beforeMonth, limit: foldRowsPerStation });
      const byMonth = new Map<string, Figures>();
      let lastKey = 0;
      const complete = rows.length < foldRowsPerStation;
      for (const row of rows) {
        const key = Number(row.id);
        const day = dayOfKey(key);
        const month = monthOf(day);
        // With the read cut short, the last month read may be missing days: it waits for the next batch.
        if (!complete && month === monthOf(dayOfKey(Number(rows.at(-1)!.id)))) break;
        byMonth.set(month, mergeFigures(byMonth.get(month) ?? {}, withPeaks(day, figuresOfRow(station.source, row))));
        lastKey = key;
      }
      if (!byMonth.size) continue;
      const months: RollupRow[] = [...byMonth].map(([month, codes]) => ({ key: monthKey(station.id, month), codes }));
      folds.push({ itemId: station.id, source: station.source, months, lastDayKey: lastKey });
      run.months += months.length;
    }
    if (!folds.length) return { ...run, left: true };
    run.d1RowsWritten += await writeFold(ctx.db, folds);
    run.stations += folds.length;
  }
}

export interface LegacyRun {
  stations: number;
  rows: number;
  d1RowsWritten: number;
  left: boolean;
}

const legacyStationsPerBatch = 10;

/**
 * Moves the roll-up of before migration 0007 (`daily_stats`, a row per code and day) into the new rows, a few
 * stations per batch: their days as day rows, days of months past the fold age as month rows, rows a station object
 * wrote since (from raw) kept, the old rows deleted in the same batch. Resumable at any point; nothing is lost.
 */
export async function moveLegacyStats(
  ctx: Ctx,
  { now, budgetMs = 10_000, maxBatches = Infinity }: { now: number; budgetMs?: number; maxBatches?: number },
): Promise<LegacyRun> {
  const started = Date.now();
  const daysFrom = firstMonthOfDays(now, rollupSettings(ctx.config).foldAfterDays);
  const run: LegacyRun = { stations: 0, rows: 0, d1RowsWritten: 0, left: false };
  for (let batch = 0; ; batch++) {
    const stations = await selectLegacyStations(ctx.db, legacyStationsPerBatch);
    if (!stations.length) return run;
    if (batch >= maxBatches || Date.now() - started > budgetMs) return { ...run, left: true };
    const moves = [];
    for (const station of stations) {
      const stats = await selectLegacyStats(ctx.db, station.id);
      const days = new Map<string, Figures>();
      for (const { reading, day, itemId: _, ...f } of stats) {
        const figures = days.get(day) ?? {};
        figures[reading] = { ...f, suspect: 0 };
        days.set(day, figures);
      }
      const dayRows: RollupRow[] = [];
      const months = new Map<string, Figures>();
      for (const [day, figures] of days) {
        if (monthOf(day) < daysFrom) months.set(monthOf(day), mergeFigures(months.get(monthOf(day)) ?? {}, withPeaks(day, figures)));
        else dayRows.push({ key: dayKey(station.id, day), codes: figures });
      }
      moves.push({
        itemId: station.id,
        source: station.source,
        days: dayRows,
        months: [...months].map(([month, codes]) => ({ key: monthKey(station.id, month), codes })),
      });
      run.rows += stats.length;
    }
    run.d1RowsWritten += await writeLegacyMove(ctx.db, moves);
    run.stations += moves.length;
  }
}
