import { earliestReading, futureMargin } from '../../config';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { markTokenUsed } from '../../db/station-tokens';
import { findStationRecord, type StationRecord } from '../../db/stations';
import type { Source } from '../../../shared/readings';
import { isoInstant } from '../../../shared/station-time';
import type { IngestBody, IngestResult } from '../../contracts/telemetry';
import { stationOf } from '../../station/directory';
import { forbidden, invalid, notFound } from '../errors';
import { checkRows } from './rows';
import { tokenTrustMs, type IngestCaller } from './tokens';

// An importer names its station per batch: the station is trusted as long as a token is (tokens.ts).
const importerStations = new Map<string, { station: StationRecord; until: number }>();

async function importerStation(db: Db, uniqueId: string, now = Date.now()) {
  const known = importerStations.get(uniqueId);
  if (known && known.until > now) return known.station;
  const station = await findStationRecord(db, { uniqueId });
  if (importerStations.size >= 10_000) importerStations.clear();
  if (station) importerStations.set(uniqueId, { station, until: now + tokenTrustMs });
  else importerStations.delete(uniqueId);
  return station;
}

/** Forgets what this isolate trusts of a station (it was edited). */
export function forgetImporterStation(uniqueId: string) {
  importerStations.delete(uniqueId);
}

// A token's last use is kept to the day (UTC): written hourly it cost a station reporting every 10 minutes 0.17 D1
// rows per report, daily 0.007 (docs/decisions/0015).
const dayMs = 86_400_000;
const usedToday = (at: Date | null, now: number) => at !== null && Math.floor(at.getTime() / dayMs) === Math.floor(now / dayMs);

async function stationFor(db: Db, caller: IngestCaller, uniqueId: string | undefined) {
  if (caller.station) {
    if (uniqueId !== undefined && uniqueId !== caller.station.uniqueId) {
      throw forbidden('This token belongs to another station.', 'unique_id');
    }
    return caller.station;
  }
  if (uniqueId === undefined) throw invalid({ unique_id: ['An importer token must name the station (unique_id).'] });
  const item = await importerStation(db, uniqueId);
  if (!item) throw notFound('Station', 'unique_id');
  return item;
}

/**
 * Stores a batch of one station's rows all-or-nothing: a bad row, or a new reading in an approved stretch, rejects
 * the batch (422 naming each), the station's object stores the rest in one transaction, counting duplicates. D1 is
 * not written on the way (its single writer would pace every station, and it bills rows), but for the token's last
 * use once a day; a station's object rolls its changed days up itself.
 */
export async function ingestRows(
  { db, env, config, defer, caller }: Ctx & { caller: IngestCaller },
  { source, body, now = Date.now(), timings }: { source: Source; body: IngestBody; now?: number; timings?: Record<string, number> },
): Promise<IngestResult> {
  let at = Date.now();
  const lap = (phase: string) => {
    const next = Date.now();
    if (timings) timings[phase] = (timings[phase] ?? 0) + next - at;
    at = next;
  };
  const item = await stationFor(db, caller, body.unique_id);
  lap('station');
  if (item.nameForApi !== source) {
    throw invalid({ unique_id: [`Station ${item.uniqueId} reports ${item.nameForApi} readings, not ${source}.`] });
  }
  const { readings, errors } = checkRows(source, body.rows, item.timezone, now, earliestReading(config), futureMargin(config));
  if (Object.keys(errors).length) throw invalid(errors);
  lap('rows');

  const outcome = await stationOf(env, item.id).ingest({ id: item.id, uniqueId: item.uniqueId, source, timezone: item.timezone }, readings);
  lap('rpc');
  if (timings) Object.assign(timings, outcome.timings);
  if (outcome.refused) {
    // Every row was valid, so the readings' indexes are the rows'.
    throw invalid(
      Object.fromEntries(
        outcome.refused.map(({ index, approvedUntil }) => [
          `rows.${index}`,
          [
            `${readings[index].reading} of this station is approved up to ${isoInstant(approvedUntil)}: an administrator must withdraw the approval before new readings can go there.`,
          ],
        ]),
      ),
    );
  }
  if (!usedToday(caller.lastUsedAt, now)) {
    caller.lastUsedAt = new Date(now);
    defer(markTokenUsed(db, { tokenId: caller.tokenId, at: now }).catch((err) => console.error('token use not recorded', err)));
  }
  return { accepted: outcome.accepted, duplicates: outcome.duplicates };
}
