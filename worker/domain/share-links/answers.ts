import type { ShareChart, ShareChartQuery, ShareView } from '../../contracts/share-links';
import type { Ctx } from '../../context';
import { toSummary } from '../../db/dashboard';
import { resolveShareLinkRows } from '../../db/share-links';
import { stationOf } from '../../station/directory';
import { answeredRange } from '../telemetry/chart';
import { rangeFiguresOf } from '../telemetry/dashboard';
import { standingsOf } from '../warning/levels';
import { chartDays, definitionOf, overviewWindow, publicStation, stationOfLink, windowIn, type ShareDefinition } from './definition';

/** A link as its object keeps it, from its secret's hash; undefined for a secret no link has. */
export async function resolveShareDefinition({ db }: Pick<Ctx, 'db'>, { secretHash }: { secretHash: string }) {
  const rows = await resolveShareLinkRows(db, secretHash);
  return rows && definitionOf(rows);
}

/**
 * The link's page: its stations and, over its window, their figures of the readings each shows (from the roll-up:
 * one query for all its stations; nothing of a reading it does not show leaves, not even its time).
 */
export async function shareViewOf(
  ctx: Pick<Ctx, 'db' | 'env' | 'config' | 'defer'>,
  { link, now = Date.now() }: { link: ShareDefinition; now?: number },
): Promise<ShareView> {
  const window = overviewWindow(link.window, now);
  const [found, standings] = await Promise.all([
    rangeFiguresOf(ctx, {
      stations: link.stations.map((s) => ({ id: s.id, source: s.face.name_for_api })),
      from: window.from,
      to: window.to,
    }),
    standingsOf(
      ctx,
      link.stations.map((s) => ({ id: s.id, readings: s.face.readings })),
    ),
  ]);
  const view: ShareView = {
    title: link.title,
    window,
    location: link.exactLocation ? 'exact' : 'rounded',
    expires_at: link.expiresAt === null ? null : new Date(link.expiresAt).toISOString(),
    stations: link.stations.map((station) => publicStation(station, link.window, now)),
    danes: {},
    uniwan: {},
    warning: {},
    read_at: now,
  };
  for (const station of link.stations) {
    view[station.face.name_for_api === 'DANES' ? 'danes' : 'uniwan'][station.face.unique_id] = toSummary(
      found.get(station.id),
      station.face.readings,
    );
    view.warning[station.face.unique_id] = standings.get(station.id)!;
  }
  return view;
}

/** One station of the link over days within its window: only the readings it shows, as the app's charts draw them. */
export async function shareChartOf(
  ctx: Pick<Ctx, 'env' | 'db'>,
  { link, query, now = Date.now() }: { link: ShareDefinition; query: ShareChartQuery; now?: number },
): Promise<ShareChart> {
  const station = stationOfLink(link, query.station);
  const timeZone = station.face.timezone;
  const { start, end, range } = answeredRange(chartDays(windowIn(link.window, timeZone, now), query, timeZone, now), timeZone);
  const [chart, standings] = await Promise.all([
    stationOf(ctx.env, station.id).reads().series(start, end, {
      points: query.points,
      totalsIn: timeZone,
      codes: station.face.readings,
    }),
    standingsOf(ctx, [{ id: station.id, readings: station.face.readings }]),
  ]);
  return { item: publicStation(station, link.window, now), range, ...chart, warning: standings.get(station.id)! };
}
