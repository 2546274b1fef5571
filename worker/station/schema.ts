import { lockingLevel, openStart } from '../contracts/quality';
import { allReadingCodes, type Source } from '../../shared/readings';

/** What a station object is told of its station with every call that needs it (D1 owns these facts). */
export interface StationRef {
  id: number;
  uniqueId: string;
  source: Source;
  timezone: string;
}

/** The quoted column name of a reading code (codes such as "inner temperature" hold spaces). */
export const column = (code: string) => `"${code}"`;

/** Every report in [?, ?) in time order: its time, then a value or null per code of `allReadingCodes`. */
export const selectRange = `SELECT ts, ${allReadingCodes.map(column).join(', ')} FROM readings WHERE ts >= ? AND ts < ? ORDER BY ts`;

/** Marks station-local days for the roll-up's next flush (or, `on` false, lifts their marks); returns the rows written. */
export const markDays = (sql: SqlStorage, days: readonly string[], on = true) =>
  sql.exec(
    on
      ? 'INSERT OR IGNORE INTO dirty_days (day) SELECT value FROM json_each(?)'
      : 'DELETE FROM dirty_days WHERE day IN (SELECT value FROM json_each(?))',
    JSON.stringify(days),
  ).rowsWritten;

/** The station-local days marked for the roll-up's next flush, in order. */
export const markedDays = (sql: SqlStorage) =>
  sql
    .exec<{ day: string }>('SELECT day FROM dirty_days ORDER BY day')
    .toArray()
    .map((r) => r.day);

/** The time of a code's newest stored reading (null: none). */
export const newestOf = (sql: SqlStorage, code: string) =>
  sql.exec<{ ts: number }>(`SELECT ts FROM readings WHERE ${column(code)} IS NOT NULL ORDER BY ts DESC LIMIT 1`).toArray()[0]?.ts ?? null;

/** The time of the station's newest reading (null without readings). */
export const newestTs = (sql: SqlStorage) => sql.exec<{ ts: number | null }>('SELECT max(ts) AS ts FROM readings').one().ts;

export interface StorageFigures {
  /** Report rows (one per report time). */
  reports: number;
  /** Readings (one per code and time). */
  readings: number;
  bytes: number;
  firstTs: number | null;
  lastTs: number | null;
}

const countReadings = `SELECT count(*) AS reports, ${allReadingCodes.map((c) => `count(${column(c)})`).join(' + ')} AS readings,
  min(ts) AS firstTs, max(ts) AS lastTs FROM readings`;

/** How much a station holds: reports, readings, bytes on disk and its time span. */
export function figuresOf(sql: SqlStorage): StorageFigures {
  const row = sql.exec<Omit<StorageFigures, 'bytes'>>(countReadings).one();
  return { ...row, bytes: sql.databaseSize };
}

// Raised whenever the statements below change; an object runs them once per version, not on every wake-up.
const schemaVersion = 8;

/**
 * Schema 6 kept one "approved up to" instant per code (`approvals`): each becomes a range of the highest level from
 * the start, never past the code's newest stored reading (so an approval of the future stops refusing live readings),
 * set by whoever last approved, when and why.
 */
