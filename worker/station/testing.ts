import type { Reading } from '../contracts/telemetry';
import { Facet, type StationParts } from './facets';
import type { RollupState } from './rollup';
import { forgetStacks } from './corrections/kept';
import { column, markDays, migrate } from './schema';

/** One of the object's own tables (not SQLite's or the runtime's), by name. */
const ownTable = "SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ? AND name NOT LIKE 'sqlite%' AND substr(name, 1, 1) != '_'";
const tableOf = (sql: SqlStorage, name: string) => {
  if (!sql.exec(ownTable, name).toArray().length) throw new Error(`no table ${JSON.stringify(name)} in a station object`);
  return name;
};

/**
 * The tests' and benchmarks' one way into a station object's state (docs/decisions/0020), so none of them reads or
 * writes its tables or keys behind its back: where the roll-up stands, a table's rows, and the damage a test sets up
 * (readings stored past every check, day marks set or lifted, a table emptied, the last flush moved back, the alarm
 * rung). The object hands it out only when its Worker runs with STATION_TESTING=on, as the tests' and the
 * benchmarks' Workers do.
 */
export class StationTesting extends Facet {
  constructor(
    parts: StationParts,
    private readonly ring: () => Promise<void>,
  ) {
    super(parts);
  }

  /** Where the roll-up stands, once a flush under way has ended. */
  rollupState(): Promise<RollupState> {
    return this.parts.rollup.state();
  }

  /** When the object's alarm is set for (null: not set). */
  alarmAt(): Promise<number | null> {
    return this.parts.storage.getAlarm();
  }

  /** Rings the object's alarm now, set or not. */
  ringAlarm(): Promise<void> {
    return this.ring();
  }

  /** Moves the roll-up's last flush `ms` back, as that much time passing would. */
  backdateFlush(ms: number) {
    this.parts.rollup.lastFlush -= ms;
  }

  /** Moves every escalation's next step `ms` earlier, as that much time passing would. */
  backdateEscalations(ms: number) {
    this.parts.escalations.backdate(ms);
  }

  /** Moves every maintenance window `ms` earlier, as that much time passing would. */
  backdateMaintenance(ms: number) {
    this.parts.maintenance.backdate(ms);
  }

  /** Every row of one of the object's tables. */
  rows(table: string): Record<string, SqlStorageValue>[] {
    return this.parts.storage.sql.exec(`SELECT * FROM ${tableOf(this.parts.storage.sql, table)}`).toArray();
  }

  /** Empties one of the object's tables, telling none of its parts (the corrections kept parsed are read again). */
  clear(table: string) {
    this.parts.storage.sql.exec(`DELETE FROM ${tableOf(this.parts.storage.sql, table)}`);
    forgetStacks(this.parts.storage.sql);
  }

  /** Stores readings as they are: past every check, marking no day and telling none of the parts (as an older release might have). */
  storeUnchecked(readings: Reading[]) {
    for (const { ts, reading, value } of readings) {
      const code = column(reading);
      this.parts.storage.sql.exec(
        `INSERT INTO readings (ts, ${code}) VALUES (?, ?) ON CONFLICT (ts) DO UPDATE SET ${code} = excluded.${code}`,
        ts,
        value,
      );
    }
  }

  /**
   * Puts back an approval as schema 6 kept it ("approved up to" an instant per code) and runs the schema step again,
   * as the first wake-up after an upgrade would.
   */
  restoreSchema6Approval(code: string, until: number) {
    const { storage } = this.parts;
    storage.sql.exec('CREATE TABLE approvals (code TEXT PRIMARY KEY, until INTEGER NOT NULL) WITHOUT ROWID');
    storage.sql.exec('INSERT INTO approvals (code, until) VALUES (?, ?)', code, until);
    storage.kv.put('schema', 6);
    migrate(storage);
    this.parts.quality.approvals.forget();
  }

  /** Sets (or lifts) the roll-up's marks of `days` as they are, calendar days or not, scheduling nothing. */
  mark(days: string[], on = true) {
    markDays(this.parts.storage.sql, days, on);
  }
}
