/**
 * The roll-up's D1 rows (docs/decisions/0015): one row per station-day (`station_days`) and per folded station-month
 * (`station_months`) with every code of the station in slots, the stations whose roll-up fails, and the roll-up of
 * before migration 0007 on its way out. Every statement that reads or writes them is here.
 */
import { asc, count, eq, inArray, lt, min, sql } from 'drizzle-orm';
import { isSummed, sources, type Source } from '../../shared/readings';
import {
  dayColumns,
  dayNumber,
  dischargeCodeOf,
  firstDayOf,
  fromStored,
  itemOfKey,
  keySpan,
  lastDayOf,
  monthOfKey,
  monthColumns,
  monthNumber,
  rowValues,
  slotCodes,
  slots,
  wetter,
  type Figures,
  type RollupRow,
  type RollupWrite,
} from './rollup-layout';
import { rawBatch, type RawStatement } from './batch';
import { dischargeFiguresOf, dischargeRangeStatement, dischargeWrites } from './discharge-days';
import type { Db } from './client';
import { items, legacyDailyStats, rollupFailures, stationDays, stationMonths } from './schema';

type Statement = RawStatement;
const rowsWritten = (results: D1Result[]) => results.reduce((n, r) => n + (r.meta?.rows_written ?? 0), 0);
/** Runs statements in one D1 batch; returns the rows D1 says they wrote. */
const run = async (db: Db, statements: Statement[]) => rowsWritten(await rawBatch(db, statements));

// The key span as SQL text: a bound number arrives as a REAL, and a key divided by it would not be an integer.
const span = sql.raw(String(keySpan));

// Rows per INSERT: one bound JSON parameter per statement keeps clear of D1's 100 parameters.
const rowsPerStatement = 100;

/**
 * A REAL that may hold ±Inf (a sum that overflowed), read so that it survives D1's JSON: as SQLite quotes it
 * (`9.0e+999`), which `fromStored` turns back into ±Infinity.
 */
const stored = (expr: string) => `CASE WHEN abs(${expr}) > 1.7976931348623157e308 THEN quote(${expr}) ELSE ${expr} END`;

function upsert(table: 'station_days' | 'station_months', rows: (number | string | null)[][], onConflict: 'replace' | 'keep'): Statement[] {
  const columns = table === 'station_days' ? dayColumns : monthColumns;
  const picked = sql.raw(columns.map((_, i) => `value ->> ${i}`).join(', '));
  const conflict = sql.raw(
    onConflict === 'keep'
      ? 'DO NOTHING'
      : `DO UPDATE SET ${columns
          .slice(1)
          .map((c) => `${c} = excluded.${c}`)
          .join(', ')}`,
  );
  const statements: Statement[] = [];
  for (let i = 0; i < rows.length; i += rowsPerStatement) {
    const json = JSON.stringify(rows.slice(i, i + rowsPerStatement));
    statements.push(
      sql`INSERT INTO ${sql.raw(table)} (${sql.raw(columns.join(', '))}) SELECT ${picked} FROM json_each(${json}) WHERE true ON CONFLICT (id) ${conflict}`,
    );
  }
  return statements;
}

const stationRange = (itemId: number) => [itemId * keySpan, itemId * keySpan + keySpan - 1] as const;

/** Deletes a station's day rows of `month` (its month row replaces them). */
const deleteDaysOf = (db: Db, itemId: number, month: string) =>
  db
    .delete(stationDays)
    .where(
      sql`${stationDays.id} BETWEEN ${itemId * keySpan + dayNumber(firstDayOf(month))} AND ${itemId * keySpan + dayNumber(lastDayOf(month))}`,
    );

/**
 * A station object's flush: its changed days (and folded months) in one D1 batch, so D1 never holds half a flush.
 * In steady state that is one row written: the day the report landed in. Returns the rows D1 wrote.
 */
