import { and, asc, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { SessionUser } from '../contracts/site';
import type { SubjectRow, SubjectStatusValue } from '../contracts/subjects';
import type { Db } from './client';
import { subjects, type Subject } from './schema';
import { passwordSetEffects } from './sessions';

/** A subject as the session and the profile show it. */
export const toSessionUser = (s: Subject): SessionUser => ({
  id: s.id,
  username: s.username,
  firstName: s.firstName,
  secondName: s.secondName,
  phone: s.phone,
  subject: s.subject,
  isAdmin: s.isAdmin,
});

/** A subject as replies name who did something (`{id, name}`). */
export const toNamedRef = (s: Pick<Subject, 'id' | 'firstName' | 'secondName'>) => ({ id: s.id, name: `${s.firstName} ${s.secondName}` });

/** A subject as the administrator's lists show it. */
export const toSubjectRow = (s: Subject): SubjectRow => ({
  ...toSessionUser(s),
  status: s.status,
  createdAt: s.createdAt.toISOString(),
});

/** The UNIQUE COLLATE NOCASE index is the real guard against a taken username; this recognises its failure. */
export const isUniqueViolation = (err: unknown) =>
  err instanceof Error &&
  /UNIQUE constraint failed: subjects\.username|subjects_username_nocase/.test(
    String(err.message) + String((err as { cause?: unknown }).cause),
  );

/** A subject by id, or by username in any case. */
export const findSubject = async (db: Db, key: { id: number } | { username: string }): Promise<Subject | undefined> =>
  (
    await db
      .select()
      .from(subjects)
      .where('id' in key ? eq(subjects.id, key.id) : sql`${subjects.username} = ${key.username} COLLATE NOCASE`)
  )[0];

/** The subjects with these ids (each once). */
export async function subjectsByIds(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  return unique.length ? db.select().from(subjects).where(inArray(subjects.id, unique)) : [];
}

/** Subjects (of one status, if given), newest first. */
export const selectSubjectRows = async (db: Db, status?: SubjectStatusValue) =>
  (
    await db
      .select()
      .from(subjects)
      .where(status ? eq(subjects.status, status) : undefined)
      .orderBy(desc(subjects.id))
  ).map(toSubjectRow);

/** Every active subject as the link tabs name them, "First Second <e-mail>", by second name. */
export const selectSubjectNames = (db: Db) =>
  db
    .select({
      id: subjects.id,
      name: sql<string>`${subjects.firstName} || ' ' || ${subjects.secondName} || ' <' || ${subjects.username} || '>'`,
    })
    .from(subjects)
    .where(eq(subjects.status, 'active'))
    .orderBy(asc(subjects.secondName));

export async function countActiveAdmins(db: Db) {
  const [row] = await db
    .select({ n: count() })
    .from(subjects)
    .where(and(eq(subjects.isAdmin, true), eq(subjects.status, 'active')));
  return row.n;
}

export const insertSubject = async (db: Db, values: typeof subjects.$inferInsert) =>
  (await db.insert(subjects).values(values).returning())[0];

/**
 * Updates a subject; with a new password hash, in the same batch, ends its sessions but `keepSession` and uses up
 * its outstanding reset links.
 */
export async function updateSubject(
  db: Db,
  {
    id,
    values,
    passwordHash,
    keepSession,
  }: { id: number; values: Partial<typeof subjects.$inferInsert>; passwordHash?: string; keepSession?: string },
) {
  const update = db
    .update(subjects)
    .set({ ...values, ...(passwordHash ? { passwordHash } : {}) })
    .where(eq(subjects.id, id))
    .returning();
  const [[row]] = await db.batch([update, ...(passwordHash ? passwordSetEffects(db, { subjectId: id, keepSession }) : [])]);
  return row;
}

export const setPasswordHash = (db: Db, id: number, passwordHash: string) =>
  db.update(subjects).set({ passwordHash }).where(eq(subjects.id, id));

/** Decides a pending registration; undefined when it is no longer pending. */
export const decidePending = async (db: Db, { id, status, by }: { id: number; status: 'active' | 'rejected'; by: number }) =>
  (
    await db
      .update(subjects)
      .set({ status, approvedAt: new Date(), approvedBy: by })
      .where(and(eq(subjects.id, id), eq(subjects.status, 'pending')))
      .returning()
  )[0];

export const deleteSubjectRow = (db: Db, id: number) => db.delete(subjects).where(eq(subjects.id, id));
