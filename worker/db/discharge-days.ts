/**
 * Discharge's roll-up rows (`station_discharge_days`, docs/ratings.md): written in the station object's flush batch
 * beside its `station_days` rows, read in the dashboard's batch beside theirs. One row per station-day; never folded.
 */
import { sql } from 'drizzle-orm';
import type { RawStatement } from './batch';
import type { Db } from './client';
import { fromStored, keySpan, toStored, type CodeFigures, type RollupWrite } from './rollup-layout';
import { stationDischargeDays } from './schema';

const columns = ['id', 'n', 'q', 'lo', 'hi', 'sm', 'f', 'l', 'v', 'vol'];
// Rows per INSERT: one bound JSON parameter per statement, as the other roll-up rows.
const rowsPerStatement = 100;

/** The statements of a flush that write its discharge days: rows replaced, rows of days without discharge deleted. */
export function dischargeWrites(db: Db, write: Pick<RollupWrite, 'itemId' | 'discharge' | 'noDischarge' | 'replaceAll'>): RawStatement[] {
  const statements: RawStatement[] = [];
  const { id } = stationDischargeDays;
  if (write.replaceAll)
    statements.push(
      db.delete(stationDischargeDays).where(sql`${id} BETWEEN ${write.itemId * keySpan} AND ${write.itemId * keySpan + keySpan - 1}`),
    );
  else if (write.noDischarge.length)
    statements.push(
      db.delete(stationDischargeDays).where(sql`${id} IN (SELECT value FROM json_each(${JSON.stringify(write.noDischarge)}))`),
    );
  const picked = sql.raw(columns.map((_, i) => `value ->> ${i}`).join(', '));
  const update = sql.raw(
    columns
      .slice(1)
      .map((c) => `${c} = excluded.${c}`)
      .join(', '),
  );
  for (let i = 0; i < write.discharge.length; i += rowsPerStatement) {
    const rows = write.discharge
      .slice(i, i + rowsPerStatement)
      .map(({ key, figures: f }) => [
        key,
        f.count,
        f.suspect,
        f.min,
        f.max,
        toStored(f.sum),
        f.firstTs,
        f.lastTs,
        f.lastValue,
        toStored(f.volume),
      ]);
    statements.push(
      sql`INSERT INTO station_discharge_days (${sql.raw(columns.join(', '))}) SELECT ${picked} FROM json_each(${JSON.stringify(rows)}) WHERE true ON CONFLICT (id) DO UPDATE SET ${update}`,
    );
  }
  return statements;
}

/** Per station of `ids` (a JSON array), its discharge over days `d0`..`d1` (days since 1970) added up. */
export const dischargeRangeStatement = (ids: string, d0: number, d1: number): RawStatement =>
  sql`SELECT j.value AS item, sum(d.n) AS n, sum(d.q) AS q, min(d.lo) AS lo, max(d.hi) AS hi, sum(d.sm) AS sm,
        max(d.l) AS l, sum(d.vol) AS vol
      FROM json_each(${ids}) j JOIN station_discharge_days d
        ON d.id BETWEEN j.value * ${sql.raw(String(keySpan))} + ${d0} AND j.value * ${sql.raw(String(keySpan))} + ${d1}
      GROUP BY j.value`;

/** A row of `dischargeRangeStatement` as figures (first times and last values are not added up over a range). */
export const dischargeFiguresOf = (row: Record<string, unknown>): CodeFigures => ({
  count: Number(row.n),
  suspect: Number(row.q),
  min: fromStored(row.lo)!,
  max: fromStored(row.hi)!,
  sum: fromStored(row.sm) ?? NaN,
  firstTs: 0,
  lastTs: Number(row.l),
  lastValue: 0,
  volume: fromStored(row.vol) ?? NaN,
});