export async function writeRollup(db: Db, write: RollupWrite): Promise<number> {
  const { itemId, source } = write;
  const statements: Statement[] = [];
  if (write.replaceAll) {
    const [lo, hi] = stationRange(itemId);
    statements.push(db.delete(stationDays).where(sql`${stationDays.id} BETWEEN ${lo} AND ${hi}`));
    statements.push(db.delete(stationMonths).where(sql`${stationMonths.id} BETWEEN ${lo} AND ${hi}`));
  }
  statements.push(
    ...upsert(
      'station_days',
      write.days.map((row) => rowValues(source, row)),
      'replace',
    ),
  );
  statements.push(
    ...upsert(
      'station_months',
      write.months.map((row) => rowValues(source, row, true)),
      'replace',
    ),
  );
  if (!write.replaceAll) {
    for (const row of write.months) statements.push(deleteDaysOf(db, itemId, monthOfKey(row.key)));
    if (write.emptyDays.length)
      statements.push(
        db.delete(stationDays).where(sql`${stationDays.id} IN (SELECT value FROM json_each(${JSON.stringify(write.emptyDays)}))`),
      );
    for (const month of write.emptyMonths) {
      statements.push(
        db.delete(stationMonths).where(eq(stationMonths.id, itemId * keySpan + monthNumber(month))),
        deleteDaysOf(db, itemId, month),
      );
    }
  }
  statements.push(...dischargeWrites(db, write));
  if (write.clearFailure) statements.push(db.delete(rollupFailures).where(eq(rollupFailures.itemId, itemId)));
  return run(db, statements);
}

/** Records a failed roll-up of a station (first failure, attempts, latest error): what the health call counts. */
export const recordRollupFailure = (db: Db, { itemId, error, now }: { itemId: number; error: string; now: number }) =>
  db
    .insert(rollupFailures)
    .values({ itemId, since: now, attempts: 1, error: error.slice(0, 500), lastAttempt: now })
    .onConflictDoUpdate({
      target: rollupFailures.itemId,
      set: { attempts: sql`${rollupFailures.attempts} + 1`, error: error.slice(0, 500), lastAttempt: now },
    });

/** How many stations' roll-ups are failing, since when, and the first few of them (oldest failure first). */
export async function selectRollupFailures(db: Db, limit: number) {
  const [[summary], stations] = await db.batch([
    db.select({ failing: count(), since: min(rollupFailures.since) }).from(rollupFailures),
    db
      .select({
        id: rollupFailures.itemId,
        uniqueId: items.uniqueId,
        since: rollupFailures.since,
        attempts: rollupFailures.attempts,
        error: rollupFailures.error,
        lastAttempt: rollupFailures.lastAttempt,
      })
      .from(rollupFailures)
      .innerJoin(items, eq(items.id, rollupFailures.itemId))
      .orderBy(asc(rollupFailures.since), asc(rollupFailures.itemId))
      .limit(limit),
  ]);
  return { failing: summary.failing, since: summary.since, stations };
}

/**
 * Failing stations whose last attempt was before `before` (their object's own retry has not come, or they were
 * listed by migration 0007), oldest attempt first, with what their object needs to flush and how many there are.
 */
export const selectStationsToRetry = (db: Db, { before, limit }: { before: number; limit: number }) =>
  db
    .select({
      id: items.id,
      uniqueId: items.uniqueId,
      source: items.nameForApi,
      timezone: items.timezone,
      total: sql<number>`count(*) OVER ()`,
    })
    .from(rollupFailures)
    .innerJoin(items, eq(items.id, rollupFailures.itemId))
    .where(lt(rollupFailures.lastAttempt, before))
    .orderBy(asc(rollupFailures.lastAttempt))
    .limit(limit);

/**
 * The time of a station's newest reading as D1 knows it (its `last_update`), as SQL text over the station id
 * expression `itemId`: the newest row's last time, a seek at the top of the station's key range (days first, then
 * folded months). The item queries and the no-data check read it; nothing writes it.
 */
export const newestReadingSql = (itemId: string) => `coalesce(
  (SELECT d.last_ts FROM station_days d WHERE d.id BETWEEN ${itemId} * ${keySpan} AND ${itemId} * ${keySpan} + ${keySpan - 1} ORDER BY d.id DESC LIMIT 1),
  (SELECT m.last_ts FROM station_months m WHERE m.id BETWEEN ${itemId} * ${keySpan} AND ${itemId} * ${keySpan} + ${keySpan - 1} ORDER BY m.id DESC LIMIT 1))`;

