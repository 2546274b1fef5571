import { and, desc, eq, isNotNull, lte, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { isSummed } from '../contracts/readings';
import { isoInstant } from '../contracts/station-time';
import type { StationSummary } from '../contracts/telemetry';
import type { Db } from './client';
import { dailyStats, groupItems, groups, items, type Subject } from './schema';
import { visibleTo } from './stations';

/** One code's statistics over one station-local day, as daily_stats holds them. */
export type DayStat = Omit<typeof dailyStats.$inferSelect, 'itemId'>;

/**
 * Marks a station for the next roll-up (keeping the highest revision) and moves its last_update forward: the one
 * D1 write a station's ingest causes, when its object goes from clean to dirty.
 */
export async function markForRollup(db: Db, { itemId, rev, lastTs }: { itemId: number; rev: number; lastTs: number | null }) {
  const result = await db
    .update(items)
    // SQLite's max() of a NULL is NULL: coalesce picks whichever side is known.
    .set({
      rollupRev: sql`coalesce(max(${items.rollupRev}, ${rev}), ${rev})`,
      lastUpdate: sql`coalesce(max(${items.lastUpdate}, ${lastTs}), ${items.lastUpdate}, ${lastTs})`,
    })
    .where(eq(items.id, itemId));
  return rowsWritten([result]);
}

const rowsWritten = (results: D1Result[]) => results.reduce((n, r) => n + (r.meta.rows_written ?? 0), 0);

// Stats rows per INSERT: one bound JSON parameter per statement keeps clear of D1's 100-parameter limit.
const rowsPerStatement = 500;
// A row's fields in the table's column order after item_id; a roll-up replaces all but the key (reading, day).
const statFields = ['reading', 'day', 'count', 'min', 'max', 'sum', 'firstTs', 'lastTs', 'lastValue'] as const;
const fromJson = sql.raw(statFields.map((_, i) => `value ->> ${i}`).join(', '));
const replaced = Object.fromEntries(statFields.slice(2).map((f) => [f, sql.raw(`excluded.${dailyStats[f].name}`)]));

/**
 * Brings a station's daily_stats up to date with the days it computed, and clears its roll-up mark unless a later
 * batch (a higher revision) marked it again. One batch, so D1 never holds new figures with the mark still set or the
 * mark cleared without the figures. Returns the rows D1 wrote.
 */
export async function writeRollup(
  db: Db,
  { itemId, days = [], stats, rev, replaceAll }: { itemId: number; days?: string[]; stats: DayStat[]; rev: number; replaceAll: boolean },
) {
  const statements: BatchItem<'sqlite'>[] = [];
  if (replaceAll) statements.push(db.delete(dailyStats).where(eq(dailyStats.itemId, itemId)));
  // A code whose every reading of a day was rejected has no figures that day any more: its row goes.
  else statements.push(...vanishedRows(db, itemId, days, stats));
  for (let i = 0; i < stats.length; i += rowsPerStatement) {
    const rows = JSON.stringify(stats.slice(i, i + rowsPerStatement).map((s) => statFields.map((f) => s[f])));
    statements.push(
      db
        .insert(dailyStats)
        .select(sql`SELECT ${itemId}, ${fromJson} FROM json_each(${rows}) WHERE true`)
        .onConflictDoUpdate({ target: [dailyStats.itemId, dailyStats.day, dailyStats.reading], set: replaced }),
    );
  }
  statements.push(db.update(items).set({ rollupRev: null }).where(and(eq(items.id, itemId), lte(items.rollupRev, rev))));
  return rowsWritten((await db.batch(statements as [BatchItem<'sqlite'>])) as D1Result[]);
}

// Days per statement that drops vanished rows: their keys stay well inside D1's 100 KB per statement.
const daysPerDelete = 60;

/** Deletes the rows of `days` whose code has no figures in `stats` (none exist in nearly every roll-up; nothing is written then). */
function vanishedRows(db: Db, itemId: number, days: string[], stats: DayStat[]) {
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < days.length; i += daysPerDelete) {
    const slice = new Set(days.slice(i, i + daysPerDelete));
    const keys = JSON.stringify(stats.filter((s) => slice.has(s.day)).map((s) => `${s.day}|${s.reading}`));
    statements.push(
      db
        .delete(dailyStats)
        .where(
          sql`${dailyStats.itemId} = ${itemId} AND ${dailyStats.day} IN (SELECT value FROM json_each(${JSON.stringify([...slice])}))
            AND ${dailyStats.day} || '|' || ${dailyStats.reading} NOT IN (SELECT value FROM json_each(${keys}))`,
        ),
    );
  }
  return statements;
}

