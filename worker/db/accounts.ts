import { inArray } from 'drizzle-orm';
import type { Db } from './client';
import { subjects } from './schema';

/** The subjects with these ids (each once). */
export async function subjectsByIds(db: Db, ids: number[]) {
  const unique = [...new Set(ids)];
  return unique.length ? db.select().from(subjects).where(inArray(subjects.id, unique)) : [];
}
