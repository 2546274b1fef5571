import { is, sql, SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import { SQLiteAsyncDialect, type AnySQLiteColumn, type SQLiteTable } from 'drizzle-orm/sqlite-core';
import type { Db } from './client';

/** `column IN values`, bound as one JSON parameter: D1 binds at most 100 parameters per statement. */
export const inJson = (column: AnySQLiteColumn, values: readonly (string | number)[]) =>
  sql`${column} IN (SELECT value FROM json_each(${JSON.stringify(values)}))`;

/** Statements that insert many rows, chunked to stay under D1's 100 bound parameters per statement. */
export function chunkedInserts<T extends Record<string, unknown>>(db: Db, table: SQLiteTable, rows: T[]): BatchItem<'sqlite'>[] {
  const perRow = rows.length ? Object.keys(rows[0]).length : 1;
  const size = Math.max(1, Math.floor(100 / perRow));
  const statements: BatchItem<'sqlite'>[] = [];
  for (let i = 0; i < rows.length; i += size) statements.push(db.insert(table).values(rows.slice(i, i + size)) as never);
  return statements;
}

/** Runs statements atomically (D1 has no BEGIN/COMMIT, one batch is one transaction); returns each one's result. */
export async function atomically(db: Db, statements: BatchItem<'sqlite'>[]): Promise<unknown[]> {
  if (!statements.length) return [];
  return db.batch(statements as [BatchItem<'sqlite'>, ...BatchItem<'sqlite'>[]]);
}

const dialect = new SQLiteAsyncDialect();

/** A statement for `rawBatch`: drizzle's `sql` template, or a query builder. */
export type RawStatement = SQL | { toSQL(): { sql: string; params: unknown[] } };

/**
 * Runs statements in one D1 batch (one round trip, one transaction) and returns D1's own results, with `meta`
 * (rows written) and rows as objects. For `sql` templates with parameters, which drizzle's `batch` cannot run.
 */
export async function rawBatch<T = Record<string, unknown>>(db: Db, statements: RawStatement[]): Promise<D1Result<T>[]> {
  if (!statements.length) return [];
  const client = db.$client;
  const prepared = statements.map((s) => {
    const query = is(s, SQL) ? dialect.sqlToQuery(s) : s.toSQL();
    return client.prepare(query.sql).bind(...query.params);
  });
  return client.batch<T>(prepared);
}