function migrateApprovals(sql: SqlStorage) {
  if (!sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'approvals'").toArray().length) return;
  for (const { code, until } of sql.exec<{ code: string; until: number }>('SELECT code, until FROM approvals').toArray()) {
    const newest = allReadingCodes.includes(code) ? newestOf(sql, code) : null;
    if (newest === null) continue;
    const by = sql
      .exec<{ at: number; subject_id: number | null; subject_name: string | null; note: string | null }>(
        "SELECT at, subject_id, subject_name, note FROM quality_log WHERE action = 'approve' AND (code = ? OR code IS NULL) ORDER BY seq DESC LIMIT 1",
        code,
      )
      .toArray()[0];
    const { seq } = sql
      .exec<{ seq: number }>(
        `INSERT INTO approval_ranges (code, from_ts, to_ts, level, at, subject_id, subject_name, note) VALUES (?, ?, ?, ?, ?, ?, ?, ?) RETURNING seq`,
        code,
        openStart,
        Math.min(until, newest + 1),
        lockingLevel,
        by?.at ?? Date.now(),
        by?.subject_id ?? null,
        by?.subject_name ?? null,
        by?.note ?? null,
      )
      .one();
    sql.exec(
      'INSERT INTO approval_segments (code, from_ts, to_ts, level, entry) VALUES (?, ?, ?, ?, ?)',
      code,
      openStart,
      Math.min(until, newest + 1),
      lockingLevel,
      seq,
    );
  }
  sql.exec('DROP TABLE approvals');
}

/**
 * The station object's tables. One row per report time with a REAL column per code of the catalogue: a 7-code report is one
 * row written, not seven (Cloudflare bills rows written). The time is the rowid, so no index is kept beside it.
 */
export function migrate(storage: DurableObjectStorage) {
  if (storage.kv.get<number>('schema') === schemaVersion) return;
  const { sql } = storage;
  sql.exec('CREATE TABLE IF NOT EXISTS readings (ts INTEGER PRIMARY KEY)');
  const present = new Set(
    sql
      .exec<{ name: string }>("SELECT name FROM pragma_table_info('readings')")
      .toArray()
      .map((r) => r.name),
  );
  for (const code of allReadingCodes) if (!present.has(code)) sql.exec(`ALTER TABLE readings ADD COLUMN ${column(code)} REAL`);
  // Station-local days whose statistics changed since they last reached D1's daily_stats, and the newest day,
  // which keeps its mark between flushes (decision 0013).
  sql.exec('CREATE TABLE IF NOT EXISTS dirty_days (day TEXT PRIMARY KEY) WITHOUT ROWID');
  // Live watchers (one per subject) to tell of new rows; `since` tells a registration from a later one.
  sql.exec('CREATE TABLE IF NOT EXISTS watchers (subject_id INTEGER PRIMARY KEY, since INTEGER NOT NULL)');
  // Share links with viewers (by their secret's hash), told of new rows as a watcher is.
  sql.exec('CREATE TABLE IF NOT EXISTS link_watchers (link TEXT PRIMARY KEY, since INTEGER NOT NULL) WITHOUT ROWID');
  // Alarm rules pushed from D1 (their spec as JSON) with where each stands; changed only on a transition.
  sql.exec(
    "CREATE TABLE IF NOT EXISTS alarm_rules (id INTEGER PRIMARY KEY, spec TEXT NOT NULL, phase TEXT NOT NULL DEFAULT 'idle', since INTEGER, alarm_key TEXT)",
  );
  // Transitions written with the readings that caused them, waiting to reach D1 (and notifications) in order.
  sql.exec('CREATE TABLE IF NOT EXISTS alarm_events (seq INTEGER PRIMARY KEY AUTOINCREMENT, event TEXT NOT NULL)');
  // Quality (decision 0016): a flag per reading that is not good (a good reading has no row, so a clean station
  // pays no row for it), keyed by time and the code's catalogue index; `entry` is the audit log entry that set it.
  sql.exec(
    'CREATE TABLE IF NOT EXISTS flags (ts INTEGER NOT NULL, code INTEGER NOT NULL, flag INTEGER NOT NULL, reason TEXT NOT NULL, entry INTEGER, PRIMARY KEY (ts, code)) WITHOUT ROWID',
  );
  // The append-only audit log of every flag change (manual, automatic, on arrival) and approval. Never deleted from,
  // so its rowid is never reused and needs no AUTOINCREMENT (which would write a second row per entry).
  sql.exec(`CREATE TABLE IF NOT EXISTS quality_log (seq INTEGER PRIMARY KEY, at INTEGER NOT NULL, action TEXT NOT NULL,
    code TEXT, from_ts INTEGER, to_ts INTEGER, flag TEXT, reason TEXT, subject_id INTEGER, subject_name TEXT, note TEXT, changes TEXT, times TEXT)`);
  // Approval ranges (decision 0033), append-only: a level (null: withdrawn) over [from_ts, to_ts) of a code, painted
  // over the earlier ones; and the segments the painting leaves per code, each naming the range that set it.
  sql.exec(`CREATE TABLE IF NOT EXISTS approval_ranges (seq INTEGER PRIMARY KEY, code TEXT NOT NULL, from_ts INTEGER NOT NULL,
    to_ts INTEGER NOT NULL, level INTEGER, at INTEGER NOT NULL, subject_id INTEGER, subject_name TEXT, note TEXT)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS approval_segments (code TEXT NOT NULL, from_ts INTEGER NOT NULL, to_ts INTEGER NOT NULL,
    level INTEGER NOT NULL, entry INTEGER NOT NULL, PRIMARY KEY (code, from_ts)) WITHOUT ROWID`);
  migrateApprovals(sql);
  // Corrections (docs/corrections.md): never deleted, a removal stamps `removed_at`, so any past stack can be replayed.
  sql.exec(`CREATE TABLE IF NOT EXISTS corrections (id INTEGER PRIMARY KEY, code TEXT NOT NULL, from_ts INTEGER NOT NULL, to_ts INTEGER,
    position INTEGER NOT NULL, params TEXT NOT NULL, note TEXT NOT NULL, created_at INTEGER NOT NULL, created_by INTEGER, created_by_name TEXT,
    removed_at INTEGER, removed_by INTEGER, removed_by_name TEXT, removal_note TEXT)`);
  // Other stations' pressure, copied for barometric corrections that name them (corrections/borrowed.ts).
  sql.exec(
    'CREATE TABLE IF NOT EXISTS borrowed_pressure (source INTEGER NOT NULL, ts INTEGER NOT NULL, value REAL NOT NULL, PRIMARY KEY (source, ts)) WITHOUT ROWID',
  );
  // A well's vertical references per level code (effective-dated periods) and the manual measurements of field visits.
  sql.exec(`CREATE TABLE IF NOT EXISTS level_references (id INTEGER PRIMARY KEY, code TEXT NOT NULL, from_ts INTEGER NOT NULL, to_ts INTEGER,
    ground REAL NOT NULL, mp REAL NOT NULL, datum TEXT NOT NULL, mode TEXT NOT NULL, sensor_depth REAL, note TEXT NOT NULL,
    created_at INTEGER NOT NULL, created_by INTEGER, created_by_name TEXT)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS measurements (id INTEGER PRIMARY KEY, code TEXT NOT NULL, ts INTEGER NOT NULL, depth REAL, gauge REAL,
    measured_by TEXT NOT NULL, method TEXT NOT NULL, note TEXT NOT NULL, created_at INTEGER NOT NULL, created_by INTEGER, created_by_name TEXT)`);
  // Rating versions per stage code (the table as JSON), their shifts, and gaugings (docs/ratings.md).
  sql.exec(`CREATE TABLE IF NOT EXISTS rating_versions (id INTEGER PRIMARY KEY, code TEXT NOT NULL, from_ts INTEGER NOT NULL, to_ts INTEGER,
    transition_from INTEGER, out_of_range TEXT NOT NULL, points TEXT NOT NULL, note TEXT NOT NULL, created_at INTEGER NOT NULL,
    created_by INTEGER, created_by_name TEXT)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS rating_shifts (id INTEGER PRIMARY KEY, version_id INTEGER NOT NULL, ts INTEGER NOT NULL, points TEXT NOT NULL,
    prorate INTEGER NOT NULL, note TEXT NOT NULL, created_at INTEGER NOT NULL, created_by INTEGER, created_by_name TEXT)`);
  sql.exec(`CREATE TABLE IF NOT EXISTS gaugings (id INTEGER PRIMARY KEY, code TEXT NOT NULL, ts INTEGER NOT NULL, stage REAL NOT NULL,
    discharge REAL NOT NULL, method TEXT NOT NULL, quality TEXT NOT NULL, measured_by TEXT NOT NULL, note TEXT NOT NULL,
    created_at INTEGER NOT NULL, created_by INTEGER, created_by_name TEXT)`);
  storage.kv.put('schema', schemaVersion);
}
