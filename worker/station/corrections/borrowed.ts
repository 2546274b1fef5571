/**
 * Pressure borrowed from other stations for barometric corrections (docs/corrections.md): a well without a barometer
 * subtracts a nearby station's air pressure. Another object's rows cannot be read inside this object's transactions
 * (ingest, the roll-up, charts all read synchronously), so the station keeps a copy (`borrowed_pressure`, per source):
 * filled when the correction is added, and brought up to date before each batch this station stores.
 */
import { pressureReachMs, type Correction, type Points } from './stack';

/** Plain arrays: what crosses between two objects. */
export interface PressureRows {
  ts: number[];
  values: number[];
}

/** Another station's pressure a new barometric correction reads, copied with it from `from` on. */
export interface PressureCopy {
  source: number;
  from: number;
  rows: PressureRows;
}

/** Asks a source station's object for its pressure from an instant on. */
export type PressureSource = (source: number, from: number) => Promise<PressureRows>;

/**
 * Each update asks again for a day before the newest copied reading, so pressure the source stored late or rejected
 * since within that day reaches the copy too.
 */
const overlapMs = 86_400_000;

/** The copy of `source`'s pressure in [start, end), in time order. */
export function borrowedPoints(sql: SqlStorage, source: number, start: number, end: number): Points {
  const rows = sql
    .exec<{ ts: number; value: number }>(
      'SELECT ts, value FROM borrowed_pressure WHERE source = ? AND ts >= ? AND ts < ? ORDER BY ts',
      source,
      start,
      end,
    )
    .toArray();
  return { ts: Float64Array.from(rows, (r) => r.ts), values: Float64Array.from(rows, (r) => r.value) };
}

export class BorrowedPressure {
  constructor(
    private readonly storage: DurableObjectStorage,
    private readonly ask: PressureSource,
  ) {}

  private get sql() {
    return this.storage.sql;
  }

  /** What to copy when a correction on `source` from `from` on is added: the source's pressure within reach of it. */
  async copyFor(source: number, from: number): Promise<PressureCopy> {
    const start = from - pressureReachMs;
    return { source, from: start, rows: await this.ask(source, start) };
  }

  /**
   * Replaces the copy of `source` from `from` on with `rows` (inside the caller's transaction); answers the span the
   * change reaches (readings within reach of a changed pressure are compensated again), or null when nothing changed.
   */
  replace(source: number, from: number, rows: PressureRows): [number, number] | null {
    const old = new Map(
      this.sql
        .exec<{ ts: number; value: number }>('SELECT ts, value FROM borrowed_pressure WHERE source = ? AND ts >= ?', source, from)
        .toArray()
        .map((r) => [r.ts, r.value]),
    );
    let first = Infinity;
    let last = -Infinity;
    const note = (ts: number) => {
      first = Math.min(first, ts);
      last = Math.max(last, ts);
    };
    const fresh = new Set<number>();
    rows.ts.forEach((ts, i) => {
      fresh.add(ts);
      if (old.get(ts) !== rows.values[i]) note(ts);
    });
    for (const ts of old.keys()) if (!fresh.has(ts)) note(ts);
    if (first === Infinity) return null;
    this.sql.exec('DELETE FROM borrowed_pressure WHERE source = ? AND ts >= ?', source, from);
    // One statement for the whole copy: a year of 10-minute pressure is 52,560 rows.
    this.sql.exec(
      'INSERT INTO borrowed_pressure (source, ts, value) SELECT ?, t.value, v.value FROM json_each(?) t JOIN json_each(?) v ON v.key = t.key',
      source,
      JSON.stringify(rows.ts),
      JSON.stringify(rows.values),
    );
    return [first - pressureReachMs, last + pressureReachMs];
  }

  /**
   * Brings the copy of every source a correction in force (`stacks`) still reads up to date (before a batch is
   * stored); answers the spans whose compensation changed. A source that cannot answer is left as copied: the batch is
   * never refused for it, and the next one asks again.
   */
  async update(now: number, stacks: ReadonlyMap<string, readonly Correction[]>): Promise<[number, number][]> {
    const sources = new Set<number>();
    for (const stack of stacks.values())
      for (const { params, to } of stack)
        if (params.kind === 'barometric' && params.source !== null && (to === null || to + pressureReachMs >= now - overlapMs))
          sources.add(params.source);
    const spans: [number, number][] = [];
    for (const source of sources) {
      const { newest } = this.sql
        .exec<{ newest: number | null }>('SELECT max(ts) AS newest FROM borrowed_pressure WHERE source = ?', source)
        .one();
      const from = (newest ?? now) - overlapMs;
      let rows: PressureRows;
      try {
        rows = await this.ask(source, from);
      } catch (error) {
        console.warn(`pressure of station ${source} could not be copied: ${String(error)}`);
        continue;
      }
      const span = this.storage.transactionSync(() => this.replace(source, from, rows));
      if (span) spans.push(span);
    }
    return spans;
  }
}
