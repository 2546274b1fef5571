import type { z } from 'zod';
import type { LegacyCopyQuery, LegacyCopyStep } from '../../contracts/legacy';
import type { Ctx } from '../../context';
import { countLegacyReadings, findNextLegacyStation, selectLegacyReadings } from '../../db/legacy-readings';
import { stationOf } from '../../station/directory';

/**
 * Copies the next slice of an older database's D1 readings into their station's object. The object keeps
 * its own cursor, moved in the same transaction as the readings it stores, so a step can be repeated or
 * interrupted anywhere: nothing is lost and nothing is stored twice. D1's rows are left as they are.
 */
export async function copyLegacyStep({ db, env }: Ctx, { after = 0, limit }: z.output<typeof LegacyCopyQuery>): Promise<LegacyCopyStep> {
  const item = await findNextLegacyStation(db, after);
  if (!item) return { station: null, copiedNow: 0, totals: null };

  const station = stationOf(env, item.id);
  const cursor = await station.legacy().cursor();
  let copiedNow = 0;
  if (!cursor.done) {
    const readings = await selectLegacyReadings(db, { itemId: item.id, ts: cursor.ts, reading: cursor.reading, limit });
    copiedNow = readings.length;
    await station.legacy().import(item, readings, readings.length < limit);
  }
  const latest = await station.legacy().cursor();
  if (!latest.done) return { station: { id: item.id, unique_id: item.uniqueId }, copiedNow, totals: null };
  return {
    station: { id: item.id, unique_id: item.uniqueId },
    copiedNow,
    totals: {
      legacy: await countLegacyReadings(db, item.id),
      copied: latest.accepted + latest.duplicates,
      accepted: latest.accepted,
      duplicates: latest.duplicates,
      inObject: (await station.reads().figures()).readings,
    },
  };
}
