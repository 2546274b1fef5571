import type { Reading } from '../contracts/telemetry';
import type { AlarmClock } from './alarm-clock';
import { levelAfter, type LevelCrossing, type ScaleSpec } from './levels';
import { column } from './schema';

interface HeldScale {
  spec: ScaleSpec;
  level: number;
  since: number | null;
}

/** What one evaluation changed, taken into memory once its transaction has committed. */
export interface LevelChanges {
  levels: Map<string, { level: number; since: number }>;
  crossings: number;
  newest: Map<string, number>;
}

// Raised whenever the statements below change.
const schemaVersion = 1;

/** The object's tables for warning levels, apart from the store's (they change on their own branch of work). */
function migrateWarning(storage: DurableObjectStorage) {
  if (storage.kv.get<number>('warning-schema') === schemaVersion) return;
  // Per reading with levels: its scale (JSON) and the level it stands at; written only on a crossing or a new scale.
  storage.sql.exec(
    'CREATE TABLE IF NOT EXISTS warning_scales (code TEXT PRIMARY KEY, spec TEXT NOT NULL, level INTEGER NOT NULL DEFAULT 0, since INTEGER) WITHOUT ROWID',
  );
  // Crossings written with the readings that caused them, waiting to reach D1 in order.
  storage.sql.exec('CREATE TABLE IF NOT EXISTS warning_outbox (seq INTEGER PRIMARY KEY AUTOINCREMENT, crossing TEXT NOT NULL)');
  storage.kv.put('warning-schema', schemaVersion);
}

/** A failed delivery is tried again from the object's alarm after this. */
const retryMs = 30_000;

/**
 * A station's warning levels (per reading, pushed from D1 with a revision like alarm rules) with the level each
 * reading stands at, evaluated on arrival like the rules (decision 0028): held in memory, read once per instance, so
 * a batch that crosses no level writes nothing. Only readings newer than every reading of their code before the
 * batch move a level (duplicates and late readings do not), suspect ones never (a technician's maintenance, a
 * spike the checks caught). Crossings go into `warning_outbox` in the batch's transaction and reach D1 after it, in
 * order; what fails waits for the object's alarm.
 */
