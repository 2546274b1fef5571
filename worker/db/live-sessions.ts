import { and, eq, gt } from 'drizzle-orm';
import { inJson } from './batch';
import type { Db } from './client';
import { sessions, subjects } from './schema';

/** Of these sessions (ids), those still running whose subject may still sign in. */
export const selectLiveSessions = async (db: Db, ids: string[], now: number) =>
  (
    await db
      .select({ id: sessions.id })
      .from(sessions)
      .innerJoin(subjects, eq(subjects.id, sessions.subjectId))
      .where(and(inJson(sessions.id, ids), gt(sessions.expiresAt, new Date(now)), eq(subjects.status, 'active')))
  ).map((r) => r.id);
