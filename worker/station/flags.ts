/**
 * Reading the quality flags beside the readings (decision 0016): a row per reading that is not good, keyed by time
 * and the code's catalogue index. Passes over the readings in time order ask a cursor for the flags of each report
 * time; a clean range costs one query that finds nothing.
 */
import { allReadingCodes } from '../../shared/readings';
import { column, selectRange } from './schema';

export const suspectFlag = 1;
export const rejectedFlag = 2;

/** The catalogue index a flag row names its code by. */
export const codeIndex = (code: string) => allReadingCodes.indexOf(code);

const noFlags: readonly number[] = new Array(allReadingCodes.length).fill(0);

/** The flags of [start, end) in time order, asked report time by report time (rising). */
export class FlagCursor {
  private readonly rows: [number, number, number][];
  private next = 0;
  /** Flag per catalogue index at the last asked time (0: good). */
  private readonly current: number[];
  private touched: number[] = [];

  constructor(sql: SqlStorage, start: number, end: number) {
    this.rows = [
      ...sql.exec('SELECT ts, code, flag FROM flags WHERE ts >= ? AND ts < ? ORDER BY ts', start, end).raw<[number, number, number]>(),
    ];
    this.current = new Array(allReadingCodes.length).fill(0);
  }

  /** Whether the range holds any flag at all. */
  get empty() {
    return this.rows.length === 0;
  }

  /** The flags at `ts` per catalogue index (0: good); valid until the next call. */
  at(ts: number): readonly number[] {
    if (this.empty) return this.current;
    for (const i of this.touched) this.current[i] = 0;
    this.touched = [];
    while (this.next < this.rows.length && this.rows[this.next][0] < ts) this.next++;
    while (this.next < this.rows.length && this.rows[this.next][0] === ts) {
      const [, code, flag] = this.rows[this.next++];
      this.current[code] = flag;
      this.touched.push(code);
    }
    return this.current;
  }
}

/**
 * Every report in [start, end) in time order with its flags: `row` is `[ts, value of code 0, …]` (as `selectRange`),
 * `flags[i]` the flag of code i (0 good, 1 suspect, 2 rejected).
 */
export function* reportsIn(sql: SqlStorage, start: number, end: number): Generator<{ row: (number | null)[]; flags: readonly number[] }> {
  const cursor = new FlagCursor(sql, start, end);
  for (const row of sql.exec(selectRange, start, end).raw<(number | null)[]>()) {
    yield { row, flags: cursor.empty ? noFlags : cursor.at(row[0] as number) };
  }
}

/**
 * One code's readings in [start, end) in time order, leaving out those flagged above `maxFlag` (rejected readings
 * with 1, suspect ones too with 0): what alarm rules and their previews evaluate.
 */
export const pointsUpTo = (sql: SqlStorage, code: string, start: number, end: number, maxFlag: number) =>
  sql
    .exec<{ ts: number; value: number }>(
      `SELECT r.ts, r.${column(code)} AS value FROM readings r LEFT JOIN flags f ON f.ts = r.ts AND f.code = ?
       WHERE r.ts >= ? AND r.ts < ? AND r.${column(code)} IS NOT NULL AND coalesce(f.flag, 0) <= ? ORDER BY r.ts`,
      codeIndex(code),
      start,
      end,
      maxFlag,
    )
    .toArray();
