import type { Dashboard } from '../../contracts/telemetry';
import { allReadingCodes } from '../../contracts/readings';
import type { SubjectCtx } from '../../context';
import { emptySummary, selectDashboardStations, selectStationSummaries } from '../../db/daily-stats';
import { toItemRow } from '../../db/stations';
import { homeZone, resolveRange } from '../../contracts/station-time';

/**
 * The dashboard: the subject's stations and their groups, and per station readings count, last reading and
 * extremes over local days `from`..`to`, read from daily_stats only (never from raw readings).
 */
export async function dashboardOf({ db, subject }: SubjectCtx, range: { from?: string; to?: string }): Promise<Dashboard> {
  // Days without an explicit range end today in the product's home zone; every station's days are its own local days.
  const { from, to } = resolveRange(range, homeZone);
  const [rows, groupRows] = await selectDashboardStations(db, subject);
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