/** The stations marked for the roll-up, oldest mark first, at most `limit`, each with how many are marked in all. */
export const selectMarkedStations = (db: Db, limit: number) =>
  db
    .select({ id: items.id, timezone: items.timezone, total: sql<number>`count(*) OVER ()` })
    .from(items)
    .where(isNotNull(items.rollupRev))
    .orderBy(items.rollupRev)
    .limit(limit);

/**
 * The dashboard's stations and the groups holding them, in one round trip: every group for an administrator, else
 * the subject's own groups (whose stations it sees).
 */
export const selectDashboardStations = (db: Db, subject: Subject) =>
  db.batch([
    db.select().from(items).where(visibleTo(subject)).orderBy(desc(items.id)),
    db
      .select({ id: groups.id, name: groups.name, items: sql<string>`json_group_array(${groupItems.itemId})` })
      .from(groups)
      .innerJoin(groupItems, eq(groupItems.groupId, groups.id))
      .where(subject.isAdmin ? undefined : sql`${groups.id} IN (SELECT group_id FROM subject_groups WHERE subject_id = ${subject.id})`)
      .groupBy(groups.id)
      .orderBy(groups.name, groups.id),
  ]);

/** A station's summary as SQLite assembles it: `summary` is a StationSummary's JSON without its `date`. */
interface SummaryRow {
  itemId: number;
  lastTs: number;
  summary: string;
}

/**
 * Per station readings count, last reading and extremes of `codes` over local days `from`..`to` (and for codes that
 * add up their total and wettest day), read from daily_stats only; a station without readings there is left out.
 */
export async function selectStationSummaries(db: Db, { ids, codes, from, to }: { ids: number[]; codes: readonly string[]; from: string; to: string }) {
  // Naming every code lets SQLite seek each (station, code) day range of the clustered key instead of reading a
  // station's whole history, and group in key order without sorting. Each station's summary leaves SQLite as one
  // JSON text: a thousand stations cross to the Worker as a thousand rows, not one per code.
  const idList = JSON.stringify(ids);
  const codeList = JSON.stringify(codes);
  const summedList = JSON.stringify(codes.filter(isSummed));
  const rows = await db.all<SummaryRow>(sql`
    WITH per_code AS (
      SELECT s.item_id, s.reading, sum(s.count) AS n, min(s.min) AS lo, max(s.max) AS hi, max(s.last_ts) AS last_ts, sum(s.sum) AS total
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${idList}))
        AND s.reading IN (SELECT value FROM json_each(${codeList}))
        AND s.day BETWEEN ${from} AND ${to}
      GROUP BY s.item_id, s.reading
    ),
    -- With max() the only aggregate, SQLite takes the bare day from the row that holds the maximum.
    wettest AS (
      SELECT s.item_id, s.reading, s.day, max(s.sum) AS peak
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${idList}))
        AND s.reading IN (SELECT value FROM json_each(${summedList}))
        AND s.day BETWEEN ${from} AND ${to}
      GROUP BY s.item_id, s.reading
    )
    SELECT p.item_id AS itemId, max(p.last_ts) AS lastTs, json_object(
      'pocetMereni', sum(p.n),
      'max', json_group_object(p.reading, p.hi),
      'min', json_group_object(p.reading, p.lo),
      'sum', json_group_object(p.reading, p.total) FILTER (WHERE w.item_id IS NOT NULL),
      'peak_day', json_group_object(p.reading, json_object('day', w.day, 'sum', w.peak)) FILTER (WHERE w.peak > 0)
    ) AS summary
    FROM per_code p LEFT JOIN wettest w ON w.item_id = p.item_id AND w.reading = p.reading
    GROUP BY p.item_id`);
  return new Map(rows.map((row) => [row.itemId, toSummary(row)]));
}

function toSummary({ lastTs, summary: json }: SummaryRow): StationSummary {
  const summary: Omit<StationSummary, 'date'> = JSON.parse(json);
  // json_group_object gives {} where its filter matched nothing; the contract leaves such a key out.
  if (summary.sum && !Object.keys(summary.sum).length) delete summary.sum;
  if (summary.peak_day && !Object.keys(summary.peak_day).length) delete summary.peak_day;
  return { date: lastTs ? isoInstant(lastTs) : null, ...summary };
}

/** What a station without readings in the range shows. */
export const emptySummary = (): StationSummary => ({ date: null, pocetMereni: 0, max: {}, min: {} });