/** `newestReadingSql` of the `items` row in scope. */
export const newestReading = sql<number | null>`${sql.raw(newestReadingSql('"items"."id"'))}`.mapWith((v) =>
  v === null ? null : Number(v),
);

/** A station as the range readers need it: its id and the source its slots follow. */
export interface SlotStation {
  id: number;
  source: Source;
}

/** What D1 holds of a station over a range: figures per code and the newest reading's time. */
export interface RangeFigures {
  lastTs: number;
  figures: Figures;
}

/** Days of a folded month that a range covers only in part: D1 cannot split a month row, the station's object can. */
export interface PartialMonth {
  id: number;
  from: string;
  to: string;
}

// A range reads the sum only of slots whose code adds up in some source (others' stays NaN: a sum of levels means
// nothing), and each slot's newest reading as its distance from the station's newest: for a thousand stations D1
// sends back 191 KB instead of 412 KB.
const summedSlots = new Set(slots.filter((s) => sources.some((source) => isSummed(slotCodes(source)[s] ?? ''))));
const rangeAggregates = slots
  .map(
    (s) =>
      `sum(r.n${s}) AS n${s}, min(r.lo${s}) AS lo${s}, max(r.hi${s}) AS hi${s}, ${summedSlots.has(s) ? `${stored(`sum(r.sm${s})`)} AS sm${s}, ` : ''}max(r.last_ts) - max(r.l${s}) AS l${s}`,
  )
  .join(', ');
const rangeColumns = [
  'id',
  'last_ts',
  ...slots.flatMap((s) => [`n${s}`, `lo${s}`, `hi${s}`, ...(summedSlots.has(s) ? [`sm${s}`] : []), `l${s}`]),
].join(', ');

const inRange = (alias: string, lo: number, hi: number) =>
  sql.raw(`${alias}.id BETWEEN j.value * ${keySpan} + ${lo} AND j.value * ${keySpan} + ${hi}`);

/**
 * Per station over local days `from`..`to`: readings count, extremes and totals per code, the newest reading's time
 * and, for codes that add up, the wettest day; from day rows and from the month rows the range covers whole, and
 * discharge (with its volume) from its own day rows. Months
 * folded before the range's first or after its last day are listed in `partial` (the caller asks the stations'
 * objects for those days). One round trip. Stations without rows in the range are left out.
 */
