import { allReadingCodes } from '../contracts/readings';

/** The quoted column name of a reading code (codes such as "inner temperature" hold spaces). */
export const column = (code: string) => `"${code}"`;

// Raised whenever the statements below change; an object runs them once per version, not on every wake-up.
const schemaVersion = 1;

/**
 * The station object's tables. One row per report time with a REAL column per code of the catalogue: a 7-code report is one
 * row written, not seven (Cloudflare bills rows written). The time is the rowid, so no index is kept beside it.
 */
export function migrate(storage: DurableObjectStorage) {
  if (storage.kv.get<number>('schema') === schemaVersion) return;
  const { sql } = storage;
  sql.exec('CREATE TABLE IF NOT EXISTS readings (ts INTEGER PRIMARY KEY)');
  const present = new Set(sql.exec<{ name: string }>("SELECT name FROM pragma_table_info('readings')").toArray().map((r) => r.name));
  for (const code of allReadingCodes) if (!present.has(code)) sql.exec(`ALTER TABLE readings ADD COLUMN ${column(code)} REAL`);
  // Station-local days whose statistics changed since they last reached D1's daily_stats.
  sql.exec('CREATE TABLE IF NOT EXISTS dirty_days (day TEXT PRIMARY KEY) WITHOUT ROWID');
  // Live watchers (one per subject) to tell of new rows; `since` tells a registration from a later one.
  sql.exec('CREATE TABLE IF NOT EXISTS watchers (subject_id INTEGER PRIMARY KEY, since INTEGER NOT NULL)');
  storage.kv.put('schema', schemaVersion);
}
