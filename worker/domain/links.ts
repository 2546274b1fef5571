import { eq, inArray } from 'drizzle-orm';
import type { SQLiteColumn, SQLiteTable } from 'drizzle-orm/sqlite-core';
import { atomically, chunkedInserts } from '../db/batch';
import type { Db } from '../db/client';
import { invalid } from './errors';

/** Refuses ids that do not exist in `table`, naming them under `field`. */
export async function assertIdsExist(db: Db, table: SQLiteTable, idColumn: SQLiteColumn, ids: number[], field: string) {
  const unique = [...new Set(ids)];
  if (!unique.length) return unique;
  const found = new Set<number>();
  for (let i = 0; i < unique.length; i += 90) {
    const rows = await db.select({ id: idColumn }).from(table).where(inArray(idColumn, unique.slice(i, i + 90)));
    rows.forEach((r) => found.add(r.id as number));
  }
  const missing = unique.filter((id) => !found.has(id));
  if (missing.length) throw invalid({ [field]: [`Unknown ids: ${missing.join(', ')}.`] });
  return unique;
}

/** A link table seen from one side: whose links are replaced, and what the other side's ids must exist in. */
export interface LinkSide {
  table: SQLiteTable;
  ownerColumn: SQLiteColumn;
  row: (ownerId: number, targetId: number) => Record<string, number>;
  target: { table: SQLiteTable; idColumn: SQLiteColumn; field: string };
}

/** Replaces all links of one owner at once; unknown target ids are refused and nothing changes. */
export async function replaceLinks(db: Db, side: LinkSide, ownerId: number, targetIds: number[]) {
  const ids = await assertIdsExist(db, side.target.table, side.target.idColumn, targetIds, side.target.field);
  await atomically(db, [
    db.delete(side.table).where(eq(side.ownerColumn, ownerId)),
    ...chunkedInserts(db, side.table, ids.map((targetId) => side.row(ownerId, targetId))),
  ]);
  return ids;
}
