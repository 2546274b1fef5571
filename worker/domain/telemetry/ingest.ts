import { earliestReading, futureMargin } from '../../config';
import type { Ctx } from '../../context';
import type { Db } from '../../db/client';
import { markTokenUsed } from '../../db/station-tokens';
import { findItem } from '../../db/stations';
import type { Source } from '../../contracts/readings';
import { isoInstant } from '../../contracts/station-time';
import type { IngestBody, IngestResult } from '../../contracts/telemetry';
import { stationOf } from '../../station/directory';
import { forbidden, invalid, notFound } from '../errors';
import { checkRows } from './rows';
import type { IngestCaller } from './tokens';

// A token's last use is shown to administrators to the hour; writing it on every batch would cost a D1 row each.
const tokenUseResolutionMs = 3_600_000;

async function stationFor(db: Db, caller: IngestCaller, uniqueId: string | undefined) {
  if (caller.station) {
    if (uniqueId !== undefined && uniqueId !== caller.station.uniqueId) {
      throw forbidden('This token belongs to another station.', 'unique_id');
    }
    return caller.station;
  }
  if (uniqueId === undefined) throw invalid({ unique_id: ['An importer token must name the station (unique_id).'] });
  const item = await findItem(db, { uniqueId });
  if (!item) throw notFound('Station', 'unique_id');
  return item;
}

/**
 * Stores a batch of one station's rows all-or-nothing: a bad row (or a new reading in an approved stretch) rejects the batch (422 naming each), the
 * station's object stores the rest in one transaction, counting duplicates. D1 is not written on the way
 * (its single writer would pace every station), but for the token's last use at most hourly.
 */
export async function ingestRows(
  { db, env, config, caller }: Ctx & { caller: IngestCaller },
  { source, body, now = Date.now() }: { source: Source; body: IngestBody; now?: number },
): Promise<IngestResult> {
  const item = await stationFor(db, caller, body.unique_id);
  if (item.nameForApi !== source) {
    throw invalid({ unique_id: [`Station ${item.uniqueId} reports ${item.nameForApi} readings, not ${source}.`] });
  }
  const { readings, errors } = checkRows(source, body.rows, item.timezone, now, earliestReading(config), futureMargin(config));
  if (Object.keys(errors).length) throw invalid(errors);

  const outcome = await stationOf(env, item.id).ingest({ id: item.id, uniqueId: item.uniqueId, source, timezone: item.timezone }, readings);
  if (outcome.refused) {
    // Every row was valid, so the readings' indexes are the rows'.
    throw invalid(
      Object.fromEntries(
        outcome.refused.map(({ index, approvedUntil }) => [
          `rows.${index}`,
          [`${readings[index].reading} of this station is approved up to ${isoInstant(approvedUntil)}: an administrator must withdraw the approval before new readings can go there.`],
        ]),
      ),
    );
  }
  if (!caller.lastUsedAt || now - caller.lastUsedAt.getTime() >= tokenUseResolutionMs) await markTokenUsed(db, { tokenId: caller.tokenId, at: now });
  return { accepted: outcome.accepted, duplicates: outcome.duplicates };
}