export async function selectRangeFigures(db: Db, { stations, from, to }: { stations: SlotStation[]; from: string; to: string }) {
  const ids = JSON.stringify(stations.map((s) => s.id));
  const [d0, d1] = [dayNumber(from), dayNumber(to)];
  const fromMonth = from.slice(0, 7);
  const toMonth = to.slice(0, 7);
  // Months the range covers from their first to their last day are read from month rows.
  const m0 = monthNumber(fromMonth) + (from === firstDayOf(fromMonth) ? 0 : 1);
  const m1 = monthNumber(toMonth) - (to === lastDayOf(toMonth) ? 0 : 1);
  const edges = [
    ...new Set([from === firstDayOf(fromMonth) ? null : fromMonth, to === lastDayOf(toMonth) ? null : toMonth].filter((m) => m !== null)),
  ];
  const edgeKeys = JSON.stringify(stations.flatMap((s) => edges.map((m) => s.id * keySpan + monthNumber(m))));

  const statements: Statement[] = [
    sql`SELECT r.id / ${span} AS item, max(r.last_ts) AS last_ts, ${sql.raw(rangeAggregates)} FROM (
        SELECT ${sql.raw(rangeColumns.replaceAll(/(\w+)/g, 'd.$1'))} FROM json_each(${ids}) j JOIN station_days d ON ${inRange('d', d0, d1)}
        ${m0 <= m1 ? sql`UNION ALL SELECT ${sql.raw(rangeColumns.replaceAll(/(\w+)/g, 'm.$1'))} FROM json_each(${ids}) j JOIN station_months m ON ${inRange('m', m0, m1)}` : sql``}
      ) r GROUP BY item`,
    sql`SELECT id FROM station_months WHERE id IN (SELECT value FROM json_each(${edgeKeys}))`,
    dischargeRangeStatement(ids, d0, d1),
  ];
  // The wettest day per code that adds up, by source (a slot's code depends on it): day rows, then folded months.
  const peakQueries: { source: Source; code: string }[] = [];
  for (const source of ['DANES', 'UNIWAN'] as const) {
    const ofSource = JSON.stringify(stations.filter((s) => s.source === source).map((s) => s.id));
    if (ofSource === '[]') continue;
    slotCodes(source).forEach((code, s) => {
      if (!isSummed(code)) return;
      peakQueries.push({ source, code });
      statements.push(
        sql`SELECT item, day, pk FROM (
            SELECT j.value AS item, d.id % ${span} AS day, ${sql.raw(stored(`max(d.sm${s})`))} AS pk FROM json_each(${ofSource}) j
              JOIN station_days d ON ${inRange('d', d0, d1)} WHERE d.sm${sql.raw(String(s))} > 0 GROUP BY j.value
            UNION ALL
            SELECT j.value, m.pd${sql.raw(String(s))}, ${sql.raw(stored(`max(m.pk${s})`))} FROM json_each(${ofSource}) j
              JOIN station_months m ON ${inRange('m', m0, m1)} WHERE m.pk${sql.raw(String(s))} > 0 GROUP BY j.value
          )`,
      );
    });
  }
  const [totals, folded, discharge, ...peaks] = (await rawBatch(db, statements)).map((r) => r.results);

  const sourceOf = new Map(stations.map((s) => [s.id, s.source]));
  const byStation = new Map<number, RangeFigures>();
  for (const row of totals) {
    const id = Number(row.item);
    const source = sourceOf.get(id)!;
    const figures: Figures = {};
    slotCodes(source).forEach((code, s) => {
      if (row[`n${s}`] === null) return;
      const f = {
        count: Number(row[`n${s}`]),
        suspect: 0,
        min: fromStored(row[`lo${s}`])!,
        max: fromStored(row[`hi${s}`])!,
        sum: fromStored(row[`sm${s}`]) ?? NaN,
        firstTs: 0,
        lastTs: Number(row.last_ts) - Number(row[`l${s}`]),
        lastValue: 0,
      };
      figures[code] = f;
    });
    byStation.set(id, { lastTs: Number(row.last_ts), figures });
  }
  for (const row of discharge) {
    const id = Number(row.item);
    const code = dischargeCodeOf(sourceOf.get(id)!);
    if (!code) continue;
    const figures = dischargeFiguresOf(row);
    const known = byStation.get(id);
    if (known) known.figures[code] = figures;
    else byStation.set(id, { lastTs: figures.lastTs, figures: { [code]: figures } });
  }
  peakQueries.forEach(({ code }, i) => {
    for (const row of peaks[i]) {
      const at = byStation.get(Number(row.item))?.figures[code];
      const peak = { peakSum: fromStored(row.pk) ?? undefined, peakDay: new Date(Number(row.day) * 86_400_000).toISOString().slice(0, 10) };
      if (!at || !wetter(peak, at)) continue;
      Object.assign(at, peak);
    }
  });
  const partial: PartialMonth[] = folded.map((row) => {
    const key = Number(row.id);
    const month = monthOfKey(key);
    return { id: itemOfKey(key), from: month === fromMonth ? from : firstDayOf(month), to: month === toMonth ? to : lastDayOf(month) };
  });
  return { byStation, partial };
}

/**
 * Every station after `afterId` (at most `limit`, by id) with its newest day row as D1 holds it: the day's key and
 * its readings over all codes (null without rows). What the daily reconciliation compares each object with.
 */
export const selectStationsToReconcile = (db: Db, { afterId, limit }: { afterId: number; limit: number }) =>
  db.all<{ id: number; timezone: string; source: Source; dayKey: number | null; count: number | null }>(sql`
    SELECT i.id, i.timezone, i.name_for_api AS source, d.id AS dayKey, ${sql.raw(slots.map((s) => `coalesce(d.n${s}, 0)`).join(' + '))} AS count
    FROM items i LEFT JOIN station_days d ON d.id = (SELECT max(x.id) FROM station_days x WHERE x.id BETWEEN i.id * ${span} AND i.id * ${span} + ${sql.raw(String(keySpan - 1))})
    WHERE i.id > ${afterId} ORDER BY i.id LIMIT ${limit}`);

