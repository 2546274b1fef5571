import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupItems, groups, items } from '../../db/schema';
import { allReadingCodes, isSummed } from '../../contracts/readings';
import type { Dashboard, StationSummary } from '../../contracts/telemetry';
import type { Subject } from '../../db/schema';
import { toItemRow } from '../items/manage';
import { visibleItemsWhere } from '../items/visibility';
import { homeZone, resolveRange } from '../../contracts/station-time';

interface DayStats {
  itemId: number;
  reading: string;
  n: number;
  lo: number;
  hi: number;
  lastTs: number;
  total: number;
}

interface PeakDay {
  itemId: number;
  reading: string;
  day: string;
  peak: number;
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
    db.select().from(items).where(visibleItemsWhere(subject)).orderBy(desc(items.id)),
    groupsQuery(db, subject),
  ]);
  // Naming every code lets SQLite seek each (station, code) day range of the clustered key instead of reading a
  // station's whole history, and group in key order without sorting.
  const ids = JSON.stringify(rows.map((r) => r.id));
  const [stats, peaks] = await Promise.all([
    db.all<DayStats>(sql`
      SELECT s.item_id AS itemId, s.reading, sum(s.count) AS n, min(s.min) AS lo, max(s.max) AS hi, max(s.last_ts) AS lastTs, sum(s.sum) AS total
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${ids}))
        AND s.reading IN (SELECT value FROM json_each(${allCodes}))
        AND s.day BETWEEN ${from} AND ${to}
      GROUP BY s.item_id, s.reading`),
    // With max() the only aggregate, SQLite takes the bare `day` from the row that holds the maximum.
    db.all<PeakDay>(sql`
      SELECT s.item_id AS itemId, s.reading, s.day, max(s.sum) AS peak
      FROM daily_stats s
      WHERE s.item_id IN (SELECT value FROM json_each(${ids}))
        AND s.reading IN (SELECT value FROM json_each(${summedCodes}))
        AND s.day BETWEEN ${from} AND ${to}
      GROUP BY s.item_id, s.reading`),
  ]);
  const byItem = new Map<number, StationSummary & { lastTs: number }>();
  for (const s of stats) {
    const summary = byItem.get(s.itemId) ?? { date: null, pocetMereni: 0, max: {}, min: {}, lastTs: 0 };
    summary.pocetMereni += s.n;
    summary.max[s.reading] = s.hi;
    summary.min[s.reading] = s.lo;
    if (isSummed(s.reading)) (summary.sum ??= {})[s.reading] = s.total;
    summary.lastTs = Math.max(summary.lastTs, s.lastTs);
    byItem.set(s.itemId, summary);
  }
  for (const p of peaks) {
    const summary = byItem.get(p.itemId);
    if (summary && p.peak > 0) (summary.peak_day ??= {})[p.reading] = { day: p.day, sum: p.peak };
  }
  const dashboard: Dashboard = {
    items: rows.map(toItemRow),
    danes: {},
    uniwan: {},
    groups: groupRows.map((g) => ({ id: g.id, name: g.name, items: JSON.parse(g.items) as number[] })),
  };
  for (const item of rows) {
    const { lastTs, ...summary } = byItem.get(item.id) ?? { date: null, pocetMereni: 0, max: {}, min: {}, lastTs: 0 };
    summary.date = lastTs ? new Date(lastTs).toISOString() : null;
    dashboard[item.nameForApi === 'DANES' ? 'danes' : 'uniwan'][item.uniqueId] = summary;
  }
  return dashboard;
}
