import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupItems, groups, items } from '../../db/schema';
import { allReadingCodes, isSummed } from '../../contracts/readings';
import type { Dashboard, StationSummary } from '../../contracts/telemetry';
import type { Subject } from '../../db/schema';
import { toItemRow, visibleTo } from '../../db/stations';
import { homeZone, resolveRange } from '../../contracts/station-time';

/** A station's summary as SQLite assembles it: `summary` is a StationSummary's JSON without its `date`. */
interface SummaryRow {
  itemId: number;
  lastTs: number;
  summary: string;
}

const allCodes = JSON.stringify(allReadingCodes);
const summedCodes = JSON.stringify(allReadingCodes.filter(isSummed));

/** Groups holding stations, with those stations: all for an administrator, else the subject's own groups (whose stations it sees). */
const groupsQuery = (db: Db, subject: Subject) =>
  db
    .select({ id: groups.id, name: groups.name, items: sql<string>`json_group_array(${groupItems.itemId})` })
    .from(groups)
    .innerJoin(groupItems, eq(groupItems.groupId, groups.id))
    .where(subject.isAdmin ? undefined : sql`${groups.id} IN (SELECT group_id FROM subject_groups WHERE subject_id = ${subject.id})`)
    .groupBy(groups.id)
    .orderBy(groups.name, groups.id);

/**
 * The dashboard: the subject's stations and their groups (one round trip), and per station readings count, last
 * reading and extremes over local days `from`..`to`, read from daily_stats only (never from raw readings).
 */
export async function dashboardOf(db: Db, subject: Subject, range: { from?: string; to?: string }): Promise<Dashboard> {
  // Days without an explicit range end today in the product's home zone; every station's days are its own local days.
  const { from, to } = resolveRange(range, homeZone);
  const [rows, groupRows] = await db.batch([
    db.select().from(items).where(visibleTo(subject)).orderBy(desc(items.id)),
    groupsQuery(db, subject),
  ]);
  // Naming every code lets SQLite seek each (station, code) day range of the clustered key instead of reading a
  // station's whole history, and group in key order without sorting. Each station's summary leaves SQLite as one
  // JSON text: a thousand stations cross to the Worker as a thousand rows, not one per code.
  const ids = JSON.stringify(rows.map((r) => r.id));
  const summaries = await db.all<SummaryRow>(sql`
    WITH per_code AS (
      SELECT s.item_id, s.reading, sum(s.count) AS n, min(s.min) AS lo, max(s.max) AS hi, max(s.last_ts) AS last_ts, sum(s.sum) AS total
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${ids}))
        AND s.reading IN (SELECT value FROM json_each(${allCodes}))
        AND s.day BETWEEN ${from} AND ${to}
      GROUP BY s.item_id, s.reading
    ),
    -- With max() the only aggregate, SQLite takes the bare day from the row that holds the maximum.
    wettest AS (
      SELECT s.item_id, s.reading, s.day, max(s.sum) AS peak
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${ids}))
        AND s.reading IN (SELECT value FROM json_each(${summedCodes}))
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
  const byItem = new Map(summaries.map((s) => [s.itemId, s]));
  const dashboard: Dashboard = {
    items: rows.map(toItemRow),
    danes: {},
    uniwan: {},
    groups: groupRows.map((g) => ({ id: g.id, name: g.name, items: JSON.parse(g.items) as number[] })),
  };
  for (const item of rows) {
    const found = byItem.get(item.id);
    const summary: Omit<StationSummary, 'date'> = found ? JSON.parse(found.summary) : { pocetMereni: 0, max: {}, min: {} };
    // json_group_object gives {} where its filter matched nothing; the contract leaves such a key out.
    if (summary.sum && !Object.keys(summary.sum).length) delete summary.sum;
    if (summary.peak_day && !Object.keys(summary.peak_day).length) delete summary.peak_day;
    const date = found?.lastTs ? new Date(found.lastTs).toISOString() : null;
    dashboard[item.nameForApi === 'DANES' ? 'danes' : 'uniwan'][item.uniqueId] = { date, ...summary };
  }
  return dashboard;
}
