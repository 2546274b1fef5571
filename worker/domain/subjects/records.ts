import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { subjects } from '../../db/schema';
import type { SessionUser } from '../../contracts/site';
import type { SubjectRow } from '../../contracts/subjects';
import type { Subject } from '../../db/schema';
import { notFound } from '../errors';

export const sameUsername = (username: string) => sql`${subjects.username} = ${username} COLLATE NOCASE`;

export async function findByUsername(db: Db, username: string): Promise<Subject | undefined> {
  const [row] = await db.select().from(subjects).where(sameUsername(username)).limit(1);
  return row;
}

export async function getSubject(db: Db, id: number): Promise<Subject> {
  const row = await db.query.subjects.findFirst({ where: (s, { eq }) => eq(s.id, id) });
  if (!row) throw notFound('Subject');
  return row;
}

export const toSessionUser = (s: Subject): SessionUser => ({
  id: s.id,
  username: s.username,
  firstName: s.firstName,
  secondName: s.secondName,
  phone: s.phone,
  subject: s.subject,
  isAdmin: s.isAdmin,
});

export const toSubjectRow = (s: Subject): SubjectRow => ({
  ...toSessionUser(s),
  status: s.status,
  createdAt: s.createdAt.toISOString(),
});

/** The UNIQUE COLLATE NOCASE index is the real guard; this maps its failure to a 409. */
export const isUniqueViolation = (err: unknown) =>
  err instanceof Error && /UNIQUE constraint failed: subjects\.username|subjects_username_nocase/.test(String(err.message) + String((err as { cause?: unknown }).cause));
