import { and, desc, eq, sql } from 'drizzle-orm';
import type { ApiToken } from '../contracts/api-tokens';
import type { Db } from './client';
import { apiTokens, subjects } from './schema';

type ApiTokenRow = typeof apiTokens.$inferSelect;

/** A stored token as the API shows it (never its hash). */
export const toApiToken = (row: ApiTokenRow): ApiToken => ({
  id: row.id,
  name: row.name,
  created_at: row.createdAt.toISOString(),
  last_used_at: row.lastUsedAt?.toISOString() ?? null,
});

/** A subject's tokens, newest first. */
export const selectApiTokens = (db: Db, subjectId: number) =>
  db.select().from(apiTokens).where(eq(apiTokens.subjectId, subjectId)).orderBy(desc(apiTokens.id));

/** Stores a new token unless the subject already holds `limit`: one statement, so parallel creates cannot pass it. */
export async function insertApiToken(db: Db, row: { subjectId: number; name: string; tokenHash: string; createdAt: Date }, limit: number) {
  const [stored] = await db
    .insert(apiTokens)
    .select(
      db
        .select({
          id: sql`NULL`.as('id'),
          subjectId: sql`${row.subjectId}`.as('subject_id'),
          name: sql`${row.name}`.as('name'),
          tokenHash: sql`${row.tokenHash}`.as('token_hash'),
          createdAt: sql`${row.createdAt.getTime()}`.as('created_at'),
          lastUsedAt: sql`NULL`.as('last_used_at'),
        })
        .from(sql`(SELECT 1)`)
        .where(sql`(SELECT count(*) FROM ${apiTokens} WHERE ${apiTokens.subjectId} = ${row.subjectId}) < ${limit}`),
    )
    .returning();
  return stored as ApiTokenRow | undefined;
}

/** Deletes one of a subject's tokens; whether it held it. */
export async function deleteApiToken(db: Db, subjectId: number, id: number) {
  const gone = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.subjectId, subjectId)))
    .returning({ id: apiTokens.id });
  return gone.length > 0;
}

/** A token by its hash, with its owner, in one query. */
export async function findApiToken(db: Db, tokenHash: string) {
  const [row] = await db
    .select({ id: apiTokens.id, lastUsedAt: apiTokens.lastUsedAt, subject: subjects })
    .from(apiTokens)
    .innerJoin(subjects, eq(subjects.id, apiTokens.subjectId))
    .where(eq(apiTokens.tokenHash, tokenHash));
  return row;
}

export async function touchApiToken(db: Db, id: number, at: Date) {
  await db.update(apiTokens).set({ lastUsedAt: at }).where(eq(apiTokens.id, id));
}
