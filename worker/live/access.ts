import type { Db } from '../db/client';
import { subjects } from '../db/schema';
import { inArray } from 'drizzle-orm';
import { visibleStations } from '../domain/items/visibility';
import { watcherOf } from './directory';
import type { EndedSessions } from './watcher';

/** A subject's sessions ended: their open pages' sockets close at once. */
export const endLiveSessions = (env: Cloudflare.Env, subjectId: number, ended: EndedSessions) => watcherOf(env, subjectId).endSessions(ended);

/** Links, groups or roles changed: each subject's open pages keep receiving only the stations it may still see. */
export async function refreshLiveAccess(env: Cloudflare.Env, db: Db, subjectIds: number[]) {
  const unique = [...new Set(subjectIds)];
  if (!unique.length) return;
  const rows = await db.select().from(subjects).where(inArray(subjects.id, unique));
  await Promise.all(rows.map(async (subject) => watcherOf(env, subject.id).restrict(await visibleStations(db, subject))));
}
