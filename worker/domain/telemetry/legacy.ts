import type { z } from 'zod';
import type { LegacyCopyQuery, LegacyCopyStep } from '../../contracts/legacy';
import type { Db } from '../../db/client';
import { stationOf } from '../../station/directory';
import type { Reading } from '../../contracts/telemetry';

/**
 * Copies the next slice of an older database's D1 readings into their station's object. The object keeps
 * its own cursor, moved in the same transaction as the readings it stores, so a step can be repeated or
 * interrupted anywhere: nothing is lost and nothing is stored twice. D1's rows are left as they are.
 */
export async function copyLegacyStep(db: Db, env: Cloudflare.Env, query: z.output<typeof LegacyCopyQuery>): Promise<LegacyCopyStep> {
  const d1 = db.$client;
  const item = await d1
    .prepare(
      `SELECT i.id, i.unique_id AS uniqueId, i.name_for_api AS source, i.timezone FROM items i
       WHERE i.id = (SELECT item_id FROM legacy_readings WHERE item_id > ? ORDER BY item_id LIMIT 1)`,
    )
    .bind(query.after ?? 0)
    .first<{ id: number; uniqueId: string; source: 'DANES' | 'UNIWAN'; timezone: string }>();
  if (!item) return { station: null, copiedNow: 0, totals: null };

  const station = stationOf(env, item.id);
  const cursor = await station.legacyCursor();
  let copiedNow = 0;
  if (!cursor.done) {
    const { results } = await d1
      .prepare(
        `SELECT reading, ts, value FROM legacy_readings WHERE item_id = ? AND (ts, reading) > (?, ?)
         ORDER BY ts, reading LIMIT ?`,
      )
      .bind(item.id, cursor.ts, cursor.reading, query.limit)
      .all<Reading>();
    copiedNow = results.length;
    await station.importLegacy(item, results, results.length < query.limit);
  }
  const after = await station.legacyCursor();
  if (!after.done) return { station: { id: item.id, unique_id: item.uniqueId }, copiedNow, totals: null };
  const legacy = await d1.prepare('SELECT count(*) AS n FROM legacy_readings WHERE item_id = ?').bind(item.id).first<number>('n');
  return {
    station: { id: item.id, unique_id: item.uniqueId },
    copiedNow,
    totals: {
      legacy: legacy ?? 0,
      copied: after.accepted + after.duplicates,
      accepted: after.accepted,
      duplicates: after.duplicates,
      inObject: (await station.figures()).readings,
    },
  };
}
