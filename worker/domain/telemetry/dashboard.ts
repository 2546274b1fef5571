import { desc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { groupItems, groups, items } from '../../db/schema';
import { allReadingCodes } from '../../contracts/readings';
import type { Dashboard } from '../../contracts/telemetry';
import { emptySummary, selectStationSummaries } from '../../db/daily-stats';
import type { Subject } from '../../db/schema';
import { toItemRow } from '../items/manage';
import { visibleTo } from '../../db/stations';
import { homeZone, resolveRange } from '../../contracts/station-time';

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
  const summaries = await selectStationSummaries(db, { ids: rows.map((r) => r.id), codes: allReadingCodes, from, to });
  const dashboard: Dashboard = {
    items: rows.map(toItemRow),
    danes: {},
    uniwan: {},
    groups: groupRows.map((g) => ({ id: g.id, name: g.name, items: JSON.parse(g.items) as number[] })),
  };
  for (const item of rows) dashboard[item.nameForApi === 'DANES' ? 'danes' : 'uniwan'][item.uniqueId] = summaries.get(item.id) ?? emptySummary();
  return dashboard;
}