export class StationWarning {
  private scales: Map<string, HeldScale> | null = null;
  private readonly newest = new Map<string, number | null>();
  private waiting: number | null = null;
  private delivering: Promise<void> | null = null;

  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly clock: AlarmClock,
    /** Writes a crossing to D1 once (worker/domain/warning/crossings.ts). */
    private readonly write: (itemId: number, crossing: LevelCrossing) => Promise<void>,
  ) {
    migrateWarning(storage);
  }

  private get sql() {
    return this.storage.sql;
  }

  private held(): Map<string, HeldScale> {
    this.scales ??= new Map(
      this.sql
        .exec<{ code: string; spec: string; level: number; since: number | null }>('SELECT code, spec, level, since FROM warning_scales')
        .toArray()
        .map((r) => [r.code, { spec: JSON.parse(r.spec) as ScaleSpec, level: r.level, since: r.since }]),
    );
    return this.scales;
  }

  /** The newest reading time of a code not after `now` before the batch; read once per instance, then moved in memory. */
  private newestOf(code: string, now: number): number | null {
    if (!this.newest.has(code)) {
      const row = this.sql
        .exec<{ ts: number }>(`SELECT ts FROM readings WHERE ts <= ? AND ${column(code)} IS NOT NULL ORDER BY ts DESC LIMIT 1`, now)
        .toArray()[0];
      this.newest.set(code, row?.ts ?? null);
    }
    return this.newest.get(code)!;
  }

  /** Reads the newest times the levels compare against; must run before a batch is stored. */
  prime(now: number) {
    for (const code of this.held().keys()) this.newestOf(code, now);
  }

  /** Evaluates the levels on a batch's newly stored readings in time order, inside its transaction. */
  evaluate(stored: Reading[], now: number, suspect: ReadonlySet<string> = new Set()): LevelChanges | null {
    const scales = this.held();
    if (!scales.size || !stored.length) return null;
    const levels = new Map<string, { level: number; since: number }>();
    const newest = new Map<string, number>();
    const crossings: LevelCrossing[] = [];
    const fresh = stored
      .filter((r) => scales.has(r.reading) && r.ts > (this.newestOf(r.reading, now) ?? -Infinity))
      .sort((a, b) => a.ts - b.ts);
    for (const { reading, ts, value } of fresh) {
      if (ts <= now && ts > (newest.get(reading) ?? -Infinity)) newest.set(reading, ts);
      if (suspect.has(`${reading}|${ts}`)) continue;
      const held = scales.get(reading)!;
      const from = levels.get(reading)?.level ?? held.level;
      const to = levelAfter(held.spec, from, value);
      if (to === from) continue;
      levels.set(reading, { level: to, since: ts });
      crossings.push({ key: crypto.randomUUID(), reading, from, to, at: ts, value });
    }
    for (const [code, { level, since }] of levels)
      this.sql.exec('UPDATE warning_scales SET level = ?, since = ? WHERE code = ?', level, since, code);
    for (const c of crossings) this.sql.exec('INSERT INTO warning_outbox (crossing) VALUES (?)', JSON.stringify(c));
    return { levels, crossings: crossings.length, newest };
  }

  /** Takes what a committed evaluation changed into memory. */
  commit(changes: LevelChanges | null) {
    if (!changes) return;
    for (const [code, { level, since }] of changes.levels) Object.assign(this.held().get(code)!, { level, since });
    for (const [code, ts] of changes.newest) {
      const known = this.newest.get(code);
      if (known !== undefined) this.newest.set(code, known === null ? ts : Math.max(known, ts));
    }
    if (this.waiting !== null) this.waiting += changes.crossings;
  }

  /** Readings were stored without evaluation (a legacy copy): the newest times are read again when next needed. */
  forgetNewest() {
    this.newest.clear();
  }

  /**
   * Replaces the scales with a newer revision of the station's set (an older one is ignored). A kept reading keeps
   * its level (at most the new number of levels). Returns the revision held.
   */
  replace(revision: number, specs: ScaleSpec[]): number {
    const held = this.storage.kv.get<number>('warning-revision') ?? 0;
    if (revision <= held) return held;
    this.storage.transactionSync(() => {
      this.sql.exec(
        'DELETE FROM warning_scales WHERE code NOT IN (SELECT value FROM json_each(?))',
        JSON.stringify(specs.map((s) => s.reading)),
      );
      for (const spec of specs) {
        this.sql.exec(
          `INSERT INTO warning_scales (code, spec) VALUES (?, ?)
           ON CONFLICT (code) DO UPDATE SET spec = excluded.spec, level = min(level, ?)`,
          spec.reading,
          JSON.stringify(spec),
          spec.levels.length,
        );
      }
      this.storage.kv.put('warning-revision', revision);
    });
    this.scales = null;
    this.newest.clear();
    return revision;
  }

  /** A reading's scale and the level it stands at (after `changes`, not yet committed); undefined without levels. */
  standing(code: string, changes?: LevelChanges | null): { spec: ScaleSpec; level: number } | undefined {
    const held = this.held().get(code);
    const moved = changes?.levels.get(code);
    return held && moved ? { spec: held.spec, level: moved.level } : held;
  }

  /** The level each reading with levels stands at. */
  current(): { reading: string; level: number; since: number | null }[] {
    return [...this.held()].map(([reading, { level, since }]) => ({ reading, level, since }));
  }

  private get pending(): number {
    this.waiting ??= this.sql.exec<{ n: number }>('SELECT count(*) AS n FROM warning_outbox').one().n;
    return this.waiting;
  }

  /** Delivers the crossings not yet in D1, in order, after the delivery under way. */
  deliver(itemId: number | undefined): Promise<void> {
    if (!this.pending || itemId === undefined) return Promise.resolve();
    const drain = async () => {
      for (;;) {
        const row = this.sql
          .exec<{ seq: number; crossing: string }>('SELECT seq, crossing FROM warning_outbox ORDER BY seq LIMIT 1')
          .toArray()[0];
        if (!row) return;
        await this.write(itemId, JSON.parse(row.crossing) as LevelCrossing);
        this.sql.exec('DELETE FROM warning_outbox WHERE seq = ?', row.seq);
        if (this.waiting !== null) this.waiting = Math.max(0, this.waiting - 1);
      }
    };
    const run = (this.delivering ?? Promise.resolve()).then(drain).catch(async (err) => {
      console.error('level crossings not delivered; retrying from the alarm', err);
      await this.clock.wake(Date.now() + retryMs);
    });
    this.delivering = run;
    return run.finally(() => {
      if (this.delivering === run) this.delivering = null;
    });
  }
}
