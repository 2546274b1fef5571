import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { items } from '../../db/schema';
import type { Source } from '../../contracts/readings';
import type { IngestBody, IngestResult } from '../../contracts/telemetry';
import { getItem } from '../items/manage';
import { forbidden, invalid, notFound } from '../errors';
import { checkRows, type Reading } from './rows';
import { localDay } from '../../contracts/station-time';
import type { IngestCaller } from './tokens';

// Rows per INSERT … SELECT FROM json_each(?): one bound JSON parameter instead of 4 per row (D1 binds at most 100).
const rowsPerStatement = 1000;

async function stationFor(db: Db, caller: IngestCaller, uniqueId: string | undefined) {
  if (caller.itemId !== null) {
    const item = await getItem(db, caller.itemId);
    if (uniqueId !== undefined && uniqueId !== item.uniqueId) {
      throw forbidden('This token belongs to another station.', 'unique_id');
    }
    return item;
  }
  if (uniqueId === undefined) throw invalid({ unique_id: ['An importer token must name the station (unique_id).'] });
  const [item] = await db.select().from(items).where(eq(items.uniqueId, uniqueId));
  if (!item) throw notFound('Station', 'unique_id');
  return item;
}

// A local day only changes on a quarter-hour boundary in every real time zone, so one lookup per slot suffices.
function touchedDays(readings: Reading[], timeZone: string): string[] {
  const bySlot = new Map<number, string>();
  for (const { ts } of readings) {
    const slot = Math.floor(ts / 900_000);
    if (!bySlot.has(slot)) bySlot.set(slot, localDay(ts, timeZone));
  }
  return [...new Set(bySlot.values())];
}

/**
 * Stores a batch of one station's rows all-or-nothing: a bad row rejects the batch (422 naming each),
 * duplicates are counted and skipped, touched days are marked for the roll-up and last_update follows.
 * Returns the counts, and the station and its newly stored readings for the live channel.
 */
export async function ingestRows(db: Db, source: Source, caller: IngestCaller, body: IngestBody, now = Date.now()) {
  const item = await stationFor(db, caller, body.unique_id);
  if (item.nameForApi !== source) {
    throw invalid({ unique_id: [`Station ${item.uniqueId} reports ${item.nameForApi} readings, not ${source}.`] });
  }
  const { readings, errors } = checkRows(source, body.rows, item.timezone, now);
  if (Object.keys(errors).length) throw invalid(errors);

  const d1 = db.$client;
  const inserts: D1PreparedStatement[] = [];
  for (let i = 0; i < readings.length; i += rowsPerStatement) {
    const chunk = JSON.stringify(readings.slice(i, i + rowsPerStatement).map((r) => [r.reading, r.ts, r.value]));
    inserts.push(
      d1
        .prepare(
          `INSERT OR IGNORE INTO readings (item_id, reading, ts, value)
           SELECT ?, value ->> 0, value ->> 1, value ->> 2 FROM json_each(?)
           RETURNING reading, ts, value`,
        )
        .bind(item.id, chunk),
    );
  }
  const newest = readings.reduce((max, r) => Math.max(max, r.ts), 0);
  const days = JSON.stringify(touchedDays(readings, item.timezone));
  const results = await d1.batch([
    ...inserts,
    d1.prepare('INSERT OR IGNORE INTO dirty_days (item_id, day) SELECT ?, value FROM json_each(?)').bind(item.id, days),
    d1.prepare('UPDATE items SET last_update = max(coalesce(last_update, 0), ?) WHERE id = ?').bind(newest, item.id),
    d1.prepare('UPDATE station_tokens SET last_used_at = ? WHERE id = ?').bind(now, caller.tokenId),
  ]);
  // RETURNING yields only the rows that were new, so the live channel never repeats a duplicate.
  const stored = results.slice(0, inserts.length).flatMap((r) => r.results as Reading[]);
  const result: IngestResult = { accepted: stored.length, duplicates: readings.length - stored.length };
  return { result, station: { uniqueId: item.uniqueId, lastUpdate: Math.max(item.lastUpdate ?? 0, newest) }, stored };
}
