import { rowFields } from '../../contracts/telemetry';
import type { LiveMessage } from '../../contracts/live';
import type { PublicStation, ShareChartQuery, ShareLinkState } from '../../contracts/share-links';
import { dayBounds, homeZone, lastDays, type DayRange } from '../../../shared/station-time';
import type { resolveShareLinkRows } from '../../db/share-links';
import { badRequest, notFound } from '../errors';

/** The days a link shows: the last `days` (rolling, as the charts' presets count them) or fixed station-local days. */
export type ShareWindow = { days: number } | DayRange;

/** A station of a link: its D1 id (to reach its object) and its public face, nothing else. */
export interface ShareStation {
  id: number;
  face: Omit<PublicStation, 'window'>;
}

/**
 * Everything a link's object needs to answer for it, resolved once from D1 and replaced whenever the link changes.
 * Coordinates are rounded here when the link rounds them, so no answer can carry the exact ones.
 */
export interface ShareDefinition {
  id: number;
  title: string;
  window: ShareWindow;
  exactLocation: boolean;
  frameOrigins: string[];
  expiresAt: number | null;
  revokedAt: number | null;
  /** A link works only while its owner may sign in. */
  ownerActive: boolean;
  stations: ShareStation[];
}

/** 0.01° is about 1.1 km of latitude (and less of longitude): the place, not the house. */
export const roundCoordinate = (value: number | null) => (value === null ? null : Math.round(value * 100) / 100);

type Rows = NonNullable<Awaited<ReturnType<typeof resolveShareLinkRows>>>;

export function definitionOf({ link, owner, stations }: Rows): ShareDefinition {
  const place = (value: number | null) => (link.exactLocation ? value : roundCoordinate(value));
  return {
    id: link.id,
    title: link.title,
    window: link.windowDays ? { days: link.windowDays } : { from: link.windowFrom!, to: link.windowTo! },
    exactLocation: link.exactLocation,
    frameOrigins: JSON.parse(link.frameOrigins) as string[],
    expiresAt: link.expiresAt,
    revokedAt: link.revokedAt,
    ownerActive: owner.status === 'active',
    stations: stations.map(({ item, readings }) => ({
      id: item.id,
      face: {
        unique_id: item.uniqueId,
        name: item.name,
        location_name: item.locationName,
        location_x: place(item.locationX),
        location_y: place(item.locationY),
        name_for_api: item.nameForApi,
        timezone: item.timezone,
        datum: item.datum,
        readings: JSON.parse(readings) as string[],
      },
    })),
  };
}

/** Whether a link works now: revoked (or its owner gone) and expired links answer 410. */
export function stateOf(link: Pick<ShareDefinition, 'revokedAt' | 'expiresAt' | 'ownerActive'>, now = Date.now()): ShareLinkState {
  if (link.revokedAt !== null || !link.ownerActive) return 'revoked';
  if (link.expiresAt !== null && link.expiresAt <= now) return 'expired';
  return 'active';
}

/** The link's window in a zone's days: the last `days` up to today there, or the fixed days. */
export const windowIn = (window: ShareWindow, timeZone: string, now = Date.now()): DayRange =>
  'days' in window ? lastDays(window.days, timeZone, now) : { from: window.from, to: window.to };

/** A station's public face with the link's window in its own days. */
export const publicStation = (station: ShareStation, window: ShareWindow, now = Date.now()): PublicStation => ({
  ...station.face,
  window: { days: 'days' in window ? window.days : null, ...windowIn(window, station.face.timezone, now) },
});

/** The station of a link named by its unique id; the same 404 whether it exists elsewhere or not at all. */
export function stationOfLink(link: ShareDefinition, uniqueId: string) {
  const station = link.stations.find((s) => s.face.unique_id === uniqueId);
  if (!station) throw notFound('Station', 'station');
  return station;
}

/**
 * The days a chart asks for, which must lie within the link's window: `from`..`to`, or the last `days`, or without
 * either the whole window. Anything reaching outside it is refused, never quietly cut.
 */
export function chartDays(
  window: DayRange,
  query: Pick<ShareChartQuery, 'from' | 'to' | 'days'>,
  timeZone: string,
  now = Date.now(),
): DayRange {
  const asked =
    query.from || query.to
      ? { from: query.from ?? window.from, to: query.to ?? window.to }
      : query.days
        ? lastDays(query.days, timeZone, now)
        : window;
  if (asked.from < window.from || asked.to > window.to) {
    throw badRequest(`This link shows only ${window.from} to ${window.to}.`, asked.from < window.from ? 'from' : 'to');
  }
  return asked;
}

/**
 * A station's live message as a link may pass it on: only the readings the link shows and only times within its
 * window, with `last_update` the newest of those; null when nothing is left (or the message is not readings).
 */
export function messageForLink(link: ShareDefinition, itemId: number, message: LiveMessage, now = Date.now()): LiveMessage | null {
  const station = link.stations.find((s) => s.id === itemId);
  if (!station || message.type !== 'readings') return null;
  const fields = rowFields[message.source];
  const window = windowIn(link.window, station.face.timezone, now);
  const start = dayBounds(window.from, station.face.timezone).start;
  const end = dayBounds(window.to, station.face.timezone).end;
  const timeOf = (row: (typeof message.rows)[number]) => Date.parse(String(row[fields.time]));
  const rows = message.rows.filter(
    (row) => station.face.readings.includes(String(row[fields.code])) && timeOf(row) >= start && timeOf(row) < end,
  );
  if (!rows.length) return null;
  const newest = Math.max(...rows.map(timeOf));
  // Where readings stand and their forecasts, only of the readings the link shows.
  const { levels, forecasts, ...shown } = message;
  const shownOf = <T extends { reading: string }>(list?: T[]) => list?.filter((x) => station.face.readings.includes(x.reading));
  const [ownLevels, ownForecasts] = [shownOf(levels), shownOf(forecasts)];
  return {
    ...shown,
    unique_id: station.face.unique_id,
    last_update: new Date(newest).toISOString(),
    rows,
    ...(ownLevels?.length ? { levels: ownLevels } : {}),
    ...(ownForecasts?.length ? { forecasts: ownForecasts } : {}),
  };
}

/** The overview's window: in the home zone's days, as the dashboard reckons ranges that span stations. */
export const overviewWindow = (window: ShareWindow, now = Date.now()) => ({
  days: 'days' in window ? window.days : null,
  ...windowIn(window, homeZone, now),
});