/** Stations with day rows of months before `beforeMonth` (to fold), lowest id first. */
export const selectStationsToFold = (db: Db, { beforeMonth, limit }: { beforeMonth: string; limit: number }) => {
  const before = dayNumber(firstDayOf(beforeMonth));
  return db
    .select({ id: items.id, source: items.nameForApi })
    .from(items)
    .where(
      sql`EXISTS (SELECT 1 FROM station_days d WHERE d.id BETWEEN ${items.id} * ${span} AND ${items.id} * ${span} + ${sql.raw(String(before - 1))})`,
    )
    .orderBy(asc(items.id))
    .limit(limit);
};

/** A station's day rows of months before `beforeMonth`, oldest first, at most `limit`. */
export const selectDaysToFold = (db: Db, { itemId, beforeMonth, limit }: { itemId: number; beforeMonth: string; limit: number }) =>
  db.all<Record<string, unknown>>(
    sql`SELECT * FROM station_days WHERE id BETWEEN ${itemId * keySpan} AND ${itemId * keySpan + dayNumber(firstDayOf(beforeMonth)) - 1} ORDER BY id LIMIT ${limit}`,
  );

/**
 * Folds station-months: inserts each month's row (a month row a station object already wrote from raw wins) and
 * deletes the days it folded, for every station of the chunk in one batch. Returns the rows D1 wrote.
 */
export function writeFold(db: Db, folds: { itemId: number; source: Source; months: RollupRow[]; lastDayKey: number }[]) {
  const statements: Statement[] = [];
  for (const { itemId, source, months, lastDayKey } of folds) {
    statements.push(
      ...upsert(
        'station_months',
        months.map((row) => rowValues(source, row, true)),
        'keep',
      ),
    );
    statements.push(db.delete(stationDays).where(sql`${stationDays.id} BETWEEN ${itemId * keySpan} AND ${lastDayKey}`));
  }
  return run(db, statements);
}

/** Stations with rows left in the roll-up of before migration 0007, lowest id first, with their source. */
export const selectLegacyStations = (db: Db, limit: number) =>
  db
    .select({ id: items.id, source: items.nameForApi })
    .from(items)
    .where(sql`EXISTS (SELECT 1 FROM ${legacyDailyStats} WHERE ${legacyDailyStats.itemId} = ${items.id})`)
    .orderBy(asc(items.id))
    .limit(limit);

/** A station's rows of the old roll-up, day by day. */
export const selectLegacyStats = (db: Db, itemId: number) =>
  db
    .select()
    .from(legacyDailyStats)
    .where(eq(legacyDailyStats.itemId, itemId))
    .orderBy(asc(legacyDailyStats.day), asc(legacyDailyStats.reading));

/**
 * Moves stations' old rows into the new layout in one batch: their day and month rows (those a station object wrote
 * since, from raw, win) and the old rows deleted. Returns the rows D1 wrote.
 */
export function writeLegacyMove(db: Db, moves: { itemId: number; source: Source; days: RollupRow[]; months: RollupRow[] }[]) {
  const statements: Statement[] = [];
  for (const { source, days, months } of moves) {
    statements.push(
      ...upsert(
        'station_days',
        days.map((row) => rowValues(source, row)),
        'keep',
      ),
    );
    statements.push(
      ...upsert(
        'station_months',
        months.map((row) => rowValues(source, row, true)),
        'keep',
      ),
    );
  }
  if (moves.length)
    statements.push(
      db.delete(legacyDailyStats).where(
        inArray(
          legacyDailyStats.itemId,
          moves.map((m) => m.itemId),
        ),
      ),
    );
  return run(db, statements);
}

/** Rows left in the old roll-up and the stations they belong to. */
export async function countLegacyStats(db: Db) {
  const [row] = await db
    .select({ rows: count(), stations: sql<number>`count(DISTINCT ${legacyDailyStats.itemId})` })
    .from(legacyDailyStats);
  return row;
}

/** Rows and bytes of the roll-up tables (for the benchmarks: D1's own size). */
export async function rollupSize(db: Db) {
  const result = await db.run(sql`SELECT (SELECT count(*) FROM station_days) AS days, (SELECT count(*) FROM station_months) AS months`);
  const row = result.results[0] as { days: number; months: number };
  return { ...row, bytes: result.meta.size_after };
}
