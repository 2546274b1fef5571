import type { Dashboard, StationSummary } from '../../contracts/telemetry';
import type { SubjectCtx } from '../../context';
import { selectDashboardStations, selectStationSummaries } from '../../db/daily-stats';
import { toItemRow } from '../../db/stations';
import { homeZone, isoInstant, resolveRange } from '../../contracts/station-time';

/**
 * The dashboard: the subject's stations and their groups, and per station readings count, last reading and
 * extremes over local days `from`..`to`, read from daily_stats only (never from raw readings).
 */
export async function dashboardOf({ db, subject }: SubjectCtx, range: { from?: string; to?: string }): Promise<Dashboard> {
  // Days without an explicit range end today in the product's home zone; every station's days are its own local days.
  const { from, to } = resolveRange(range, homeZone);
  const [rows, groupRows] = await selectDashboardStations(db, subject);
  const summaries = await selectStationSummaries(db, { itemIds: rows.map((r) => r.id), from, to });
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
    const date = found?.lastTs ? isoInstant(found.lastTs) : null;
    dashboard[item.nameForApi === 'DANES' ? 'danes' : 'uniwan'][item.uniqueId] = { date, ...summary };
  }
  return dashboard;
}
