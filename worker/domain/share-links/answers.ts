import type { ShareChart, ShareChartQuery, ShareView } from '../../contracts/share-links';
import type { Ctx } from '../../context';
import { emptySummary, selectStationSummaries } from '../../db/daily-stats';
import { resolveShareLinkRows } from '../../db/share-links';
import { stationOf } from '../../station/directory';
import { answeredRange } from '../telemetry/chart';
import { chartDays, definitionOf, overviewWindow, publicStation, stationOfLink, windowIn, type ShareDefinition, type ShareStation } from './definition';

/** A link as its object keeps it, from its secret's hash; undefined for a secret no link has. */
export async function resolveShareDefinition({ db }: Pick<Ctx, 'db'>, { secretHash }: { secretHash: string }) {
  const rows = await resolveShareLinkRows(db, secretHash);
  return rows && definitionOf(rows);
}

/**
 * The link's page: its stations and, over its window, their figures of the readings each shows (from daily_stats:
 * one query per distinct set of readings, usually one).
 */
export async function shareViewOf({ db }: Pick<Ctx, 'db'>, { link, now = Date.now() }: { link: ShareDefinition; now?: number }): Promise<ShareView> {
  const window = overviewWindow(link.window, now);
  const bySet = new Map<string, ShareStation[]>();
  for (const station of link.stations) {
    const key = JSON.stringify(station.face.readings);
    bySet.set(key, [...(bySet.get(key) ?? []), station]);
  }
  const found = await Promise.all(
    [...bySet.values()].map((stations) => selectStationSummaries(db, { ids: stations.map((s) => s.id), codes: stations[0].face.readings, from: window.from, to: window.to })),
  );
  const view: ShareView = {
    title: link.title,
    window,
    location: link.exactLocation ? 'exact' : 'rounded',
    expires_at: link.expiresAt === null ? null : new Date(link.expiresAt).toISOString(),
    stations: link.stations.map((station) => publicStation(station, link.window, now)),
    danes: {},
    uniwan: {},
    read_at: now,
  };
  for (const station of link.stations) {
    const summary = found.map((summaries) => summaries.get(station.id)).find(Boolean) ?? emptySummary();
    view[station.face.name_for_api === 'DANES' ? 'danes' : 'uniwan'][station.face.unique_id] = summary;
  }
  return view;
}

/** One station of the link over days within its window: only the readings it shows, as the app's charts draw them. */
export async function shareChartOf({ env }: Pick<Ctx, 'env'>, { link, query, now = Date.now() }: { link: ShareDefinition; query: ShareChartQuery; now?: number }): Promise<ShareChart> {
  const station = stationOfLink(link, query.station);
  const timeZone = station.face.timezone;
  const { start, end, range } = answeredRange(chartDays(windowIn(link.window, timeZone, now), query, timeZone, now), timeZone);
  const chart = await stationOf(env, station.id).series(start, end, { points: query.points, totalsIn: timeZone, codes: station.face.readings });
  return { item: publicStation(station, link.window, now), range, ...chart };
}
