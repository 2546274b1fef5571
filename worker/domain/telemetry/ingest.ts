import { earliestReading, futureMargin } from '../../config';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { markTokenUsed } from '../../db/station-tokens';
import { findStationRecord, type StationRecord } from '../../db/stations';
import type { Source } from '../../../shared/readings';
import { isoInstant } from '../../../shared/station-time';
import type { IngestBody, IngestResult } from '../../contracts/telemetry';
import { batchOf } from '../../station/batch';
import { stationOf } from '../../station/directory';
import type { StationRef } from '../../station/schema';
import { forbidden, invalid, notFound } from '../errors';
import { checkRows } from './rows';
import { tokenTrustMs, type IngestCaller } from './tokens';

// An importer names its station per batch: the station is trusted as long as a token is (tokens.ts).
const importerStations = new Map<string, { station: StationRecord; until: number }>();

/** The station an importer names by unique id (undefined when none has it), trusted as long as a token is. */
export async function importerStation(db: Db, uniqueId: string, now = Date.now()) {
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

/** Records a token's use, at most once a day, after the reply. */
export function noteTokenUse({ db, defer }: Pick<Ctx, 'db' | 'defer'>, caller: IngestCaller, now: number) {
  if (usedToday(caller.lastUsedAt, now)) return;
  caller.lastUsedAt = new Date(now);
  defer(markTokenUsed(db, { tokenId: caller.tokenId, at: now }).catch((err) => console.error('token use not recorded', err)));
}

/** A lap timer for a request's phases (ms, added up per phase), which `Server-Timing` reports. */
export function phaseTimer(timings?: Record<string, number>) {
  let at = Date.now();
  return (phase: string) => {
    const next = Date.now();
    if (timings) timings[phase] = (timings[phase] ?? 0) + next - at;
    at = next;
  };
}

/** What a station's object is told of its station with a batch. */
export const stationRef = (item: StationRecord): StationRef => ({
  id: item.id,
  uniqueId: item.uniqueId,
  source: item.nameForApi,
  timezone: item.timezone,
});

/** Why a new reading was refused: its code is approved past its time (decision 0016). */
export const approvedText = (code: string, approvedUntil: number) =>
  `${code} of this station is approved up to ${isoInstant(approvedUntil)}: an administrator must withdraw the approval before new readings can go there.`;

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
  ctx: Ctx & { caller: IngestCaller },
  { source, body, now = Date.now(), timings }: { source: Source; body: IngestBody; now?: number; timings?: Record<string, number> },
): Promise<IngestResult> {
  const { db, env, config, caller } = ctx;
  const lap = phaseTimer(timings);
  const item = await stationFor(db, caller, body.unique_id);
  lap('station');
  if (item.nameForApi !== source) {
    throw invalid({ unique_id: [`Station ${item.uniqueId} reports ${item.nameForApi} readings, not ${source}.`] });
  }
  const { readings, errors } = checkRows(source, body.rows, item.timezone, now, earliestReading(config), futureMargin(config));
  if (Object.keys(errors).length) throw invalid(errors);
  const batch = batchOf(readings);
  lap('rows');

  const outcome = await stationOf(env, item.id).ingest(stationRef(item), batch);
  lap('rpc');
  if (timings) Object.assign(timings, outcome.timings);
  if (outcome.refused) {
    // Every row was valid, so the batch's indexes are the rows'.
    throw invalid(
      Object.fromEntries(
        outcome.refused.map(({ index, approvedUntil }) => [`rows.${index}`, [approvedText(readings[index].reading, approvedUntil)]]),
      ),
    );
  }
  noteTokenUse(ctx, caller, now);
  return { accepted: outcome.accepted, duplicates: outcome.duplicates };
}
