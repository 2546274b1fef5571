/**
 * The documented dashboard from its columns, apart from the contract's schemas: the dashboard page decodes what it
 * loaded without zod on its first load (decision 0012).
 */
import type { Dashboard, DashboardColumns, StationSummary } from './telemetry';

export function dashboardFromColumns(c: DashboardColumns): Dashboard {
  const s = c.stations;
  const time = (t: number | null) => (t === null ? null : new Date(c.base + t).toISOString());
  const dashboard: Dashboard = { items: [], danes: {}, uniwan: {}, groups: c.groups };
  const { figures: f } = c;
  s.id.forEach((id, i) => {
    const source = c.sources[s.source[i]];
    dashboard.items.push({
      id,
      name: s.name[i],
      serial_nr: s.serial_nr[i],
      unique_id: s.unique_id[i],
      location_x: s.location_x[i],
      location_y: s.location_y[i],
      location_name: s.location_name[i],
      location_group: s.location_group[i],
      last_update: time(s.last_update[i]),
      name_for_api: source,
      timezone: c.zones[s.zone[i]],
      report_minutes: s.report_minutes[i],
      datum: s.datum[i],
    });
    const summary: StationSummary = { date: time(f.date[i]), pocetMereni: f.count[i], max: {}, min: {} };
    for (const [code, values] of Object.entries(f.max)) if (values[i] !== null) summary.max[code] = values[i];
    for (const [code, values] of Object.entries(f.min)) if (values[i] !== null) summary.min[code] = values[i];
    for (const [code, values] of Object.entries(f.sum)) {
      if (values[i] === null && f.max[code]?.[i] == null) continue;
      (summary.sum ??= {})[code] = values[i];
    }
    for (const [code, days] of Object.entries(f.peak_day)) {
      const day = days[i];
      if (day !== null) (summary.peak_day ??= {})[code] = { day, sum: f.peak_sum[code][i] };
    }
    for (const [code, values] of Object.entries(f.volume ?? {})) {
      const mean = f.mean?.[code]?.[i];
      if (mean === null || mean === undefined) continue;
      (summary.mean ??= {})[code] = mean;
      (summary.volume ??= {})[code] = values[i];
    }
    dashboard[source === 'DANES' ? 'danes' : 'uniwan'][s.unique_id[i]] = summary;
  });
  return dashboard;
}
